/// The argument values of one product or offer, as one rendering pass formatted them: the
/// texts, the numbers, the keywords, and which arguments have a value at all. A message
/// receives those it uses through ``CopyMessageArguments``, which isolates each text in a
/// right-to-left sentence, as the built-in messages' pieces are.
struct CopyValues: Sendable {
    /// Texts by argument index (``CopyArgument/index``); empty where the argument is not a
    /// text or has no value.
    private var texts: [String]
    /// Numbers, and keywords as their position in ``CopyArgument/keywords``, by argument index.
    private var integers: [Int]
    /// The arguments that have a value.
    private(set) var present = CopyArgumentSet()

    init() {
        texts = Array(repeating: "", count: CopyArgument.ordered.count)
        integers = Array(repeating: 0, count: CopyArgument.ordered.count)
    }

    mutating func set(_ argument: CopyArgument, text: String) {
        let index = argument.index
        texts[index] = text
        present.bits |= 1 << UInt32(index)
    }

    mutating func set(_ argument: CopyArgument, number: Int) {
        let index = argument.index
        integers[index] = number
        present.bits |= 1 << UInt32(index)
    }

    /// Sets a keyword argument to one of its ``CopyArgument/keywords``.
    mutating func set(_ argument: CopyArgument, keyword: String) {
        guard let position = argument.keywords.firstIndex(of: keyword) else { return }
        let index = argument.index
        integers[index] = position
        present.bits |= 1 << UInt32(index)
    }

    /// The text of the text argument at `index` (``CopyArgument/index``), empty when it has none.
    func text(at index: Int) -> String {
        texts[index]
    }

    /// The number of the number argument at `index`, 0 when it has none.
    func number(at index: Int) -> Int {
        integers[index]
    }

    /// The keyword of a keyword argument, `other` when it has none (then no message uses it).
    func keyword(_ argument: CopyArgument) -> String {
        keyword(at: argument.index)
    }

    /// The keyword of the keyword argument at `index`, `other` when it has none.
    func keyword(at index: Int) -> String {
        let keywords = CopyArgument.ordered[index].keywords, position = integers[index]
        return present.bits & (1 << UInt32(index)) != 0 && keywords.indices.contains(position) ? keywords[position] : "other"
    }

    /// Leaves an argument without a value.
    mutating func remove(_ argument: CopyArgument) {
        present.bits &= ~argument.bit
    }
}
