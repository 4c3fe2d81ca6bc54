/// The templates of a folder's compiled messages (``CompiledMessages``: a catalog's or a
/// copy folder's, ``MessageTemplate``): a short list per message of the integers and
/// keywords each was made for, searched in order, since a message meets only a few
/// combinations of count and unit. A lookup compares a few integers and no hash is
/// computed, which a render does about thirty times. A message that meets many
/// combinations (a server rendering periods of many lengths) is searched longer, at most
/// `capacity` comparisons. When the table holds `capacity` templates, the least recently
/// used one makes room.
struct TemplateTable {
    private struct Entry {
        let arguments: TemplateArguments
        let template: MessageTemplate
        /// When the template was last used, by ``clock``.
        var used: UInt64
    }

    /// The most templates kept.
    let capacity: Int
    /// The templates of each message, by its position in its folder (``MessageFolder``).
    private var lists: [[Entry]]
    private(set) var count = 0
    /// Counts lookups and inserts: an entry's ``Entry/used`` orders it by recency.
    private var clock: UInt64 = 0

    init(messages: Int, capacity: Int) {
        precondition(capacity > 0, "a template table holds at least one template")
        self.capacity = capacity
        lists = Array(repeating: [], count: messages)
    }

    /// The template of a message for these integers and keyword, which becomes the most
    /// recently used.
    mutating func template(_ message: Int, _ arguments: TemplateArguments) -> MessageTemplate? {
        clock &+= 1
        let now = clock
        // Through the buffer, so that each entry is compared where it is, not copied out
        // (a copy retains its keywords and template on every comparison).
        return lists[message].withUnsafeMutableBufferPointer { entries in
            for index in entries.indices where entries[index].arguments == arguments {
                entries[index].used = now
                return entries[index].template
            }
            return nil
        }
    }

    /// Stores a template that ``template(_:_:)`` did not find. Returns the template that made
    /// room, when the table was full.
    mutating func insert(_ template: MessageTemplate, _ message: Int, _ arguments: TemplateArguments) -> MessageTemplate? {
        var evicted: MessageTemplate?
        if count == capacity {
            evicted = removeLeastRecentlyUsed()
        }
        clock &+= 1
        lists[message].append(Entry(arguments: arguments, template: template, used: clock))
        count += 1
        return evicted
    }

    /// Removes the template used longest ago: a pass over every entry, which happens only
    /// when a full table takes a new template.
    private mutating func removeLeastRecentlyUsed() -> MessageTemplate? {
        var oldest: (message: Int, index: Int, used: UInt64)?
        for message in lists.indices {
            for index in lists[message].indices where lists[message][index].used < oldest?.used ?? .max {
                oldest = (message, index, lists[message][index].used)
            }
        }
        guard let oldest else { return nil }
        count -= 1
        return lists[oldest.message].remove(at: oldest.index).template
    }
}
