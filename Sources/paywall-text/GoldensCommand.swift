import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallTextGoldens

/// `paywall-text goldens`: renders every golden file with the same code as the tests.
struct GoldensCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "goldens",
        abstract: "Check or re-record Goldens/<catalog>.txt for every catalog locale.",
        discussion: """
        Without --record, compares each file with freshly rendered output, prints a unified \
        diff for each one that differs and exits 1. With --record, writes the files that are \
        missing or differ and lists them.
        """
    )

    @Flag(help: "Write the files that are missing or differ.")
    var record = false

    @Option(help: "The package folder that holds Goldens/.")
    var directory: String = "."

    func run() throws {
        let verifier = GoldenVerifier(
            packageRoot: URL(fileURLWithPath: directory),
            mode: record ? .failed : .never,
            recordCommand: "swift run paywall-text goldens --record")
        var failures = 0
        var written = 0
        for (catalog, locale) in GoldenLocales.all {
            switch verifier.verify(catalog: catalog, locale: locale) {
            case .matched:
                print("ok        Goldens/\(catalog).txt")
            case .recorded:
                written += 1
                print("recorded  Goldens/\(catalog).txt")
            case .failed(let message):
                failures += 1
                printError(message)
                print("FAILED    Goldens/\(catalog).txt")
            }
        }
        print("\(GoldenLocales.all.count) golden files: \(written) recorded, \(failures) failed")
        if failures > 0 {
            throw ExitCode.failure
        }
    }
}
