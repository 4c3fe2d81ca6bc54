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
                let checked = CatalogLinter.checkMessage(pattern, at: location, rules: .copyMessage, language: language)
                problems += checked.problems
                // The language's spacing around punctuation: a warning, as the copy is the app's.
                for problem in Typography.problems(in: pattern, locale: language.icuID) {
                    report(key, problem, .warning)
                }
                if let parsed = checked.arguments {
                    var uses = CopyArgumentSet()
                    for argument in parsed { if let known = CopyArgument(name: argument.name) { uses.insert(known) } }
                    arguments[file.name, default: [:]][key] = uses
                    if !checked.problems.contains(where: \.isError), let pairing = pairing(in: pattern, uses: uses, locale: language.icuID) {
                        report(key, pairing, .warning)
                    }
                }
                if let when = file.conditions[key] {
                    if file.name == source {
                        for problem in conditionProblems(when) { report(key, problem) }
                    } else if when != sourceFile?.conditions[key] {
                        report(key, "\"when\" is read from the source \(source).json only, for every language: this one is not used", .warning)
                    }
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

    /// What is wrong with a message's `when`: each name must be a keyword argument, each with
    /// values it takes.
    static func conditionProblems(_ when: [String: [String]]) -> [String] {
        var problems: [String] = []
        let keywords = CopyArgument.allCases.filter { $0.kind == .keyword }
        for (name, values) in when.sorted(by: { $0.key < $1.key }) {
            guard let argument = CopyArgument(name: name), argument.kind == .keyword else {
                problems.append("\"when\" names \(quoted(name)), which is no keyword argument; it takes "
                                + keywords.map(\.rawValue).joined(separator: ", "))
                continue
            }
            if values.isEmpty {
                problems.append("\"when\": \(name) lists no value, so the message would never be shown; give some of "
                                + argument.keywords.joined(separator: ", "))
            }
            for value in values where !argument.keywords.contains(value) {
                problems.append("\"when\": \(name) is never \(quoted(value)); it is one of \(argument.keywords.joined(separator: ", "))")
            }
        }
        return problems
    }

    /// A warning for a message that, for an offer of several phases, places a whole-offer
    /// argument (``CopyArgument/ofWholeOffers``) beside a first-phase one
    /// (``CopyArgument/ofFirstPhases``: a text, or the number `{offerCount}`) in one sentence:
    /// `{discount} off for {offerDuration}` says that the whole offer's discount lasts the
    /// first phase. Each case the message can
    /// take for an offer of 2, 3 and 11 phases is formatted, with its texts as placeholders, so
    /// that a choice on `offerPhases` (`=1 {…} other {…}`) keeps the pair to one phase.
    static func pairing(in pattern: String, uses: CopyArgumentSet, locale: String) -> String? {
        let whole = CopyArgument.ofWholeOffers.filter(uses.contains), first = CopyArgument.ofFirstPhases.filter(uses.contains)
        let message = CopyMessage(index: 0, file: "", language: "", key: "", pattern: pattern, uses: uses, conditions: [])
        guard !whole.isEmpty, !first.isEmpty,
              let format = try? ICU.MessageFormat(pattern: pattern, locale: locale, arguments: message.argumentNames) else { return nil }
        // The values each argument the message chooses on takes: keywords, and numbers of each plural category.
        let choices: [(CopyArgument, [Int])] = CopyArgument.ordered.compactMap { argument in
            guard uses.contains(argument) else { return nil }
            switch argument.kind {
            case .text: return nil
            case .keyword: return (argument, Array(argument.keywords.indices))
            case .number: return (argument, argument == .offerPhases ? [2, 3, 11] : [1, 2, 5, 11, 21])
            }
        }
        var positions = Array(repeating: 0, count: choices.count)
        // `{offerCount}` (or `#` in its plural) is a number, not a placeholder: a second
        // format gives it a number no text has, and looks for it as ICU writes it.
        let marker = 7919
        let markerText = (try? ICU.MessageFormat(pattern: "{offerCount}", locale: locale, arguments: ["offerCount"]))
            .flatMap { counting -> String? in
                var values = MessageValues(capacity: 1, mode: .texts)
                values.number("offerCount", marker)
                return try? counting.format(values.buffer)
            }
        // The message's texts are its placeholders, in the order it receives them (``CopyMessageArguments``).
        let textPositions = CopyArgument.ordered.filter { uses.contains($0) && $0.kind == .text }
        func formatted(marking: Bool = false) -> String? {
            var values = CopyValues()
            for (choice, (argument, options)) in choices.enumerated() {
                switch argument.kind {
                case .text: break
                case .number: values.set(argument, number: marking && argument == .offerCount ? marker : options[positions[choice]])
                case .keyword: values.set(argument, keyword: argument.keywords[options[positions[choice]]])
                }
            }
            var placeholders = MessageValues(capacity: message.argumentNames.count, mode: .placeholders)
            CopyMessageArguments(values: values, uses: uses).visit(&placeholders)
            return try? format.format(placeholders.buffer)
        }
        // Every combination, as an odometer over the choices.
        while true {
            if let text = formatted() {
                let marked = uses.contains(.offerCount) ? formatted(marking: true) : nil
                let placed = { (argument: CopyArgument) in
                    argument == .offerCount
                        ? markerText.map { marked?.contains($0) == true } ?? false
                        : textPositions.firstIndex(of: argument).map { text.contains(MessageTemplate.placeholder($0)) } ?? false
                }
                if let wholeArgument = whole.first(where: placed), let firstArgument = first.first(where: placed) {
                    return "{\(wholeArgument.name)} (the whole offer) stands beside {\(firstArgument.name)} (its first phase only) "
                        + "for an offer of several phases; choose on {offerPhases}, e.g. {offerPhases, plural, =1 {… {\(firstArgument.name)} …} "
                        + "other {… {offerTotalDuration} …}}"
                }
            }
            var position = 0
            while position < choices.count {
                positions[position] += 1
                if positions[position] < choices[position].1.count { break }
                positions[position] = 0
                position += 1
            }
            if position == choices.count { return nil }
        }
    }

    /// The files of a catalog's language, most specific first: `fr-CA` then `fr` for the
    /// catalog `fr-CA`, following the catalogs' own lookup (``CatalogLookup``); the source
    /// comes last only for a catalog of the source's language.
    static func languageFiles(for catalog: String, among files: [String: Catalog]) -> [Catalog] {
        let id = ICU.Locale.canonicalID(catalog) ?? catalog
        return CatalogLookup.candidates(for: id).compactMap { files[$0] }
    }
}
