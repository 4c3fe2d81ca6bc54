import Foundation
@testable import PaywallText
import Testing

/// A copy folder in memory: files by language, each with messages by key.
func copyFiles(_ files: [String: [String: String]], notes: [String: String] = [:]) -> [Catalog] {
    files.keys.sorted().map { name in
        Catalog(name: name, file: "\(name).json", messages: files[name]!, notes: name == "en" ? notes : [:])
    }
}

/// A copy folder on disk: `<folder>/<language>.json` in the catalogs' format.
func copyFolder(_ files: [String: [String: String]]) throws -> TemporaryFolder {
    let folder = try TemporaryFolder("copy")
    for (name, messages) in files {
        try writeCopyFile(messages, language: name, in: folder)
    }
    return folder
}

func writeCopyFile(_ messages: [String: String], language: String, in folder: TemporaryFolder) throws {
    let json: [String: Any] = ["locale": language, "messages": messages]
    try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys])
        .write(to: folder.appendingPathComponent("\(language).json"))
}

/// The checks of `paywall-text lint --copy` and of loading a copy folder: each problem names
/// the file and the key.
@Suite("Copy folder checks")
struct CopyLintTests {
    /// The problems of a folder whose source has `source` and whose `fr.json` (or another
    /// language) has `messages`, as `file: key: severity: message`.
    private func lint(_ messages: [String: String], language: String = "fr", source: [String: String]? = nil) -> [String] {
        let english = source ?? messages.mapValues { _ in "Text" }
        return CopyLinter.lint(copyFiles(["en": english, language: messages])).map(\.description)
    }

    @Test func aCleanFolderHasNoProblem() {
        #expect(lint(["badge": "Économisez {savings} {unit, select, year {cette année} month {ce mois-ci} week {cette semaine} other {ce jour}}"]) == [])
    }

