/// A problem found in a catalog: the file, the key and the reason.
public struct CatalogProblem: Sendable, Hashable, CustomStringConvertible {
    enum Severity: String, Sendable { case error, warning }

    let severity: Severity
    /// The file, and the message key unless the problem is with the whole file.
    public let location: CatalogLocation
    /// What is wrong: `unknown argument {oops}`, `missing message (English: …)`.
    public let message: String

    /// Whether the problem rejects the catalogs (``Catalogs/init(directory:)`` throws it);
    /// `false` for a warning, such as a message left identical to English.
    public var isError: Bool { severity == .error }
    var file: String { location.file }
    var key: String? { location.key }

    /// `Locales/de.json: price.free: error: …`, as `paywall-text lint` prints it.
    public var description: String {
        "\(location.file): \(location.key.map { "\($0): " } ?? "")\(severity.rawValue): \(message)"
    }
}

/// The result of checking a folder of catalogs, or a copy folder, as `paywall-text lint`
/// prints it and the review site shows it: every file as read, and the problems, warnings
/// included (``Catalogs/init(directory:)`` and ``PaywallCopy/init(directory:)`` throw the
/// first error only).
///
/// ```swift
/// let report = try CatalogLintReport(directory: "Locales")
/// for problem in report.problems where problem.isError { print(problem) }
/// ```
public struct CatalogLintReport: Sendable {
    /// Every `*.json` file of the folder, sorted by name: the catalog it holds, or why it
    /// holds none.
    public let files: [Result<Catalog, PaywallTextError>]
    /// The files that hold no catalog, one error each, then the problems of the others, file
    /// by file.
    public let problems: [CatalogProblem]

    var catalogCount: Int { files.count }
    var errorCount: Int { problems.filter(\.isError).count }
    var warningCount: Int { problems.count - errorCount }

    /// Reads and checks every catalog of a folder; a file that is not a catalog is one error.
    ///
    /// - Throws: ``PaywallTextError`` of kind ``PaywallTextError/Kind/invalidCatalog`` when
    ///   the folder cannot be read.
    public init(directory: String) throws(PaywallTextError) {
        self.init(files: try Catalogs.readEachFile(directory), directory: directory, schema: .catalog)
    }

    /// Checks catalogs already read (a ``Catalogs`` value's, or one made in memory) as a
    /// folder's are; the built-in ones passed with no error before they were built in, and
    /// their warnings remain.
    public init(catalogs: [Catalog]) {
        self.init(files: catalogs.map { .success($0) }, directory: "", schema: .catalog)
    }

    /// Reads and checks a copy folder (``PaywallCopy``), as `paywall-text lint --copy` does.
    ///
    /// - Throws: ``PaywallTextError`` of kind ``PaywallTextError/Kind/invalidCatalog`` when
    ///   the folder cannot be read.
    public static func copy(directory: String) throws(PaywallTextError) -> CatalogLintReport {
        CatalogLintReport(files: try PaywallCopy.readEachFile(directory), directory: directory, schema: .copy)
    }

    /// The files of a folder as read, each unreadable one an error, and the others checked
    /// against the folder's schema.
    private init(files: [Result<Catalog, PaywallTextError>], directory: String, schema: MessageSchema) {
        var problems: [CatalogProblem] = []
        var catalogs: [Catalog] = []
        for file in files {
            switch file {
            case .success(let catalog): catalogs.append(catalog)
            case .failure(let error):
                problems.append(CatalogProblem(severity: .error, location: error.catalog ?? CatalogLocation(file: directory),
                                               message: error.message))
            }
        }
        self.files = files
        self.problems = problems + schema.lint(catalogs)
    }
}

/// Checks catalogs against the English source catalog and ICU: MessageFormat syntax,
/// missing and extra keys, unknown arguments, plural categories the locale needs,
/// and (as warnings) messages left identical to English.
enum CatalogLinter {
    /// Checks every catalog; the English one (`en`) is the reference.
    static func lint(_ catalogs: [Catalog]) -> [CatalogProblem] {
        let english = catalogs.first { $0.name == "en" }
        var problems: [CatalogProblem] = []
        if english == nil, let any = catalogs.first {
            problems.append(CatalogProblem(severity: .error, location: CatalogLocation(file: any.file.replacingLastPathComponent(with: "en.json")),
                                           message: "the English source catalog en.json is missing"))
        }
        for catalog in catalogs {
            problems += lint(catalog, english: english)
        }
        return problems
    }

