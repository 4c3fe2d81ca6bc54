/// Makes characters a reviewer cannot see visible, without changing the text itself.
package enum VisibleText {
    /// Whether a scalar is invisible or easily mistaken for a plain space:
    /// no-break and narrow spaces, bidi marks and isolates, other format and control characters.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .format, .control, .lineSeparator, .paragraphSeparator:
            return true
        case .spaceSeparator:
            return scalar != " "
        default:
            return false
        }
    }

    /// `9,90[U+00A0]$` for `9,90 $` with a no-break space; `nil` when nothing is invisible.
    package static func marked(_ text: String) -> String? {
        guard text.unicodeScalars.contains(where: isInvisible) else { return nil }
        var result = ""
        for scalar in text.unicodeScalars {
            if isInvisible(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "[U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The text as users see it, followed by its marked form when it has invisible characters:
    /// `9,90 $  ⟨9,90[U+00A0]$⟩`.
    package static func entry(_ text: String) -> String {
        marked(text).map { "\(text)  ⟨\($0)⟩" } ?? text
    }
}
