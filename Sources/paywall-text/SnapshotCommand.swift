import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallText
import PaywallTextGoldens

/// `paywall-text snapshot`: snapshot files of a user's own products, checked like the
/// package's golden files.
struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Check (or record) one snapshot file per locale of your own products.",
        discussion: """
        Renders every product of FILE (any --input format) in every --locale into \
        <snapshots>/<locale>.txt, in the golden files' format, and compares it with the file there. \
        The record mode comes from --record, else PAYWALL_TEXT_RECORD, else "missing": \
        never (CI: a missing or different file fails), missing (write new files only), \
        failed (re-record the files that differ), all (rewrite every file). \
        Exit codes: 0 when every file matches or was recorded as asked; 1 when any file is \
        missing or differs and was not recorded (a unified diff and the command that \
        re-records it are printed, and the actual text is written to --artifacts); 64, 65, \
        66 as for render, for a bad command line or input that cannot be read at all.
        """
    )

    @Argument(help: "A JSON file of products, or - for standard input.")
    var file: String

    @Option(help: "The input's format: \(InputFormat.choiceNames.joined(separator: ", ")).")
    var input: InputChoice = .auto

    @Option(name: .customLong("locale"), help: "A display locale, BCP 47 (pt-BR) or ICU (pt_BR); one file each. Repeatable.")
    var locales: [String] = []

    @OptionGroup var rendering: RenderingArguments

    @Option(name: .customLong("snapshots"), help: ArgumentHelp("The folder of the snapshot files.", valueName: "dir"))
    var snapshotDirectory: String = "PaywallTextSnapshots"

    @Option(help: ArgumentHelp("Record mode: never, missing, failed or all (default: PAYWALL_TEXT_RECORD, else missing).", valueName: "mode"))
    var record: RecordMode?

    @Option(help: ArgumentHelp(
        "Where the actual text of a file that differs is written (default: PAYWALL_TEXT_ARTIFACTS, else .build/paywall-text-artifacts).",
        valueName: "dir"))
    var artifacts: String?

    func validate() throws {
        try validateLocales(locales, required: true)
        if let duplicate = Dictionary(grouping: locales, by: { $0 }).first(where: { $0.value.count > 1 })?.key {
            throw ValidationError("--locale \(duplicate) is named twice")
        }
        _ = try mode()
    }

    private func mode() throws -> RecordMode {
        if let record { return record }
        do {
            return try RecordMode.fromEnvironment()
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// This command line with `--record {mode}` in place of any record setting.
    private var recordCommand: String {
        var arguments: [String] = []
        var skip = false
        for argument in CommandLine.arguments.dropFirst() {
            if skip { skip = false; continue }
            if argument == "--record" { skip = true; continue }
            if argument.hasPrefix("--record=") { continue }
            arguments.append(argument.contains(" ") ? "'\(argument)'" : argument)
        }
        return "swift run paywall-text " + arguments.joined(separator: " ") + " --record {mode}"
    }

    func run() throws {
        let instant = try rendering.reading.instant()
        let document = try DocumentInput.read(file, format: input.format, options: rendering.readOptions(at: instant))
        let items = document.items
        if items.isEmpty, document.problems.contains(where: { $0.severity == .error }) {
            // A document no reader reads has no snapshot: what it is goes to standard error.
            for problem in document.problems {
                printError("\(problem.severity.rawValue): \(problem.path.isEmpty ? "the document" : problem.path): \(problem.error.message)")
            }
            throw Exit.dataError
        }
        try rendering.checkSavingsReference(in: items)
        let dir = snapshotDirectory
        let run = SnapshotRun(document: document, locales: locales, catalogs: try rendering.catalogs(), copy: try rendering.copy(),
                              options: try rendering.options(at: instant),
                              verifier: GoldenVerifier(
            directory: URL(fileURLWithPath: dir), displayName: dir.hasSuffix("/") ? String(dir.dropLast()) : dir,
            mode: try mode(), artifacts: artifacts.map { URL(fileURLWithPath: $0) },
            defaultArtifacts: URL(fileURLWithPath: ".build/paywall-text-artifacts"),
            recordCommand: recordCommand))
        var failed = 0
        var recorded = 0
        for result in run.verify() {
            switch result.outcome {
            case .matched:
                print("ok        \(result.file)")
            case .recorded(_, let change):
                recorded += 1
                if let change { printError(change) }
                print("recorded  \(result.file)")
            case .failed(let message):
                failed += 1
                printError(message)
                print("FAILED    \(result.file)")
            }
        }
        let unrendered = items.filter { if case .failure = $0.result { true } else { false } }.count
        var summary = "\(locales.count) snapshot files of \(items.count) products: \(recorded) recorded, \(failed) failed"
        if unrendered > 0 { summary += "; \(unrendered) products could not be read (their errors are in the files)" }
        print(summary)
        let others = run.otherFiles()
        if !others.isEmpty {
            print("note: \(run.verifier.displayName) also holds \(others.joined(separator: ", ")), not checked in this run")
        }
        if failed > 0 {
            throw ExitCode.failure
        }
    }
}