    /// Checks one catalog against the English one.
    static func lint(_ catalog: Catalog, english: Catalog?) -> [CatalogProblem] {
        var problems: [CatalogProblem] = []
        func report(_ key: String?, _ message: String, _ severity: CatalogProblem.Severity = .error) {
            problems.append(CatalogProblem(severity: severity, location: CatalogLocation(file: catalog.file, key: key), message: message))
        }
        for key in catalog.conditions.keys.sorted() {
            report(key, "\"when\" is for a copy folder's messages: every built-in message applies to every product it is asked for")
        }

        let language: LanguageRules
        do {
            language = try LanguageRules(catalog.name)
        } catch {
            report(nil, "the file name \(quoted(catalog.name)) is not a locale ICU has data for: \(error.message)")
            return problems
        }
        let isEnglish = ICU.Locale.language(language.icuID) == "en"

        for key in MessageKey.allCases where catalog.messages[key.rawValue] == nil {
            let source = english?.messages[key.rawValue].map { " (English: \(quoted($0, limit: 80)))" } ?? ""
            report(key.rawValue, "missing message\(source)")
        }
        for key in catalog.messages.keys.sorted() where MessageKey(rawValue: key) == nil {
            report(key, "unknown key; catalogs have \(MessageKey.allCases.map(\.rawValue).joined(separator: ", "))")
        }

        for key in MessageKey.allCases {
            guard let pattern = catalog.messages[key.rawValue] else { continue }
            if catalog.name == "en", catalog.notes[key.rawValue]?.isEmpty ?? true {
                report(key.rawValue, "the English source catalog needs a note for translators")
            }
            let checked = checkMessage(pattern, at: CatalogLocation(file: catalog.file, key: key.rawValue),
                                       rules: ArgumentRules(catalogMessage: key, language: language), language: language)
            problems += checked.problems
            // A spoken form is heard: a slash would be read out as a word.
            if key.isSpoken, pattern.contains("/") {
                report(key.rawValue, "a spoken form is read aloud, where a '/' is said as 'slash': write the rate in words "
                       + "(English: '{price} per month')")
            }
            for problem in Typography.problems(in: pattern, locale: language.icuID) {
                report(key.rawValue, problem)
            }
            // The day of the month words ICU's day and must keep it: a date without its day
            // (or with a day written in the catalog's digits) would be another date.
            if key == .dateDay, checked.problems.isEmpty, let missing = dayWithoutItsDigits(pattern, language: language) {
                report(key.rawValue, "the day \(missing) is missing from the output; every case must place {day} (French: "
                       + "{dayOfMonth, selectordinal, one {{day}er} other {{day}}})")
            }
            // A regional English catalog (`en-001`) shares most of its text with `en` by design,
            // and a message of arguments alone (`{terms} {hint}`) has nothing to translate.
            if !isEnglish, let arguments = checked.arguments, let source = english?.messages[key.rawValue], source == pattern,
               !pattern.isEmpty, !isArgumentsOnly(pattern, arguments) {
                report(key.rawValue, "identical to English: \(quoted(pattern, limit: 80))", .warning)
            }
        }
        return problems
    }

    /// The first day of a month (1–31) whose `date.day` output lacks ICU's digits, if any.
    static func dayWithoutItsDigits(_ pattern: String, language: LanguageRules) -> Int? {
        guard let format = try? ICU.MessageFormat(pattern: pattern, locale: language.icuID, arguments: MessageKey.dateDay.signature.names) else {
            return nil
        }
        for day in 1...31 {
            var values = MessageValues(capacity: 2, mode: .texts)
            DayArguments(day: Text(String(day)), dayOfMonth: day).visit(&values)
            guard let output = try? format.format(values.buffer), output.contains(String(day)) else { return day }
        }
        return nil
    }

    /// A catalog's or copy file's language, as its messages' checks need it.
    struct LanguageRules {
        /// The file's name (`sv`), as messages name the language.
        let name: String
        let icuID: String
        /// ICU's cardinal plural categories of the language (`plural`).
        let keywords: [String]
        /// ICU's ordinal categories (`selectordinal`).
        let ordinalKeywords: [String]

        /// The rules of the language a file is named for.
        ///
        /// - Throws: ``PaywallTextError`` for a name that is not a locale ICU has data for.
        init(_ name: String) throws(PaywallTextError) {
            let data = try LocaleData.named(name)
            self.name = name
            icuID = data.icuID
            keywords = data.pluralRules.keywords
            ordinalKeywords = (try? ICU.PluralRules(locale: data.icuID, ordinal: true).keywords) ?? ["other"]
        }
    }

