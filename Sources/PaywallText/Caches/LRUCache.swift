/// A bounded map that evicts the least recently used entry when it is full.
///
/// Not thread-safe: ``FormatterCache`` and ``ObjectPool`` put a lock around one, and a
/// ``RenderContext`` keeps its own (compiled messages keep their templates in a
/// ``TemplateTable``). Lookups and inserts are O(1): entries live in
/// arrays linked as a list from most to least recently used.
struct LRUCache<Key: Hashable, Value> {
    private struct Node {
        var key: Key
        var value: Value
        var newer: Int
        var older: Int
    }

    /// The most entries kept.
    let capacity: Int
    private var nodes: [Node] = []
    private var slots: [Key: Int] = [:]
    /// The most recently used node, or -1 when empty.
    private var newest = -1
    /// The least recently used node, or -1 when empty.
    private var oldest = -1

    init(capacity: Int) {
        precondition(capacity > 0, "an LRU cache holds at least one entry")
        self.capacity = capacity
    }

    var count: Int { slots.count }

    /// The value for a key, which becomes the most recently used.
    mutating func value(for key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        touch(slot)
        return nodes[slot].value
    }

    /// Stores a value as the most recently used, replacing any under the same key.
    /// Returns the value that made room (or was replaced), so that the caller can
    /// release it where it chooses, e.g. outside a lock.
    @discardableResult
    mutating func insert(_ value: Value, for key: Key) -> Value? {
        if let slot = slots[key] {
            let replaced = nodes[slot].value
            nodes[slot].value = value
            touch(slot)
            return replaced
        }
        if slots.count < capacity {
            nodes.append(Node(key: key, value: value, newer: -1, older: -1))
            let slot = nodes.count - 1
            slots[key] = slot
            linkAsNewest(slot)
            return nil
        }
        // Full: the oldest node's slot is reused for the new entry.
        let slot = oldest
        let evicted = nodes[slot].value
        slots[nodes[slot].key] = nil
        unlink(slot)
        nodes[slot] = Node(key: key, value: value, newer: -1, older: -1)
        slots[key] = slot
        linkAsNewest(slot)
        return evicted
    }

    /// Removes one entry, returning its value.
    @discardableResult
    mutating func remove(_ key: Key) -> Value? {
        guard let slot = slots.removeValue(forKey: key) else { return nil }
        let removed = nodes[slot].value
        unlink(slot)
        // Keep the arrays dense: move the last node into the freed slot.
        let last = nodes.count - 1
        if slot != last {
            nodes[slot] = nodes[last]
            slots[nodes[slot].key] = slot
            if nodes[slot].newer >= 0 { nodes[nodes[slot].newer].older = slot } else { newest = slot }
            if nodes[slot].older >= 0 { nodes[nodes[slot].older].newer = slot } else { oldest = slot }
        }
        nodes.removeLast()
        return removed
    }

    /// Removes the least recently used entry, returning its value.
    mutating func removeOldest() -> Value? {
        guard oldest >= 0 else { return nil }
        return remove(nodes[oldest].key)
    }

    /// Changes the value of a key in place, which becomes the most recently used; when
    /// `change` returns `false`, the entry is removed. `nil` when the key has no entry.
    mutating func change<Result>(_ key: Key, _ change: (inout Value) -> (result: Result, keep: Bool)) -> Result? {
        guard let slot = slots[key] else { return nil }
        let (result, keep) = change(&nodes[slot].value)
        if keep { touch(slot) } else { remove(key) }
        return result
    }

    /// The least recently used key.
    var oldestKey: Key? { oldest >= 0 ? nodes[oldest].key : nil }

    /// Removes the entries whose key matches, returning their values.
    mutating func removeAll(where matches: (Key) -> Bool) -> [Value] {
        var removed: [Value] = []
        for key in slots.keys where matches(key) {
            if let value = remove(key) { removed.append(value) }
        }
        return removed
    }

    /// Removes every entry, returning the values.
    mutating func removeAll() -> [Value] {
        let values = nodes.map(\.value)
        nodes.removeAll()
        slots.removeAll()
        newest = -1
        oldest = -1
        return values
    }

    /// Keys from the most to the least recently used.
    var keysByRecency: [Key] {
        var keys: [Key] = []
        var slot = newest
        while slot >= 0 {
            keys.append(nodes[slot].key)
            slot = nodes[slot].older
        }
        return keys
    }

    private mutating func touch(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        linkAsNewest(slot)
    }

    private mutating func linkAsNewest(_ slot: Int) {
        nodes[slot].newer = -1
        nodes[slot].older = newest
        if newest >= 0 { nodes[newest].newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }

    private mutating func unlink(_ slot: Int) {
        let newer = nodes[slot].newer, older = nodes[slot].older
        if newer >= 0 { nodes[newer].older = older } else { newest = older }
        if older >= 0 { nodes[older].newer = newer } else { oldest = newer }
        nodes[slot].newer = -1
        nodes[slot].older = -1
    }
}
