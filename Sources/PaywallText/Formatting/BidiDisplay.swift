/// How a right-to-left paragraph displays a line, by ICU's bidi algorithm: for the
/// golden files' display lines, the review pages and the tests that check prices stay whole.
package enum BidiDisplay {
    /// One run as displayed: its text in logical order, and its direction.
    struct Run: Sendable, Equatable {
        let text: String
        let isRightToLeft: Bool
        /// The run's first Unicode scalar, counted in the line.
        let start: Int
    }

    /// The texts of the runs of `text` shown as one right-to-left paragraph, from left to
    /// right (``runs(of:rightToLeft:)``): what the golden and snapshot files' display lines show.
    package static func displayedRuns(of text: String) throws(PaywallTextError) -> [String] {
        try runs(of: text, rightToLeft: true).map(\.text)
    }

    /// The runs of `text` shown as one paragraph, from left to right, with the invisible
    /// bidi controls (isolates, marks) left out of each run's text and empty runs dropped.
    static func runs(of text: String, rightToLeft: Bool = true) throws(PaywallTextError) -> [Run] {
        let scalars = Array(text.unicodeScalars)
        let runs: [ICU.Bidi.Run]
        do {
            runs = try ICU.Bidi.visualRuns(of: text, rightToLeft: rightToLeft)
        } catch {
            throw PaywallTextError(.formattingFailed, message: "\(error)")
        }
        return runs.compactMap { run in
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[run.start..<min(scalars.count, run.start + run.length)].filter { !isBidiControl($0) })
            let visible = String(view)
            return visible.isEmpty ? nil : Run(text: visible, isRightToLeft: run.isRightToLeft, start: run.start)
        }
    }

    /// The display position of each Unicode scalar of `text` (left to right, from 0), by
    /// ICU's bidi algorithm.
    static func visualPositions(of text: String, rightToLeft: Bool = true) throws(PaywallTextError) -> [Int] {
        let runs: [ICU.Bidi.Run]
        do {
            runs = try ICU.Bidi.visualRuns(of: text, rightToLeft: rightToLeft)
        } catch {
            throw PaywallTextError(.formattingFailed, message: "\(error)")
        }
        var positions = [Int](repeating: 0, count: text.unicodeScalars.count)
        var next = 0
        for run in runs {
            let indices = run.start..<(run.start + run.length)
            for index in run.isRightToLeft ? Array(indices.reversed()) : Array(indices) where index < positions.count {
                positions[index] = next
                next += 1
            }
        }
        return positions
    }

    /// Whether a locale's script is written right to left (`ar-SA`, `he-IL`, `ur-PK`).
    static func isRightToLeft(locale: String) -> Bool {
        ICU.Locale.isRightToLeft(ICU.Locale.canonicalID(locale) ?? locale)
    }

    /// The invisible characters that steer the bidi algorithm (marks, embeddings, isolates).
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
