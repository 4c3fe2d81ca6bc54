import ArgumentParser
import PaywallText

/// `paywall-text lint`: checks every catalog in a folder.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check the message catalogs in Locales/.",
        discussion: """
        Checks MessageFormat syntax, keys missing or extra versus en.json, arguments a \
        message does not receive, plural categories the locale needs, and (as warnings) \
        messages identical to English. Each problem names the file, the key and the \
        reason. Exits 1 when there is an error.
        """
    )

    @Option(name: .customLong("catalogs"), help: ArgumentHelp("The folder of catalogs.", valueName: "dir"))
    var catalogDirectory: String = "Locales"

    func run() throws {
        let report: CatalogLintReport
        do {
            report = try CatalogLintReport(directory: catalogDirectory)
        } catch {
            printError("error: \(error)")
            throw ExitCode.failure
        }
        for problem in report.problems {
            if problem.isError { printError(problem.description) } else { print(problem.description) }
        }
        print("\(report.catalogCount) catalogs: \(report.errorCount) errors, \(report.warningCount) warnings")
        if report.errorCount > 0 {
            throw ExitCode.failure
        }
    }
}