    /// `when` names keyword arguments and values they take, in the source; another
    /// language's is not used, and says so.
    @Test func whenNamesKeywordArgumentsAndTheirValues() {
        let keys = ["a": "A", "b": "B", "c": "C", "d": "D"]
        let files = [
            Catalog(name: "en", file: "en.json", messages: keys, conditions: [
                "a": ["plan": ["renewing", "lease"]], "b": ["price": ["x"]], "c": ["plan": []], "d": ["plan": ["prepaid"]]]),
            Catalog(name: "fr", file: "fr.json", messages: keys, conditions: ["d": ["plan": ["renewing"]]]),
        ]
        #expect(CopyLinter.lint(files).map(\.description) == [
            "en.json: a: error: \"when\": plan is never \"lease\"; it is one of renewing, commitment, prepaid, oneTime",
            "en.json: b: error: \"when\" names \"price\", which is no keyword argument; it takes unit, offerUnit, offerPaymentMode, plan",
            "en.json: c: error: \"when\": plan lists no value, so the message would never be shown; give some of renewing, commitment, prepaid, oneTime",
            "fr.json: d: warning: \"when\" is read from the source en.json only, for every language: this one is not used",
        ])
        // A built-in catalog has no `when`.
        let catalog = Catalog(name: "en", file: "en.json", messages: [:], conditions: ["price.free": ["plan": ["renewing"]]])
        #expect(CatalogLinter.lint(catalog, english: nil).contains { $0.location.key == "price.free" && $0.message.hasPrefix("\"when\" is for a copy folder") })
    }

    /// A whole-offer argument beside a first-phase one is a warning, unless a choice on
    /// `offerPhases` keeps the pair to an offer of one phase.
    @Test func aWholeOfferArgumentBesideAFirstPhaseOneIsAWarning() {
        func warns(_ message: String) -> Bool {
            CopyLinter.lint(copyFiles(["en": ["badge": message]])).contains { $0.message.contains("(the whole offer) stands beside") }
        }
        #expect(warns("{discount} off for {offerDuration}"))
        #expect(warns("{offerSummary} ({offerPrice})"))
        #expect(warns("{discount} off your first {offerCount, plural, one {# week} other {# weeks}}"), "a count placed by #")
        #expect(warns("{offerPaymentMode, select, payUpFront {{discount} off for {offerDuration}} other {{offerSummary}}}"))
        #expect(!warns("{offerPhases, plural, =1 {{discount} off for {offerDuration}} other {{discount} off for {offerTotalDuration}}}"))
        #expect(!warns("{discount} off for {offerTotalDuration}"))
        #expect(!warns("Start with {offerPrice} for {offerDuration}"))
    }

    @Test func unknownArgument() {
        #expect(lint(["badge": "Essai de {trialLength}"]).first?
            .hasPrefix("fr.json: badge: error: unknown argument {trialLength}; this message receives {count}, {discount}, {offerCount}") == true)
    }

    @Test func pluralOnAText() {
        #expect(lint(["badge": "{price, plural, one {a} other {b}}"]) ==
                ["fr.json: badge: error: {price, plural} needs a number; plural works on {count} or {offerCount} or {offerPhases} or {savingsPercent}"])
    }

    @Test func selectOnANumberOrAText() {
        let expected = "select works on {offerPaymentMode} or {offerUnit} or {plan} or {unit}"
        #expect(lint(["badge": "{count, select, month {a} other {b}}"]) == ["fr.json: badge: error: {count, select} needs a keyword; \(expected)"])
        #expect(lint(["badge": "{planName, select, Monthly {a} other {b}}"]) == ["fr.json: badge: error: {planName, select} needs a keyword; \(expected)"])
    }

    @Test func keywordShownAsText() {
        // `{unit}` would print `month`, in English, inside a French sentence.
        #expect(lint(["badge": "Chaque {unit}"]).first?.hasPrefix("fr.json: badge: error: {unit} would print the keyword itself (day, week, month, year), in English") == true)
        #expect(lint(["badge": "Mode {offerPaymentMode}"]).first?
            .hasPrefix("fr.json: badge: error: {offerPaymentMode} would print the keyword itself (freeTrial, payAsYouGo, payUpFront), in English") == true)
    }

    @Test func selectWithoutOther() {
        let problems = lint(["badge": "{unit, select, month {ce mois-ci} year {cette année}}"])
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("fr.json: badge: error: a plural or select has no 'other' case") == true, "\(problems)")
    }

    @Test func selectWithValuesTheArgumentNeverTakes() {
        #expect(lint(["badge": "{unit, select, monthly {mensuel} other {autre}}"]) ==
                ["fr.json: badge: error: {unit, select} has monthly; units are day, week, month, year (and other)"])
        #expect(lint(["badge": "{offerPaymentMode, select, trial {essai} other {offre}}"]) ==
                ["fr.json: badge: error: {offerPaymentMode, select} has trial; {offerPaymentMode} is freeTrial, payAsYouGo, payUpFront (and other)"])
    }

    @Test func messageICUCannotParse() {
        let problems = lint(["badge": "Économisez {savings"])
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("fr.json: badge: error: syntax error") == true, "\(problems)")
    }

    @Test func numberSignOutsideAPlural() {
        #expect(lint(["badge": "{unit, select, month {# mois} other {# ans}}"]).first?
            .hasPrefix("fr.json: badge: error: a # that is not directly in a plural's case is printed as '#'") == true)
    }

    @Test func privateUseCharacterTheRendererReserves() {
        #expect(lint(["badge": "Prix \u{F0001}"]) == ["fr.json: badge: error: U+F0001 is a private-use character the renderer reserves"])
    }

    @Test func fileNameThatIsNoLocale() {
        #expect(lint(["badge": "x"], language: "xx-QQ-bad").first?.hasPrefix("xx-QQ-bad.json: error: the file name") == true)
    }

    @Test func sourceMissing() {
        let problems = CopyLinter.lint(copyFiles(["fr": ["badge": "x"]])).map(\.description)
        #expect(problems == ["en.json: error: the source file en.json is missing: every language falls back to its messages"])
    }

    @Test func keyMissingInALanguageIsAWarning() {
        let problems = lint(["badge": "Badge"], source: ["badge": "Badge", "title": "Title"])
        #expect(problems == ["fr.json: title: warning: missing; fr readers get the source message of en.json whole, in English"])
        // A regional file takes what it lacks from its language's file, in the same language.
        let regional = CopyLinter.lint(copyFiles(["en": ["badge": "Badge", "title": "Title"], "fr": ["badge": "Badge", "title": "Titre"],
                                                   "fr-CA": ["badge": "Insigne"]])).map(\.description)
        #expect(regional == [])
    }

    @Test func keyTheSourceLacksIsAWarning() {
        #expect(lint(["badge": "Badge", "extra": "En plus"], source: ["badge": "Badge"]) ==
                ["fr.json: extra: warning: not in the source en.json, so never shown: every key shown comes from the source"])
    }

    @Test func pluralCategoryTheLanguageNeedsIsAWarning() {
        let problems = lint(["trial": "{offerCount, plural, one {# неделю} other {# недели}} бесплатно"], language: "ru")
        #expect(problems == ["ru.json: trial: warning: {offerCount, plural} lacks few, many; ru needs few, many, one, other"])
        let unused = lint(["trial": "{offerCount, plural, one {# semaine} two {# semaines} many {# de semaines} other {# semaines}}"])
        #expect(unused == ["fr.json: trial: warning: {offerCount, plural} has two, which fr does not use (many, one, other)"])
    }

    @Test func selectOrdinalIsCheckedAgainstOrdinalRules() {
        // English ordinals: 1st, 2nd, 3rd, 4th (one, two, few, other), not the cardinal one, other.
        let problems = CopyLinter.lint(copyFiles(["en": ["nth": "Your {count, selectordinal, one {#st} other {#th}} month"]])).map(\.description)
        #expect(problems == ["en.json: nth: warning: {count, selectordinal} lacks few, two; en ordinals need few, one, two, other"])
    }

    @Test func loadingThrowsNamingFileAndKeyAndKeepsWarnings() throws {
        let broken = try copyFolder(["en": ["badge": "Save {savings}"], "fr": ["badge": "Économisez {savings, plural, one {a} other {b}}"]])
        let error = thrownError { try PaywallCopy(directory: broken.path) }
        #expect(error?.kind == .invalidCatalog)
        #expect(error?.catalog == CatalogLocation(file: broken.appendingPathComponent("fr.json").path, key: "badge"))
        #expect(error?.message.hasPrefix("{savings, plural} needs a number") == true)

        let partial = try copyFolder(["en": ["badge": "Save {savings}", "title": "Go"], "fr": ["badge": "Économisez {savings}"]])
        let copy = try PaywallCopy(directory: partial.path)
        #expect(copy.warnings.map(\.description) == [
            "\(partial.appendingPathComponent("fr.json").path): title: warning: missing; fr readers get the source message of en.json whole, in English",
        ])
        #expect(copy.languages == ["en", "fr"])
        #expect(copy.keys == ["badge", "title"])
    }

    @Test func unreadableFolderOrFile() throws {
        let missing = thrownError { try PaywallCopy(directory: "/nonexistent/copy") }
        #expect(missing?.description == "/nonexistent/copy: cannot read the copy folder")
        let folder = try copyFolder(["en": ["badge": "Save"]])
        try Data("{\"messages\": 3}".utf8).write(to: folder.appendingPathComponent("de.json"))
        let error = thrownError { try PaywallCopy(directory: folder.path) }
        #expect(error?.catalog?.file == folder.appendingPathComponent("de.json").path)
        #expect(error?.message.hasPrefix("not a copy file: ") == true, "\(String(describing: error?.message))")
    }

    /// French typography in a copy folder: the same rules as the catalogs', as warnings (the
    /// folder is used), and `lint --strict` fails on them.
    @Test func frenchSpacingIsAWarning() throws {
        #expect(lint(["badge": "Sans engagement\u{202F}: {price}", "title": "«\u{00A0}Offre\u{00A0}» à 50\u{00A0}%\u{202F}!"]) == [])
        let problems = lint(["badge": "Sans engagement : {price}"])
        #expect(problems == ["fr.json: badge: warning: French typography needs a no-break space (U+00A0 or U+202F) before \":\", "
                             + "so that it never wraps to a line of its own: \"Sans engagement : {price\" has an ordinary space (U+0020)"])
        // Quebec French puts no space before ; ! ?, France a no-break one.
        #expect(lint(["badge": "Essayez\u{202F}!"], language: "fr-CA").first?.hasSuffix("Quebec French typography puts no space before \"!\": \"Essayez\u{202F}!\" has U+202F") == true)
        #expect(lint(["badge": "Essayez!"], language: "fr-CA") == [])
        #expect(lint(["badge": "Essayez!"]).first?.contains("French typography needs a no-break space (U+00A0 or U+202F) before \"!\"") == true)

        let folder = try copyFolder(["en": ["badge": "No commitment: {price}"], "fr": ["badge": "Sans engagement : {price}"]])
        let lenient = try runTool(["lint", "--copy", folder.path])
        #expect(lenient.status == 0)
        #expect(lenient.stdout.hasSuffix("2 copy files: 0 errors, 1 warnings\n"))
        let strict = try runTool(["lint", "--copy", folder.path, "--strict"])
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("fr.json: badge: warning: French typography needs a no-break space"))
    }

    @Test func lintCommandExitsOneOnErrors() throws {
        let clean = try runTool(["lint", "--copy", "Examples/Copy"])
        #expect(clean.status == 0)
        #expect(clean.stdout == "7 copy files: 0 errors, 0 warnings\n")

        let broken = try copyFolder(["en": ["badge": "Save {savings}"], "de": ["badge": "Spare {unit}"]])
        let result = try runTool(["lint", "--copy", broken.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(broken.path)/de.json: badge: error: {unit} would print the keyword itself"))
        #expect(result.stdout.hasSuffix("2 copy files: 1 errors, 0 warnings\n"))
    }
}