    /// The arguments a message receives under its folder's schema (``MessageSchema``): a
    /// catalog message's by its key's signature, a copy message's every copy argument
    /// (``CopyArgument``).
    struct ArgumentRules {
        /// The schema, which says how strictly each problem is reported.
        let schema: MessageSchema
        /// The kind of each argument the message receives, by name.
        let kinds: [String: MessageArgumentKind]
        /// The names ICU receives, in order.
        let names: [String]
        /// The values each keyword argument takes (`select` may also have `other`).
        let keywordValues: [String: [String]]
        /// Keyword arguments whose values are open (an amount's first word, `priceWord`):
        /// `select` may name any value.
        let openKeywords: Set<String>

        /// The rules of a catalog message: its key's signature. A `plural` keyword (an
        /// amount's plural category) takes the language's categories.
        init(catalogMessage key: MessageKey, language: LanguageRules) {
            let signature = key.signature
            schema = .catalog
            kinds = Dictionary(signature.arguments.map { ($0.name, $0.kind) }, uniquingKeysWith: { first, _ in first })
            names = signature.names
            let keywords = signature.arguments.filter { $0.kind == .keyword }.map(\.name)
            keywordValues = Dictionary(keywords.compactMap { name in
                name == "plural" ? (name, language.keywords) : MessageSignature.values(ofKeyword: name).map { (name, $0) }
            }, uniquingKeysWith: { first, _ in first })
            openKeywords = Set(keywords.filter { $0 != "plural" && MessageSignature.values(ofKeyword: $0) == nil })
        }

        /// The rules of every copy message: each copy argument with its kind and keywords.
        static let copyMessage = ArgumentRules(copyArguments: CopyArgument.ordered)

        private init(copyArguments arguments: [CopyArgument]) {
            schema = .copy
            kinds = Dictionary(uniqueKeysWithValues: arguments.map { ($0.name, $0.kind) })
            names = arguments.map(\.name)
            keywordValues = Dictionary(uniqueKeysWithValues: arguments.filter { $0.kind == .keyword }.map { ($0.name, $0.keywords) })
            openKeywords = []
        }

        /// The argument names of a kind, as problems list them: `{count} or {periods}`.
        func listed(_ kind: MessageArgumentKind) -> String? {
            let names = kinds.filter { $0.value == kind }.map { "{\($0.key)}" }.sorted()
            return names.isEmpty ? nil : names.joined(separator: " or ")
        }
    }

    /// Checks one message: ICU's syntax, `#` outside a plural, each argument against the
    /// rules and the language's plural categories, then what ICU's MessageFormat rejects
    /// beyond the syntax.
    ///
    /// - Returns: The problems, each at `location`, and the message's arguments (`nil` when
    ///   it cannot be parsed).
    static func checkMessage(
        _ pattern: String, at location: CatalogLocation, rules: ArgumentRules, language: LanguageRules
    ) -> (problems: [CatalogProblem], arguments: [ICU.MessagePattern.Argument]?) {
        var problems: [CatalogProblem] = []
        let arguments: [ICU.MessagePattern.Argument]
        do {
            let parsed = try ICU.MessagePattern.parse(pattern)
            arguments = parsed.arguments
            if ICU.MessagePattern.numberSigns(in: pattern) > parsed.replacedNumbers {
                problems.append(CatalogProblem(severity: .error, location: location, message:
                    "a # that is not directly in a plural's case is printed as '#', not as the number; "
                    + "put the plural innermost: {unit, select, week {{count, plural, one {# …} other {# …}}} …}"))
            }
        } catch {
            return ([CatalogProblem(severity: .error, location: location, message: "\(error) in \(quoted(pattern, limit: 120))")], nil)
        }
        let argumentProblems = arguments.flatMap { check($0, at: location, rules: rules, language: language) }
        problems += argumentProblems
        if !argumentProblems.contains(where: \.isError) {
            // What ICU's MessageFormat rejects beyond the pattern syntax.
            do {
                _ = try ICU.MessageFormat(pattern: pattern, locale: language.icuID, arguments: rules.names)
            } catch {
                problems.append(CatalogProblem(severity: .error, location: location, message: "\(error) in \(quoted(pattern, limit: 120))"))
            }
        }
        return (problems, arguments)
    }

