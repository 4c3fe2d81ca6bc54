/// Text that carries, inside the `String` itself, its spoken form and the role of each
/// formatted piece: what an annotated render (``RenderOptions/Include/spoken``,
/// ``RenderOptions/Include/parts``) passes from piece to message to result, so that every
/// sentence gets both without code of its own.
///
/// ## Why in the text
///
/// ICU 72's MessageFormat cannot format to parts, and the renderer does not call it per
/// sentence anyway: a message is a ``MessageTemplate`` (ICU's output with placeholders)
/// filled with its text arguments. Filling is concatenation, and a sentence is placed in
/// another as such an argument (a `recurringPrice` inside a `summary`). So a mark that
/// travels inside an argument's text arrives in the sentence exactly where ICU put the
/// argument, and a mark around each formatted piece says, at the end, which characters of
/// the field are that piece: the runs are exact because the characters between the marks
/// are the field's characters, unchanged.
///
/// The marks are Unicode noncharacters (U+FDD0 … U+FDEF), which Unicode reserves for a
/// program's internal use: no ICU output, catalog or price contains them, and the caser that
/// capitalizes a sentence skips them (it title-cases the first letter, number, symbol or
/// private-use character of a sentence). They never leave the library: the renderer reads
/// them out of every field (``AnnotationReader``).
///
/// ## The format
///
/// A *value* is `⟪ [language] display ‖ spoken ⟫`: the display text (the field's own text,
/// with each piece as `⦃role text⦄`), then the spoken text (plain). A piece is a value whose
/// display is one run. Text outside any value is literal text, the same shown and spoken:
/// so code that joins annotated texts without knowing about them (a template, a copy
/// message, an interpolation) still gives the right display, spoken form and runs.
/// ``split(_:)`` flattens a text into its display and spoken forms, which is what a message
/// receives of each argument; ``read(_:)`` turns a field into its runs.
///
/// - `#` numbers and `{count}` are printed by ICU inside the message's own words (`Every # days`),
///   so they are part of the template's literal text: a run without a role.
/// - An isolate the renderer wraps around a piece in a right-to-left sentence belongs to the
///   piece's run; one that wraps a whole nested sentence (several runs) stays in the literal
///   text beside it, as it is in the field.
enum AnnotatedText {
    /// `⟪`: a value begins.
    static let valueStart = mark(0xFDD0)
    /// `‖`: the display ends and the spoken text begins.
    static let spokenStart = mark(0xFDD1)
    /// `⟫`: a value ends.
    static let valueEnd = mark(0xFDD2)
    /// `⦄`: a run with a role ends.
    static let runEnd = mark(0xFDD3)
    /// Around a value's language tag, right after ``valueStart``, when the value is in
    /// another language than the result (a message that fell back to its source language).
    static let languageStart = mark(0xFDD4)
    static let languageEnd = mark(0xFDD5)
    /// A noncharacter (Swift's literals refuse them, `Unicode.Scalar` takes them).
    private static func mark(_ value: UInt32) -> Unicode.Scalar {
        Unicode.Scalar(value)!
    }

    /// `⦃role`: a run with a role begins; one noncharacter per role, in ``TextRole/allCases`` order.
    private static let firstRole: UInt32 = 0xFDE0

    private static let roles = TextRole.allCases

    static func roleStart(_ role: TextRole) -> Unicode.Scalar {
        Unicode.Scalar(firstRole + UInt32(roles.firstIndex(of: role)!))!
    }

    private static func role(of scalar: Unicode.Scalar) -> TextRole? {
        let offset = Int(scalar.value) - Int(firstRole)
        return offset >= 0 && offset < roles.count ? roles[offset] : nil
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        (0xFDD0...0xFDEF).contains(scalar.value)
    }

