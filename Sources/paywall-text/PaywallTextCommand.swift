import ArgumentParser
import PaywallText

/// `paywall-text`: localized App Store paywall text from the command line.
@main
struct PaywallTextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "paywall-text",
        abstract: "Localized paywall text for App Store subscription offers.",
        discussion: """
        Exit codes: 0 success, 64 usage error, 65 bad input data (every good item \
        is still rendered), 66 missing input file.
        """,
        version: versionText,
        subcommands: [RenderCommand.self, CheckCommand.self, GoldensCommand.self, SnapshotCommand.self, LintCommand.self, ReviewCommand.self]
    )
}

/// What `paywall-text --version` prints: the package's version, then the ICU and CLDR
/// versions every number, unit and message is formatted with (the system's ICU, found at
/// run time).
let versionText = "paywall-text \(PaywallRenderer.packageVersion)\nICU \(PaywallRenderer.icuVersion), CLDR \(PaywallRenderer.cldrVersion)"

/// Exit codes of the tool (sysexits.h).
enum Exit {
    static let usage = ExitCode(64)
    static let dataError = ExitCode(65)
    static let noInput = ExitCode(66)
}

/// Checks `--locale` values: each must be a locale ICU has data for, and with `required`
/// there must be at least one.
func validateLocales(_ locales: [String], required: Bool = false) throws {
    if required, locales.isEmpty {
        throw ValidationError("Name at least one --locale, e.g. --locale en-US.")
    }
    for locale in locales {
        do {
            _ = try PaywallRenderer.canonicalLocale(locale)
        } catch {
            throw ValidationError("--locale \(locale): \(error.message)")
        }
    }
}
