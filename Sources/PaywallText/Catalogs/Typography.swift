/// The spacing a language's typography requires around punctuation, checked in the text of
/// a message (not in what ICU formats into it): an error in the built-in catalogs
/// (``CatalogLinter``), a warning in a copy folder (``CopyLinter``; `lint --strict` fails on it).
///
/// These are checks of what translators write, one table per language, and never rewrite
/// text. French (Imprimerie nationale; OQLF for Quebec): a no-break space, U+00A0 or the
/// narrow U+202F, before `:` and `%`, after `«` and before `»`, so that the sign never wraps
/// to a line of its own; in France also before `;`, `!` and `?`, where Quebec puts no space.
enum Typography {
    /// What a language requires around one sign.
    struct Rule: Sendable {
        enum Requirement: Sendable {
            /// A no-break space (U+00A0 or U+202F) directly before the sign.
            case noBreakSpaceBefore
            /// A no-break space directly after the sign.
            case noBreakSpaceAfter
            /// No space of any kind directly before the sign.
            case noSpaceBefore
        }

        let sign: Character
        let requirement: Requirement
    }

    /// The no-break spaces French typography accepts: NO-BREAK SPACE and NARROW NO-BREAK SPACE.
    static let noBreakSpaces: Set<Character> = ["\u{00A0}", "\u{202F}"]

    /// The rules of a language (`fr`) in a region (`CA`), empty for a language without any.
    static func rules(language: String, region: String) -> [Rule] {
        guard language == "fr" else { return [] }
        let everywhere: [Rule] = [
            Rule(sign: ":", requirement: .noBreakSpaceBefore), Rule(sign: "%", requirement: .noBreakSpaceBefore),
            Rule(sign: "«", requirement: .noBreakSpaceAfter), Rule(sign: "»", requirement: .noBreakSpaceBefore),
        ]
        let requirement: Rule.Requirement = region == "CA" ? .noSpaceBefore : .noBreakSpaceBefore
        return everywhere + [";", "!", "?"].map { Rule(sign: $0, requirement: requirement) }
    }

    /// The problems of a message's text for a locale (`fr_CA`), each as a sentence.
    static func problems(in pattern: String, locale icuID: String) -> [String] {
        let rules = rules(language: ICU.Locale.language(icuID), region: ICU.Locale.region(icuID))
        guard !rules.isEmpty else { return [] }
        let characters = Array(pattern)
        var problems: [String] = []
        for (index, character) in characters.enumerated() {
            for rule in rules where rule.sign == character {
                let before: Character? = index > 0 ? characters[index - 1] : nil
                let after: Character? = index + 1 < characters.count ? characters[index + 1] : nil
                func context() -> String {
                    let start = max(0, index - 16), end = min(characters.count, index + 8)
                    return quoted(String(characters[start..<end]))
                }
                func name(_ character: Character?) -> String {
                    guard let scalar = character?.unicodeScalars.first else { return "nothing" }
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                }
                switch rule.requirement {
                case .noBreakSpaceBefore:
                    // The start of a message or of a choice's case has nothing before it to check;
                    // a colon between digits is a time (10:30), a sign after the same kind of
                    // sign (`?!`, `!!`) takes the space once.
                    guard let before, before != "{", !noBreakSpaces.contains(before) else { continue }
                    if character == ":", before.isNumber, after?.isNumber == true { continue }
                    if "!?;".contains(before), "!?;".contains(character) { continue }
                    problems.append("\(languageName(icuID)) typography needs a no-break space (U+00A0 or U+202F) before \"\(character)\", "
                                    + "so that it never wraps to a line of its own: \(context()) has \(before == " " ? "an ordinary space (U+0020)" : name(before))")
                case .noBreakSpaceAfter:
                    guard let after, after != "}", !noBreakSpaces.contains(after) else { continue }
                    problems.append("\(languageName(icuID)) typography needs a no-break space (U+00A0 or U+202F) after \"\(character)\": "
                                    + "\(context()) has \(after == " " ? "an ordinary space (U+0020)" : name(after))")
                case .noSpaceBefore:
                    guard let before, before.isWhitespace else { continue }
                    problems.append("\(languageName(icuID)) typography puts no space before \"\(character)\": \(context()) has \(name(before))")
                }
            }
        }
        return problems
    }

    private static func languageName(_ icuID: String) -> String {
        ICU.Locale.region(icuID) == "CA" ? "Quebec French" : "French"
    }
}
