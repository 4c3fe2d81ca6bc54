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
        texts[argument.index] = text
        present.insert(argument)
    }

    mutating func set(_ argument: CopyArgument, number: Int) {
        integers[argument.index] = number
        present.insert(argument)
    }

    /// Sets a keyword argument to one of its ``CopyArgument/keywords``.
    mutating func set(_ argument: CopyArgument, keyword: String) {
        guard let position = argument.keywords.firstIndex(of: keyword) else { return }
        integers[argument.index] = position
        present.insert(argument)
    }

    /// The text of a text argument, empty when it has none.
    func text(_ argument: CopyArgument) -> String {
        texts[argument.index]
    }

    /// The number of a number argument, 0 when it has none.
    func number(_ argument: CopyArgument) -> Int {
        integers[argument.index]
    }

    /// The keyword of a keyword argument, `other` when it has none (then no message uses it).
    func keyword(_ argument: CopyArgument) -> String {
        let keywords = argument.keywords, position = integers[argument.index]
        return present.contains(argument) && keywords.indices.contains(position) ? keywords[position] : "other"
    }

    /// Leaves an argument without a value.
    mutating func remove(_ argument: CopyArgument) {
        present.bits &= ~argument.bit
    }
}