    /// Whether a message is plain arguments with spaces or punctuation between them, so
    /// that no word of it can be translated.
    private static func isArgumentsOnly(_ pattern: String, _ arguments: [ICU.MessagePattern.Argument]) -> Bool {
        guard arguments.allSatisfy({ $0.kind == .none }) else { return false }
        var depth = 0
        for scalar in pattern.unicodeScalars {
            switch scalar {
            case "{": depth += 1
            case "}": depth -= 1
            default:
                if depth == 0, scalar.properties.isAlphabetic { return false }
            }
        }
        return true
    }

    private static func check(
        _ argument: ICU.MessagePattern.Argument, at location: CatalogLocation, rules: ArgumentRules, language: LanguageRules
    ) -> [CatalogProblem] {
        var problems: [CatalogProblem] = []
        func report(_ message: String, _ severity: CatalogProblem.Severity = .error) {
            problems.append(CatalogProblem(severity: severity, location: location, message: message))
        }
        let name = argument.name
        guard let kind = rules.kinds[name] else {
            let known = rules.names.sorted().map { "{\($0)}" }.joined(separator: ", ")
            report("unknown argument {\(name)}; this message receives \(known.isEmpty ? "no arguments" : known)")
            return problems
        }
        switch argument.kind {
        case .none:
            if kind == .keyword, rules.schema.rejectsKeywordAsText {
                let values = rules.keywordValues[name] ?? []
                report("{\(name)} would print the keyword itself (\(values.joined(separator: ", "))), in English; "
                       + "choose words with {\(name), select, \(values.first ?? "value") {…} other {…}}")
            }
        case .plural, .selectordinal:
            let word = argument.kind.rawValue
            guard kind == .number else {
                report("{\(name), \(word)} needs a number; \(word) works on \(rules.listed(.number) ?? "no argument of this message")")
                break
            }
            // Ordinal categories (Swedish 1:a, 2:a, 3:e; English 1st, 2nd, 3rd, 4th) are ICU's
            // ordinal rules, a separate set from the cardinal ones.
            let needed = argument.kind == .plural ? language.keywords : language.ordinalKeywords
            let ordinals = argument.kind == .plural ? "" : " ordinals"
            let categories = Set(argument.selectors.filter { !$0.hasPrefix("=") })
            let missing = needed.filter { !categories.contains($0) }
            if !missing.isEmpty {
                report("{\(name), \(word)} lacks \(missing.joined(separator: ", ")); \(language.name)\(ordinals) need\(ordinals.isEmpty ? "s" : "") \(needed.joined(separator: ", "))",
                       rules.schema.categorySeverity)
            }
            let unknown = categories.subtracting(needed).sorted()
            if !unknown.isEmpty {
                report("{\(name), \(word)} has \(unknown.joined(separator: ", ")), which \(language.name)\(ordinals) do\(ordinals.isEmpty ? "es" : "") not use (\(needed.joined(separator: ", ")))",
                       rules.schema.categorySeverity)
            }
        case .select:
            guard kind == .keyword else {
                report("{\(name), select} needs \(rules.schema.keywordNoun); select works on \(rules.listed(.keyword) ?? "no argument of this message")")
                break
            }
            guard !rules.openKeywords.contains(name) else { break }
            let values = rules.keywordValues[name] ?? []
            let allowed = Set(values + ["other"])
            let unknown = argument.selectors.filter { !allowed.contains($0) }
            if !unknown.isEmpty {
                let described = name == "unit" ? "units are \(values.joined(separator: ", "))"
                    : name == "currency" ? "{currency} is an ISO 4217 code ICU knows (USD, EUR, JPY)"
                    : "{\(name)} is \(values.joined(separator: ", "))"
                report("{\(name), select} has \(unknown.joined(separator: ", ")); \(described) (and other)")
            }
        case .simple where kind == .number:
            break
        default:
            report("{\(name), \(argument.kind.rawValue)} is not supported here; use {\(name)}, plural or selectordinal on a number, or select on \(rules.schema.keywordNoun)")
        }
        return problems
    }
}

extension String {
    fileprivate func replacingLastPathComponent(with name: String) -> String {
        guard let slash = lastIndex(of: "/") else { return name }
        return String(self[...slash]) + name
    }
}

extension MessageKey {
    /// Compiles a pattern as this message in the catalog `catalog` and formats it with the
    /// message's sample arguments: what the catalog fuzz target runs after the checks.
    package func formatSample(_ pattern: String, catalog: String) throws -> String {
        let locale = try LocaleData.named(catalog)
        let format = try ICU.MessageFormat(pattern: pattern, locale: locale.icuID, arguments: signature.names)
        return try format.format(message.sampleValues(ICU.Locale.isRightToLeft(locale.icuID)).buffer)
    }
}
