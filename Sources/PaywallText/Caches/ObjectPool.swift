/// A bounded, process-wide pool of objects that only one thread at a time may use:
/// ICU MessageFormat clones with their buffers and templates, and a case map, together in
/// a render context. A render takes one object for its key, uses it alone, and gives it
/// back; another render, on any thread, then reuses it.
///
/// The pool owns at most ``maximumEntries`` objects and ``maximumBytes`` (by the objects'
/// own estimates), idle and in use together. When it is full, the least recently used idle
/// objects are closed to make room; when every object it owns is in use (more renders at
/// once than the pool holds), a render gets an object of its own, which is closed when the
/// render gives it back. So memory is bounded per process, whatever the number of threads.
/// At most ``maximumIdlePerKey`` idle objects are kept per key: beyond the number of renders
/// that run at once in one locale, more copies would only hold memory.
///
/// Objects are made and closed outside the lock.
final class ObjectPool<Key: Hashable & Sendable, Object: AnyObject & PooledObject>: @unchecked Sendable, CacheAccounting {
    // `@unchecked`: every stored property but the constants is used only while `lock` is
    // held, and an object is used by one thread at a time: the one that took it.

    let name: String
    let maximumEntries: Int
    let maximumBytes: Int
    let maximumIdlePerKey: Int
    private let lock = PThreadLock()
    /// Idle objects by key, the most recently given back last.
    private var idle: LRUCache<Key, [Object]>
    /// The objects the pool owns, idle or in use, with the bytes each held when last given back.
    private var owned: [ObjectIdentifier: Int] = [:]
    private var bytes = 0

    init(_ name: String, maximumEntries: Int, maximumBytes: Int, maximumIdlePerKey: Int) {
        self.name = name
        self.maximumEntries = maximumEntries
        self.maximumBytes = maximumBytes
        self.maximumIdlePerKey = maximumIdlePerKey
        idle = LRUCache(capacity: maximumEntries)
    }

    /// Runs `body` with an object of `key`: an idle one, or one that `make` makes.
    func withObject<Result, Failure: Error>(
        for key: Key, make: () throws(Failure) -> Object, _ body: (Object) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // A key's stack stays in the pool when it empties, so that giving the object back
        // finds it in place (most renders take and give back the only idle object of a key).
        let found = lock.withLock { () -> Object? in
            idle.change(key) { stack in (stack.popLast(), true) } ?? nil
        }
        let object: Object
        if let found { object = found } else { object = try make() }
        defer { giveBack(object, for: key) }
        return try body(object)
    }

    private func giveBack(_ object: Object, for key: Key) {
        let size = object.estimatedBytes
        let id = ObjectIdentifier(object)
        let closed = lock.withLock { () -> [Object] in
            var closed: [Object] = []
            let previous = owned[id]
            let idleCount = idle.value(for: key)?.count ?? 0
            guard idleCount < maximumIdlePerKey else {
                // Enough idle objects of this key: this one is closed.
                if let previous {
                    bytes -= previous
                    owned[id] = nil
                }
                return [object]
            }
            if previous == nil {
                // A new object joins the pool if room can be made by closing idle objects of
                // other keys (this key's are kept: renders in this locale are under way).
                while owned.count >= maximumEntries || bytes + size > maximumBytes, let oldest = closeOldestIdle(sparing: key) {
                    closed.append(oldest)
                }
                guard owned.count < maximumEntries, bytes + size <= maximumBytes else {
                    return closed + [object]  // every owned object is in use: this one was the render's own
                }
            }
            if previous != size {
                bytes += size - (previous ?? 0)
                owned[id] = size
            }
            if idle.change(key, { stack in stack.append(object); return ((), true) }) == nil,
               let evicted = idle.insert([object], for: key) {
                // The pool holds as many keys as objects: the oldest key (an empty stack, or
                // the objects of a locale not used for the longest time) makes room.
                for victim in evicted { bytes -= owned.removeValue(forKey: ObjectIdentifier(victim)) ?? 0 }
                closed += evicted
            }
            // An object that grew may take the pool over its bytes: close idle ones, oldest first.
            while bytes > maximumBytes, let oldest = closeOldestIdle(sparing: nil) {
                closed.append(oldest)
            }
            return closed
        }
        _ = closed  // closed here, after the lock
    }

    /// Takes the least recently used idle object out of the pool (lock held), unless it is
    /// of the key spared.
    private func closeOldestIdle(sparing spared: Key?) -> Object? {
        var victim: Object?
        // Keys whose stacks emptied (their objects are in use) are dropped on the way.
        while victim == nil, let oldest = idle.oldestKey, oldest != spared {
            victim = idle.change(oldest) { stack -> (result: Object?, keep: Bool) in
                let object = stack.isEmpty ? nil : stack.removeFirst()
                return (object, !stack.isEmpty)
            } ?? nil
        }
        if let victim { bytes -= owned.removeValue(forKey: ObjectIdentifier(victim)) ?? 0 }
        return victim
    }

    /// Closes the idle objects whose key matches (a reloaded catalog's contexts).
    func removeAll(where matches: (Key) -> Bool) {
        let closed = lock.withLock { () -> [[Object]] in
            let removed = idle.removeAll(where: matches)
            for stack in removed {
                for object in stack { bytes -= owned.removeValue(forKey: ObjectIdentifier(object)) ?? 0 }
            }
            return removed
        }
        _ = closed
    }

    var usage: CacheUsage {
        lock.withLock { CacheUsage(entries: owned.count, bytes: bytes) }
    }
}

/// An object an ``ObjectPool`` holds.
protocol PooledObject {
    /// The bytes the object holds now, estimated; read by the thread that uses it, when it
    /// gives the object back.
    var estimatedBytes: Int { get }
}
