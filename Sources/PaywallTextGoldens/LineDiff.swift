/// A unified diff of two texts, line by line, with three lines of context.
package enum LineDiff {
    private typealias Edit = LineEdit

    /// `--- expected` / `+++ actual` and `@@` hunks, or an empty string when the texts are equal.
    /// As in `git diff`, each hunk header ends with the heading its first change is under:
    /// the last line before it that starts with `## ` (a golden file's section, a snapshot's
    /// product).
    static func unified(expected: String, actual: String, expectedName: String, actualName: String, context: Int = 3) -> String {
        let old = lines(expected), new = lines(actual)
        let edits = diff(old, new)
        guard edits.contains(where: { if case .same = $0 { return false } else { return true } }) else { return "" }

        var output = "--- \(expectedName)\n+++ \(actualName)\n"
        // Positions in the old and new texts before each edit.
        var positions: [(Int, Int)] = []
        var oldLine = 0, newLine = 0
        for edit in edits {
            positions.append((oldLine, newLine))
            switch edit {
            case .same: oldLine += 1; newLine += 1
            case .removed: oldLine += 1
            case .added: newLine += 1
            }
        }
        let changed = edits.indices.filter { if case .same = edits[$0] { return false } else { return true } }
        var index = 0
        while index < changed.count {
            // Grow a hunk while the next change is within 2 × context lines.
            var last = changed[index]
            var next = index + 1
            while next < changed.count, changed[next] - last <= 2 * context {
                last = changed[next]
                next += 1
            }
            let start = max(0, changed[index] - context), end = min(edits.count - 1, last + context)
            let slice = edits[start...end]
            let oldCount = slice.filter { if case .added = $0 { return false } else { return true } }.count
            let newCount = slice.filter { if case .removed = $0 { return false } else { return true } }.count
            let (oldStart, newStart) = positions[start]
            let heading = edits[..<changed[index]].last { edit in
                if case .same(let line) = edit { line.hasPrefix("## ") } else { false }
            }
            var header = "@@ -\(oldStart + 1),\(oldCount) +\(newStart + 1),\(newCount) @@"
            if case .same(let line)? = heading { header += " " + line }
            output += header + "\n"
            for edit in slice {
                switch edit {
                case .same(let line): output += " \(line)\n"
                case .removed(let line): output += "-\(line)\n"
                case .added(let line): output += "+\(line)\n"
                }
            }
            index = next
        }
        return output
    }

    private static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// A shortest edit script by longest common subsequence (golden files are a few hundred lines).
    private static func diff(_ old: [String], _ new: [String]) -> [Edit] {
        let n = old.count, m = new.count
        var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var edits: [Edit] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, old[i] == new[j] {
                edits.append(.same(old[i])); i += 1; j += 1
            } else if i < n, j == m || table[i + 1][j] >= table[i][j + 1] {
                // Removals before additions, as in `diff -u`.
                edits.append(.removed(old[i])); i += 1
            } else {
                edits.append(.added(new[j])); j += 1
            }
        }
        return edits
    }
}

// MARK: - The edit list, for side-by-side views

/// One line of a comparison: in both texts, only in the old one, or only in the new one.
package enum LineEdit: Equatable, Sendable {
    case same(String)
    case removed(String)
    case added(String)
}

extension LineDiff {
    /// The edits that turn `expected` into `actual`, line by line, as
    /// ``unified(expected:actual:expectedName:actualName:context:)`` computes them (removals
    /// before additions within a change); equal texts are all `.same`.
    package static func edits(expected: String, actual: String) -> [LineEdit] {
        let old = lines(expected)
        // Equal texts need no table: the common case on a review page.
        if expected == actual { return old.map(LineEdit.same) }
        return diff(old, lines(actual))
    }
}
