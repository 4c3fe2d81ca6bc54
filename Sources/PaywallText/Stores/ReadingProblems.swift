/// How a reader names every problem of a product (PRODUCT §12a), inside
/// `DraftItem(collecting:)`: the product's own fields are read one by one into a list of
/// their own, each part (an offer) is read on its own and left out when it is at fault, and
/// the product fails only for its own fields.
extension ProblemList {
    /// Reads a part of a product (an offer) on its own: when `read` finds a problem, every
    /// one it found is added to this list and the part is left out (`nil`); the paths it
    /// recorded are kept only when it is read.
    mutating func part<Value>(
        paths: inout DocumentPaths, _ read: (_ own: inout ProblemList, _ paths: inout DocumentPaths) -> Value?
    ) -> Value? {
        var own = ProblemList()
        var local = paths
        let value = read(&own, &local)
        guard own.count == 0, let value else {
            for error in own.errors { append(error) }
            return nil
        }
        paths = local
        return value
    }

    /// Adds a product's problems in document order: `own`, those of the product's own fields,
    /// then `parts`, those of the parts left out. When `own` has any, its first is thrown:
    /// the product fails, with all of them, and `made`, what the reader made of the product
    /// from the fields it could read, is kept as ``partial`` for the model's checks.
    mutating func add(own: ProblemList, parts: ProblemList, made: @autoclosure () -> ProductDraft) throws(PaywallTextError) {
        for error in own.errors.dropFirst() + parts.errors { append(error) }
        if let first = own.errors.first {
            partial = made()
            throw first
        }
    }
}

/// The members of an object that its format does not define, each a warning: an object that
/// holds offers (a subscription, a base plan, a package) would otherwise lose one under a
/// misspelt key in silence. A member the format defines is never warned, whether the reader
/// needs it or not.
enum UnknownMembers {
    /// A warning for each member of `object` that is not in `known`: `is not read: it is no
    /// member of <what>`, and the known key it stands for when one is close
    /// (``KeySpelling/closest(to:among:)``), or that `aliases` gives for it (another SDK's name
    /// for the field: Flutter's `introductoryPrice` for RevenueCat's `introPrice`), as `writer`
    /// spells it (`; Xcode writes "winbackOffers"`). Nothing for a value that is not an object
    /// (its own reading says what is wrong with it).
    static func warnings(
        of object: JSONField, known: Set<String>, aliases: [String: String] = [:], what: String, writer: String
    ) -> [ProductWarning] {
        guard case .object(let members) = object.value else { return [] }
        return members.filter { !known.contains($0.key) }.map { member in
            let spelling = (aliases[member.key] ?? KeySpelling.closest(to: member.key, among: known)).map { "; \(writer) writes \(quoted($0))" } ?? ""
            return ProductWarning(path: object.path(of: member.key), message: "is not read: it is no member of \(what)\(spelling)")
        }
    }

    /// The same warnings as problems of the document at `index` (for an object that belongs to
    /// no one product, such as a RevenueCat package or a Play Console offer).
    static func problems(of object: JSONField, index: Int, known: Set<String>, what: String, writer: String) -> [DocumentProblem] {
        warnings(of: object, known: known, what: what, writer: writer).map { warning in
            DocumentProblem(index: index, path: warning.path, severity: .warning,
                            error: PaywallTextError(.unused, path: warning.path, message: warning.message))
        }
    }
}

/// The known key a misspelt one stands for, for warnings about a key that is not read.
enum KeySpelling {
    /// The known key closest to `key`: the same but for letter case, else at most two edits
    /// away (and fewer than a third of its length); `nil` when none is, or two are as close.
    static func closest(to key: String, among known: some Collection<String>) -> String? {
        let lowered = Array(key.lowercased().unicodeScalars)
        if let same = known.first(where: { $0.lowercased() == key.lowercased() }) { return same }
        let limit = min(2, lowered.count / 3)
        let scored = known.map { (key: $0, distance: distance(lowered, Array($0.lowercased().unicodeScalars))) }
            .filter { $0.distance <= limit }
            .sorted { ($0.distance, $0.key) < ($1.distance, $1.key) }
        guard let best = scored.first, scored.dropFirst().first?.distance != best.distance else { return nil }
        return best.key
    }

    /// Levenshtein distance.
    private static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
