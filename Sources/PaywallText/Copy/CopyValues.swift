/// The argument values of one product or offer, as one rendering pass formatted them: the
/// texts (isolated in a right-to-left sentence, as the built-in messages' pieces are), the
/// numbers, the keywords, and which arguments have a value at all.
struct CopyValues: Sendable {
    /// Texts by argument index (``CopyArgument/index``); empty where the argument is not a
    /// text or has no value.
    private(set) var texts: [String]
    /// Numbers, and keywords as their position in ``CopyArgument/keywords``, by argument index.
    private(set) var integers: [Int]
    /// The arguments that have a value.
    private(set) var present = CopyArgumentSet()
    /// Whether each text is wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE, as the
    /// pieces of the built-in messages are in a right-to-left sentence (``MessageValues``).
    let isolatesPieces: Bool

    init(isolatesPieces: Bool) {
        self.isolatesPieces = isolatesPieces
        texts = Array(repeating: "", count: CopyArgument.ordered.count)
        integers = Array(repeating: 0, count: CopyArgument.ordered.count)
    }

    mutating func set(_ argument: CopyArgument, text: String) {
        texts[argument.index] = isolatesPieces ? "\u{2068}\(text)\u{2069}" : text
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

/// What a copy message's output depends on beyond its texts: the message, and the numbers
/// and keywords it uses (the others are left out, so that they do not split its templates).
struct CopyTemplateKey: Hashable {
    let message: Int
    private let count: Int, savingsPercent: Int, offerCount: Int
    private let unit: Int, offerUnit: Int, offerPaymentMode: Int
    private let offerPhases: Int, plan: Int

    init(message: Int, uses: CopyArgumentSet, values: CopyValues) {
        func value(_ argument: CopyArgument) -> Int {
            uses.contains(argument) ? values.integers[argument.index] : Int.min
        }
        self.message = message
        count = value(.count)
        savingsPercent = value(.savingsPercent)
        offerCount = value(.offerCount)
        unit = value(.unit)
        offerUnit = value(.offerUnit)
        offerPaymentMode = value(.offerPaymentMode)
        offerPhases = value(.offerPhases)
        plan = value(.plan)
    }
}
