import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallText
import PaywallTextGoldens
import PaywallTextReview

/// `paywall-text review`: writes the translators' review site.
struct ReviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Write the translators' review site: every message rendered, with its golden files.",
        discussion: """
        Writes DIR/index.html, with every catalog's lint errors and warnings, messages \
        identical to English, the translators' open points (NOTES.md) and direction, and \
        DIR/<catalog>.html for each catalog: every message beside its English source and \
        note, rendered for every plural category and unit, and its golden files as \
        recorded beside the same files rendered now, changed lines highlighted. Plain HTML \
        that works from file:// without JavaScript. With --catalogs Locales, a translator \
        edits Locales/xx.json, runs the same command and reloads the page.
        """
    )

    @Option(name: .customLong("locale"), help: "Only the pages of the catalogs serving this locale (ru-RU, en-GB). Repeatable.")
    var locales: [String] = []

    @Option(name: .customLong("catalogs"), help: ArgumentHelp(
        "Review the catalogs of this folder instead of the built-in ones (its NOTES.md too).", valueName: "dir"))
    var catalogDirectory: String?

    @Option(name: .customLong("goldens"), help: ArgumentHelp(
        "The folder of the recorded golden files (default: Goldens, when it exists).", valueName: "dir"))
    var goldensDirectory: String?

    @Option(help: ArgumentHelp("The folder to write the site to.", valueName: "dir"))
    var output: String

    @Option(name: .customLong("copy"), help: ArgumentHelp(
        "Also review this copy folder of your own messages: a page per language, every key rendered.", valueName: "dir"))
    var copyDirectory: String?

    func validate() throws {
        try validateLocales(locales)
        if let goldensDirectory, !isDirectory(goldensDirectory) {
            throw ValidationError("--goldens \(goldensDirectory): no such folder")
        }
    }

    func run() throws {
        let options = ReviewSite.Options(
            catalogDirectory: catalogDirectory,
            goldensDirectory: goldensDirectory ?? (isDirectory("Goldens") ? "Goldens" : nil),
            notesFile: notesFile,
            locales: locales,
            output: output,
            copyDirectory: copyDirectory)
        let written: ReviewSite.Written
        do {
            written = try ReviewSite.write(options) { page in
                print("wrote \(page.path): \(page.summary)")
            }
        } catch {
            printError("error: \(error)")
            switch error.kind {
            case .usage: throw Exit.usage
            case .noInput: throw Exit.noInput
            case .output: throw ExitCode.failure
            }
        }
        for name in written.skipped {
            printError("warning: no page for \(name): its file could not be read (see the index)")
        }
        print("index \(written.index)")
    }

    /// `<catalogs>/NOTES.md`, or `Locales/NOTES.md` for the built-in catalogs, when it exists.
    private var notesFile: String? {
        let path = catalogDirectory.map { ($0.hasSuffix("/") ? $0 : $0 + "/") + "NOTES.md" } ?? "Locales/NOTES.md"
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    private func isDirectory(_ path: String) -> Bool {
        var isDirectory = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory
    }
}
