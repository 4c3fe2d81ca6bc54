import ArgumentParser
import PaywallText

/// `paywall-text lint`: checks every catalog in a folder, or a copy folder.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check the message catalogs in Locales/, or your own copy folder.",
        discussion: """
        Checks MessageFormat syntax, keys missing or extra versus en.json, arguments a \
        message does not receive, plural categories the locale needs, and (as warnings) \
        messages identical to English. With --copy DIR, checks that copy folder instead \
        (and the catalogs too when --catalogs is given): arguments and their kinds, select \
        values and plural categories, keys a language lacks. Each problem names the file, \
        the key and the reason; both check the spacing French typography requires around \
        punctuation (an error in the catalogs, a warning in a copy folder). Exits 1 when \
        there is an error, and with --strict when there is a warning too.
        """
    )

    @Option(name: .customLong("catalogs"), help: ArgumentHelp("The folder of catalogs (default: Locales).", valueName: "dir"))
    var catalogDirectory: String?

    @Option(name: .customLong("copy"), help: ArgumentHelp("A copy folder of your own messages (en.json the source).", valueName: "dir"))
    var copyDirectory: String?

    @Flag(name: .customLong("strict"), help: "Exit 1 when there is a warning too.")
    var strict = false

    func run() throws {
        var errors = 0, warnings = 0
        if copyDirectory == nil || catalogDirectory != nil {
            let directory = catalogDirectory ?? "Locales"
            errors += try report("catalogs", warnings: &warnings) { () throws(PaywallTextError) in
                let report = try CatalogLintReport(directory: directory)
                return (report.files.count, report.problems)
            }
        }
        if let copyDirectory {
            errors += try report("copy files", warnings: &warnings) { () throws(PaywallTextError) in
                let report = try CatalogLintReport.copy(directory: copyDirectory)
                return (report.files.count, report.problems)
            }
        }
        if errors > 0 || (strict && warnings > 0) {
            throw ExitCode.failure
        }
    }

    /// Prints a folder's problems (errors on standard error) and its summary line.
    ///
    /// - Returns: The number of errors.
    private func report(
        _ what: String, warnings: inout Int, _ lint: () throws(PaywallTextError) -> (files: Int, problems: [CatalogProblem])
    ) throws -> Int {
        let files: Int, problems: [CatalogProblem]
        do {
            (files, problems) = try lint()
        } catch {
            printError("error: \(error)")
            throw ExitCode.failure
        }
        for problem in problems {
            if problem.isError { printError(problem.description) } else { print(problem.description) }
        }
        let errors = problems.filter(\.isError).count
        print("\(files) \(what): \(errors) errors, \(problems.count - errors) warnings")
        warnings += problems.count - errors
        return errors
    }
}
