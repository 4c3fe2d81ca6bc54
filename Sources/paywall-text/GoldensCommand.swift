import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallText
import PaywallTextGoldens
import PaywallTextSupport

/// `paywall-text goldens`: renders every golden file with the same code as the tests.
struct GoldensCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "goldens",
        abstract: "Check, re-record or print Goldens/<locale>.txt for every localization.",
        discussion: """
        Compares each file with freshly rendered output, prints a unified diff for each one \
        that differs and exits 1 (record mode never, the default here). With --record, the \
        record mode of the golden files and snapshots: missing writes the files that are \
        missing, failed also those that differ, all every file. With --catalogs, the \
        sentences come from a folder being edited (Locales, say), so the diff shows what an \
        edit changes, without rebuilding. With --print, writes the rendered text to \
        standard output instead.
        """
    )

    @Option(help: ArgumentHelp("Record mode: never (default), missing, failed or all.", valueName: "mode"))
    var record: RecordMode = .never

    @Flag(name: .customLong("print"), help: "Print the rendered files instead of comparing them.")
    var printOnly = false

    @Option(name: .customLong("goldens"), help: ArgumentHelp("The folder of the golden files.", valueName: "dir"))
    var goldenDirectory: String = "Goldens"

    @Option(name: .customLong("catalogs"), help: ArgumentHelp("Render with the catalogs of this folder.", valueName: "dir"))
    var catalogDirectory: String?

    @Option(name: .customLong("locale"), help: "Only the golden file of this locale (en-GB, ar-SA). Repeatable.")
    var locales: [String] = []

    func validate() throws {
        let known = GoldenLocales.all.map(\.locale)
        for locale in locales where !known.contains(locale) {
            throw ValidationError("--locale \(locale): no golden file; the golden locales are \(known.joined(separator: ", "))")
        }
    }

    func run() throws {
        let catalogs: Catalogs
        do {
            catalogs = try catalogDirectory.map { directory throws(PaywallTextError) in try Catalogs(directory: directory) } ?? .builtIn
        } catch {
            throw folderFailure("--catalogs", catalogDirectory ?? "", error)
        }
        let selected = GoldenLocales.all.filter { locales.isEmpty || locales.contains($0.locale) }
        // Every file rendered at once on every core; each is then printed or compared in order.
        let texts = selected.map { (catalog: $0.catalog, locale: $0.locale) }.concurrentMap { golden in
            Result { () throws(PaywallTextError) in try GoldenFile.render(catalog: golden.catalog, locale: golden.locale, catalogs: catalogs) }
        }
        if printOnly {
            for ((_, locale), text) in zip(selected, texts) {
                do {
                    print(try text.get(), terminator: "")
                } catch {
                    printError("error: \(locale): \(error)")
                    throw ExitCode.failure
                }
            }
            return
        }
        let folder = URL(fileURLWithPath: goldenDirectory)
        let verifier = GoldenVerifier(
            directory: folder, displayName: goldenDirectory, mode: record, artifacts: nil,
            defaultArtifacts: folder.deletingLastPathComponent().appendingPathComponent(".build/paywall-text-artifacts"),
            recordCommand: "swift run paywall-text goldens --record {mode}")
        var failures = 0
        var written = 0
        for ((_, locale), text) in zip(selected, texts) {
            switch verifier.verify(name: locale, render: { () throws(PaywallTextError) in try text.get() }) {
            case .matched:
                print("ok        \(goldenDirectory)/\(locale).txt")
            case .recorded:
                written += 1
                print("recorded  \(goldenDirectory)/\(locale).txt")
            case .failed(let message):
                failures += 1
                printError(message)
                print("FAILED    \(goldenDirectory)/\(locale).txt")
            }
        }
        print("\(selected.count) golden files: \(written) recorded, \(failures) failed")
        if failures > 0 {
            throw ExitCode.failure
        }
    }
}
