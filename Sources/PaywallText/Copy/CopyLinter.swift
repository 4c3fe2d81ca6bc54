/// Checks a copy folder (``PaywallCopy``) against its source file `en.json` and ICU, with
/// the per-message checks of the catalogs (``CatalogLinter/checkMessage(_:at:rules:language:)``)
/// over the copy arguments (``CopyArgument``).
///
/// Errors (the folder is rejected): a file name ICU has no data for, a message ICU cannot
/// parse or compile, an unknown argument, an argument of the wrong kind (`plural` on a text,
/// `select` on a number or a text, a keyword placed as text such as `{unit}`), a `select`
/// without `other` or with values its argument never takes, a `#` outside a plural, the
/// source file missing. Warnings (the folder is used): a key missing in a language, whose
/// readers then get the source message whole, in the source language; a `plural` without a
/// category the language needs, or with one it never uses; a key the source does not have;
/// spacing the language's typography requires around punctuation (``Typography``).
enum CopyLinter {
    /// The source file's name: its messages are every language's fallback.
    static let source = "en"

    /// The rules of every copy message: each argument's kind and keywords.
    static let rules = CatalogLinter.ArgumentRules(
        kinds: Dictionary(uniqueKeysWithValues: CopyArgument.allCases.map { ($0.rawValue, $0.kind) }),
        names: CopyArgument.names,
        keywordValues: Dictionary(uniqueKeysWithValues: CopyArgument.allCases.filter { $0.kind == .keyword }.map { ($0.rawValue, $0.keywords) }),
        keywordNoun: "a keyword", missingCategory: .warning, unusedCategory: .warning, rejectsKeywordAsText: true)

    /// Checks every file of a folder; `en.json` is the source.
    static func lint(_ files: [Catalog]) -> [CatalogProblem] {
        lintWithArguments(files).problems
    }

    /// The problems, and each message's arguments by file name and key (for the messages
    /// that could be parsed).
    static func lintWithArguments(_ files: [Catalog]) -> (problems: [CatalogProblem], arguments: [String: [String: CopyArgumentSet]]) {
        var problems: [CatalogProblem] = []
        var arguments: [String: [String: CopyArgumentSet]] = [:]
        let byName = Dictionary(files.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let sourceFile = byName[source]
        if sourceFile == nil {
            let folder = files.first.map { String($0.file.dropLast("\($0.name).json".count)) } ?? ""
            problems.append(CatalogProblem(severity: .error, location: CatalogLocation(file: folder + "\(source).json"),
                                           message: "the source file \(source).json is missing: every language falls back to its messages"))
        }
        for file in files {
            func report(_ key: String?, _ message: String, _ severity: CatalogProblem.Severity = .error) {
                problems.append(CatalogProblem(severity: severity, location: CatalogLocation(file: file.file, key: key), message: message))
            }
            let language: CatalogLinter.LanguageRules
            do {
                language = try CatalogLinter.LanguageRules(file.name)
            } catch {
                report(nil, "the file name \(quoted(file.name)) is not a locale ICU has data for: \(error.message)")
                continue
            }
            for key in file.messages.keys.sorted() {
                let pattern = file.messages[key]!
                let location = CatalogLocation(file: file.file, key: key)
                if let scalar = pattern.unicodeScalars.first(where: { (0xF0000..<0xF0040).contains($0.value) }) {
                    // The renderer marks where texts go with these (MessageTemplate).
                    report(key, "U+\(String(scalar.value, radix: 16, uppercase: true)) is a private-use character the renderer reserves")
                    continue
                }
                let checked = CatalogLinter.checkMessage(pattern, at: location, rules: rules, language: language)
                problems += checked.problems
                // The language's spacing around punctuation: a warning, as the copy is the app's.
                for problem in Typography.problems(in: pattern, locale: language.icuID) {
                    report(key, problem, .warning)
                }
                if let parsed = checked.arguments {
                    var uses = CopyArgumentSet()
                    for argument in parsed { if let known = CopyArgument(name: argument.name) { uses.insert(known) } }
                    arguments[file.name, default: [:]][key] = uses
                }
                if let sourceFile, file.name != source, sourceFile.messages[key] == nil {
                    report(key, "not in the source \(source).json, so never shown: every key shown comes from the source", .warning)
                }
            }
            guard let sourceFile, file.name != source else { continue }
            // A key a regional file lacks comes from its language's file (`fr` for `fr-CA`);
            // beyond it, from the source, in the source language.
            // (An English file's candidates end with the source, so it never lacks a key.)
            let sameLanguage = languageFiles(for: file.name, among: byName)
            for key in sourceFile.messages.keys.sorted() where !sameLanguage.contains(where: { $0.messages[key] != nil }) {
                report(key, "missing; \(file.name) readers get the source message of \(source).json whole, in English", .warning)
            }
        }
        return (problems, arguments)
    }

    /// The files of a catalog's language, most specific first: `fr-CA` then `fr` for the
    /// catalog `fr-CA`, following the catalogs' own lookup (``CatalogLookup``); the source
    /// comes last only for a catalog of the source's language.
    static func languageFiles(for catalog: String, among files: [String: Catalog]) -> [Catalog] {
        let id = ICU.Locale.canonicalID(catalog) ?? catalog
        return CatalogLookup.candidates(for: id).compactMap { files[$0] }
    }
}
