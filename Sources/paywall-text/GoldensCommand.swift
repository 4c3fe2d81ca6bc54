import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallText
import PaywallTextGoldens

/// `paywall-text goldens`: renders every golden file with the same code as the tests.
struct GoldensCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "goldens",
        abstract: "Check, re-record or print Goldens/<locale>.txt for every localization.",
        discussion: """
        Without --record, compares each file with freshly rendered output, prints a unified \
        diff for each one that differs and exits 1. With --record, writes the files that are \
        missing or differ and lists them. With --catalogs, the sentences come from a folder \
        being edited (Locales, say), so the diff shows what an edit changes, without \
        rebuilding. With --print, writes the rendered text to standard output instead.
        """
    )

    @Flag(help: "Write the files that are missing or differ.")
    var record = false

    @Flag(name: .customLong("print"), help: "Print the rendered files instead of comparing them.")
    var printOnly = false

    @Option(help: "The package folder that holds Goldens/.")
    var directory: String = "."

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
        let catalogs = catalogDirectory.map(CatalogSource.directory) ?? .embedded
        let selected = GoldenLocales.all.filter { locales.isEmpty || locales.contains($0.locale) }
        if printOnly {
            for (catalog, locale) in selected {
                do {
                    print(try GoldenFile.render(catalog: catalog, locale: locale, catalogs: catalogs), terminator: "")
                } catch {
                    printError("error: \(locale): \(error)")
                    throw ExitCode.failure
                }
            }
            return
        }
        let verifier = GoldenVerifier(
            packageRoot: URL(fileURLWithPath: directory),
            mode: record ? .failed : .never,
            recordCommand: "swift run paywall-text goldens --record")
        var failures = 0
        var written = 0
        for (catalog, locale) in selected {
            switch verifier.verify(catalog: catalog, locale: locale, catalogs: catalogs) {
            case .matched:
                print("ok        Goldens/\(locale).txt")
            case .recorded:
                written += 1
                print("recorded  Goldens/\(locale).txt")
            case .failed(let message):
                failures += 1
                printError(message)
                print("FAILED    Goldens/\(locale).txt")
            }
        }
        print("\(selected.count) golden files: \(written) recorded, \(failures) failed")
        if failures > 0 {
            throw ExitCode.failure
        }
    }
}