    /// Whether a mark begins or ends a run.
    private static func isRunMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar == runEnd || role(of: scalar) != nil
    }

    /// Whether a text holds any mark (in UTF-8, U+FDD0 … U+FDEF are EF B7 90 … EF B7 AF).
    static func isAnnotated(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index + 2 < bytes.count {
                if bytes[index] == 0xEF, bytes[index + 1] == 0xB7, (0x90...0xAF).contains(bytes[index + 2]) { return true }
                index += 1
            }
            return false
        }
    }

    // MARK: - Making

    /// A value: its display (which may hold runs) and its spoken text.
    static func value(display: String, spoken: String, language: String? = nil) -> String {
        var result = String.UnicodeScalarView()
        result.append(valueStart)
        if let language {
            result.append(languageStart)
            result.append(contentsOf: language.unicodeScalars)
            result.append(languageEnd)
        }
        result.append(contentsOf: display.unicodeScalars)
        result.append(spokenStart)
        result.append(contentsOf: spoken.unicodeScalars)
        result.append(valueEnd)
        return String(result)
    }

    /// A formatted piece with its role and its spoken form.
    static func piece(_ text: String, role: TextRole?, spoken: String) -> String {
        guard let role else { return value(display: text, spoken: spoken) }
        var display = String.UnicodeScalarView()
        display.append(roleStart(role))
        display.append(contentsOf: text.unicodeScalars)
        display.append(runEnd)
        return value(display: String(display), spoken: spoken)
    }

    /// The text as a piece of `role`: its display becomes one run, unless it holds runs of
    /// its own (then the innermost pieces keep their roles).
    static func withRole(_ role: TextRole, _ text: String) -> String {
        let (display, spoken) = split(text)
        if display.unicodeScalars.contains(where: { self.role(of: $0) != nil }) {
            return value(display: display, spoken: spoken)
        }
        return piece(display, role: role, spoken: spoken)
    }

    // MARK: - Reading

    /// A text's display (with its runs' marks, without values' own marks) and its spoken text
    /// (plain): what a message receives of an argument. A plain text is both.
    static func split(_ text: String) -> (display: String, spoken: String) {
        guard isAnnotated(text) else { return (text, text) }
        var display = String.UnicodeScalarView(), spoken = String.UnicodeScalarView()
        var parser = Parser(Array(text.unicodeScalars))
        parser.flatten(into: &display, &spoken)
        return (String(display), String(spoken))
    }

    /// A text without its marks, as the field shows it.
    static func plain(_ text: String) -> String {
        guard isAnnotated(text) else { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: split(text).display.unicodeScalars.filter { !isMark($0) })
        return String(scalars)
    }

    /// What ``read(_:)`` finds in a field.
    struct Reading: Equatable {
        /// The field's text, without marks.
        var text: String
        /// The text as a screen reader should say it.
        var spoken: String
        /// The runs, whose texts join to ``text``.
        var runs: [TextRun]
        /// The language the field names for itself (a whole value in another language).
        var language: String?
    }

    /// A field's text, spoken text, runs and language.
    static func read(_ text: String) -> Reading {
        let scalars = Array(text.unicodeScalars)
        var display = String.UnicodeScalarView(), spoken = String.UnicodeScalarView()
        var parser = Parser(scalars)
        let language = parser.language()
        parser.flatten(into: &display, &spoken)
        let runs = attachingIsolates(runs(of: display))
        return Reading(text: runs.map(\.text).joined(), spoken: String(spoken), runs: runs, language: language)
    }

    /// The runs of a display text: each `⦃role …⦄` one run (the innermost role where they
    /// nest), literal text between them merged.
    private static func runs(of display: String.UnicodeScalarView) -> [TextRun] {
        var runs: [TextRun] = []
        var current = String.UnicodeScalarView()
        var stack: [TextRole] = []
        func close() {
            guard !current.isEmpty else { return }
            runs.append(TextRun(String(current), role: stack.last))
            current = String.UnicodeScalarView()
        }
        for scalar in display {
            if let role = role(of: scalar) {
                close()
                stack.append(role)
            } else if scalar == runEnd {
                close()
                _ = stack.popLast()
            } else if !isMark(scalar) {
                current.append(scalar)
            }
        }
        close()
        // Literal text on both sides of an empty piece, or of a mark, is one run.
        var merged: [TextRun] = []
        for run in runs {
            if let last = merged.last, last.role == nil, run.role == nil {
                merged[merged.count - 1].text += run.text
            } else {
                merged.append(run)
            }
        }
        return merged
    }

    /// Moves an isolate that wraps exactly one piece into the piece's run: the literal text
    /// before it ends with the FIRST STRONG (or LEFT-TO-RIGHT, RIGHT-TO-LEFT) ISOLATE and the
    /// literal text after it starts with the POP DIRECTIONAL ISOLATE that closes it.
    private static func attachingIsolates(_ runs: [TextRun]) -> [TextRun] {
        var runs = runs
        var index = 1
        while index < runs.count - 1 {
            guard runs[index].role != nil, runs[index - 1].role == nil, runs[index + 1].role == nil,
                  let opening = runs[index - 1].text.unicodeScalars.last, (0x2066...0x2068).contains(opening.value),
                  runs[index + 1].text.unicodeScalars.first == "\u{2069}", isBalanced(runs[index].text)
            else {
                index += 1
                continue
            }
            runs[index - 1].text.unicodeScalars.removeLast()
            runs[index + 1].text.unicodeScalars.removeFirst()
            runs[index].text = String(opening) + runs[index].text + "\u{2069}"
            index += 1
        }
        return runs.filter { !$0.text.isEmpty }
    }

    /// Whether every isolate a text opens it also closes, so that a PDI after it closes the
    /// isolate before it.
    private static func isBalanced(_ text: String) -> Bool {
        var depth = 0
        for scalar in text.unicodeScalars {
            if (0x2066...0x2068).contains(scalar.value) { depth += 1 }
            if scalar == "\u{2069}" {
                guard depth > 0 else { return false }
                depth -= 1
            }
        }
        return depth == 0
    }

    /// Reads a text's values, flattening them into display and spoken forms.
    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0

        init(_ scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        /// The language of a text that is one value naming one, `nil` otherwise.
        func language() -> String? {
            guard scalars.count > 2, scalars.first == AnnotatedText.valueStart, scalars[1] == AnnotatedText.languageStart,
                  let end = scalars.firstIndex(of: AnnotatedText.languageEnd), isOneValue()
            else { return nil }
            var tag = String.UnicodeScalarView()
            tag.append(contentsOf: scalars[2..<end])
            return String(tag)
        }

        /// Whether the first value ends at the text's end.
        private func isOneValue() -> Bool {
            var depth = 0
            for (position, scalar) in scalars.enumerated() {
                if scalar == AnnotatedText.valueStart { depth += 1 }
                if scalar == AnnotatedText.valueEnd {
                    depth -= 1
                    if depth == 0 { return position == scalars.count - 1 }
                }
            }
            return false
        }

        /// Appends the rest of the text to both forms: literal text to each, a value's
        /// display to `display` and its spoken text to `spoken`.
        mutating func flatten(into display: inout String.UnicodeScalarView, _ spoken: inout String.UnicodeScalarView) {
            while index < scalars.count {
                let scalar = scalars[index]
                index += 1
                if scalar == AnnotatedText.valueStart {
                    value(into: &display, &spoken)
                } else if AnnotatedText.isRunMark(scalar) {
                    display.append(scalar)
                } else if !AnnotatedText.isMark(scalar) {
                    display.append(scalar)
                    spoken.append(scalar)
                }
            }
        }

        /// Reads one value, after its start: its display (and the displays of the values in
        /// it) to `display`, its spoken text (and theirs) to `spoken`.
        private mutating func value(into display: inout String.UnicodeScalarView, _ spoken: inout String.UnicodeScalarView) {
            skipLanguage()
            var ignored = String.UnicodeScalarView()
            var inSpoken = false
            while index < scalars.count {
                let scalar = scalars[index]
                index += 1
                switch scalar {
                case AnnotatedText.valueEnd:
                    return
                case AnnotatedText.spokenStart:
                    inSpoken = true
                case AnnotatedText.valueStart:
                    if inSpoken {
                        value(into: &ignored, &spoken)
                    } else {
                        value(into: &display, &ignored)
                    }
                    ignored.removeAll()
                default:
                    if AnnotatedText.isRunMark(scalar) {
                        if !inSpoken { display.append(scalar) }
                    } else if !AnnotatedText.isMark(scalar) {
                        if inSpoken { spoken.append(scalar) } else { display.append(scalar) }
                    }
                }
            }
        }

        private mutating func skipLanguage() {
            guard index < scalars.count, scalars[index] == AnnotatedText.languageStart else { return }
            while index < scalars.count, scalars[index] != AnnotatedText.languageEnd { index += 1 }
            index += 1
        }
    }
}
