/// A problem found in a catalog: the file, the key and the reason.
package struct CatalogProblem: Sendable, Hashable, CustomStringConvertible {
    enum Severity: String, Sendable { case error, warning }

    let severity: Severity
    /// The file, and the message key unless the problem is with the whole file.
    let location: CatalogLocation
    package let message: String

    package var isError: Bool { severity == .error }
    package var file: String { location.file }
    package var key: String? { location.key }

    package var description: String {
        "\(location.file): \(location.key.map { "\($0): " } ?? "")\(severity.rawValue): \(message)"
    }
}

/// The result of checking a folder of catalogs, as `paywall-text lint` prints it.
package struct CatalogLintReport: Sendable {
    package let catalogCount: Int
    package let problems: [CatalogProblem]

    package var errorCount: Int { problems.filter(\.isError).count }
    package var warningCount: Int { problems.count - errorCount }

    /// Reads and checks every catalog of a folder; a file that is not a catalog is one error.
    package init(directory: String) throws(PaywallTextError) {
        let files = try Catalogs.readEachFile(directory)
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
        catalogCount = files.count
        self.problems = problems + CatalogLinter.lint(catalogs)
    }
}

/// Checks catalogs against the English source catalog and ICU: MessageFormat syntax,
/// missing and extra keys, unknown arguments, plural categories the locale needs,
/// and (as warnings) messages left identical to English.
package enum CatalogLinter {
    /// Checks every catalog; the English one (`en`) is the reference.
    package static func lint(_ catalogs: [Catalog]) -> [CatalogProblem] {
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
    package static func lint(_ catalog: Catalog, english: Catalog?) -> [CatalogProblem] {
        var problems: [CatalogProblem] = []
        func report(_ key: String?, _ message: String, _ severity: CatalogProblem.Severity = .error) {
            problems.append(CatalogProblem(severity: severity, location: CatalogLocation(file: catalog.file, key: key), message: message))
        }

        let formatters: LocaleData
        do {
            formatters = try LocaleData.named(catalog.name)
        } catch {
            report(nil, "the file name \(quoted(catalog.name)) is not a locale ICU has data for: \(error.message)")
            return problems
        }
        let keywords = formatters.pluralRules.keywords
        let ordinalKeywords = (try? ICU.PluralRules(locale: formatters.icuID, ordinal: true).keywords) ?? ["other"]
        let isEnglish = ICU.Locale.language(formatters.icuID) == "en"

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
            let arguments: [ICU.MessagePattern.Argument]
            do {
                let parsed = try ICU.MessagePattern.parse(pattern)
                arguments = parsed.arguments
                if ICU.MessagePattern.numberSigns(in: pattern) > parsed.replacedNumbers {
                    report(key.rawValue, "a # that is not directly in a plural's case is printed as '#', not as the number; "
                           + "put the plural innermost: {unit, select, week {{count, plural, one {# …} other {# …}}} …}")
                }
            } catch {
                report(key.rawValue, "\(error) in \(quoted(pattern, limit: 120))")
                continue
            }
            let argumentProblems = arguments.flatMap { check($0, key: key, keywords: keywords, ordinalKeywords: ordinalKeywords, catalog: catalog) }
            problems += argumentProblems
            if argumentProblems.isEmpty {
                // What ICU's MessageFormat rejects beyond the pattern syntax.
                do {
                    _ = try ICU.MessageFormat(pattern: pattern, locale: formatters.icuID, arguments: key.signature.names)
                } catch {
                    report(key.rawValue, "\(error) in \(quoted(pattern, limit: 120))")
                }
            }
            // A spoken form is heard: a slash would be read out as a word.
            if key.writtenKey != nil, pattern.contains("/") {
                report(key.rawValue, "a spoken form is read aloud, where a '/' is said as 'slash': write the rate in words "
                       + "(English: '{price} per month')")
            }
            // A regional English catalog (`en-001`) shares most of its text with `en` by design,
            // and a message of arguments alone (`{terms} {hint}`) has nothing to translate.
            if !isEnglish, let source = english?.messages[key.rawValue], source == pattern, !pattern.isEmpty,
               !isArgumentsOnly(pattern, arguments) {
                report(key.rawValue, "identical to English: \(quoted(pattern, limit: 80))", .warning)
            }
        }
        return problems
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
        _ argument: ICU.MessagePattern.Argument, key: MessageKey, keywords: [String], ordinalKeywords: [String],
        catalog: Catalog
    ) -> [CatalogProblem] {
        var problems: [CatalogProblem] = []
        func report(_ message: String) {
            problems.append(CatalogProblem(severity: .error, location: CatalogLocation(file: catalog.file, key: key.rawValue), message: message))
        }
        let name = argument.name
        let signature = key.signature
        guard let kind = signature.kind(of: name) else {
            let known = signature.names.sorted().map { "{\($0)}" }.joined(separator: ", ")
            report("unknown argument {\(name)}; this message receives \(known.isEmpty ? "no arguments" : known)")
            return problems
        }
        let numbers = signature.arguments.filter { $0.kind == .number }.map { "{\($0.name)}" }.sorted()
        let keywordArguments = signature.arguments.filter { $0.kind == .keyword }.map { "{\($0.name)}" }.sorted()
        switch argument.kind {
        case .none:
            break
        case .plural, .selectordinal:
            let word = argument.kind.rawValue
            guard kind == .number else {
                report("{\(name), \(word)} needs a number; \(word) works on \(numbers.isEmpty ? "no argument of this message" : numbers.joined(separator: " or "))")
                break
            }
            // Ordinal categories (Swedish 1:a, 2:a, 3:e; English 1st, 2nd, 3rd, 4th) are ICU's
            // ordinal rules, a separate set from the cardinal ones.
            let needed = argument.kind == .plural ? keywords : ordinalKeywords
            let rules = argument.kind == .plural ? "" : " ordinals"
            let categories = Set(argument.selectors.filter { !$0.hasPrefix("=") })
            let missing = needed.filter { !categories.contains($0) }
            if !missing.isEmpty {
                report("{\(name), \(word)} lacks \(missing.joined(separator: ", ")); \(catalog.name)\(rules) need\(rules.isEmpty ? "s" : "") \(needed.joined(separator: ", "))")
            }
            let unknown = categories.subtracting(needed).sorted()
            if !unknown.isEmpty {
                report("{\(name), \(word)} has \(unknown.joined(separator: ", ")), which \(catalog.name)\(rules) do\(rules.isEmpty ? "es" : "") not use (\(needed.joined(separator: ", ")))")
            }
        case .select:
            guard kind == .keyword else {
                report("{\(name), select} needs a unit; select works on \(keywordArguments.isEmpty ? "no argument of this message" : keywordArguments.joined(separator: " or "))")
                break
            }
            let allowed: Set<String> = Set(PeriodUnit.allCases.map(\.rawValue) + ["other"])
            let unknown = argument.selectors.filter { !allowed.contains($0) }
            if !unknown.isEmpty {
                report("{unit, select} has \(unknown.joined(separator: ", ")); units are day, week, month, year (and other)")
            }
        case .simple where kind == .number:
            break
        default:
            report("{\(name), \(argument.kind.rawValue)} is not supported here; use {\(name)}, plural or selectordinal on a number, or select on a unit")
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

extension CatalogLinter {
    /// Compiles a pattern as the message of `key` in the catalog `catalog` and formats it
    /// with the message's sample arguments: what the catalog fuzz target runs after the checks.
    package static func formatSample(_ pattern: String, key: MessageKey, catalog: String) throws -> String {
        let locale = try LocaleData.named(catalog)
        let format = try ICU.MessageFormat(pattern: pattern, locale: locale.icuID, arguments: key.signature.names)
        return try format.format(key.message.sampleValues(ICU.Locale.isRightToLeft(locale.icuID)).buffer)
    }
}
