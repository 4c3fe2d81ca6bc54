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
    /// the product fails, with all of them.
    mutating func add(own: ProblemList, parts: ProblemList) throws(PaywallTextError) {
        for error in own.errors.dropFirst() + parts.errors { append(error) }
        if let first = own.errors.first { throw first }
    }
}
