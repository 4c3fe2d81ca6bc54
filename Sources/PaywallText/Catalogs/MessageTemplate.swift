/// ICU's output for one message and one set of integer and keyword arguments, with a
/// placeholder where each text argument goes.
///
/// Why this is exact: the catalog checks allow a text argument (`{price}`, `{duration}`)
/// only as a plain `{name}` insertion, which ICU's MessageFormat copies into its output as
/// it is; `plural`, `select` and `#` work on the integer and keyword arguments alone. So
/// for fixed integers and keywords ICU's output is a fixed text with the text arguments
/// inserted, and formatting once with placeholders (characters of Unicode's private use
/// plane 15, which no formatted piece contains) gives that text. ICU still writes every
/// sentence; the template saves calling it again for the next price. A test compares
/// template and direct formatting for every message of every catalog.
struct MessageTemplate {
    /// Literal text before, between and after the arguments: one more than `arguments`.
    fileprivate let literals: [String]
    /// Which text argument goes after each literal but the last.
    fileprivate let arguments: [Int]

    /// The placeholder of text argument `index`.
    static func placeholder(_ index: Int) -> String {
        String(Unicode.Scalar(firstPlaceholder + UInt32(index))!)
    }

    private static let firstPlaceholder: UInt32 = 0xF0000
    /// At most this many text arguments (the most any message receives is 9).
    static let maximumArguments = 64

    /// Splits ICU's output at the placeholders.
    init(output: String) {
        var literals: [String] = []
        var arguments: [Int] = []
        var current = String.UnicodeScalarView()
        for scalar in output.unicodeScalars {
            let offset = Int(scalar.value) - Int(MessageTemplate.firstPlaceholder)
            if offset >= 0, offset < MessageTemplate.maximumArguments {
                literals.append(String(current))
                current = String.UnicodeScalarView()
                arguments.append(offset)
            } else {
                current.append(scalar)
            }
        }
        literals.append(String(current))
        self.literals = literals
        self.arguments = arguments
    }

    /// The message with these texts in place of the placeholders.
    func filled(with texts: [String]) -> String {
        guard !arguments.isEmpty else { return literals[0] }
        var length = literals[0].utf8.count
        for (position, argument) in arguments.enumerated() {
            length += texts[argument].utf8.count + literals[position + 1].utf8.count
        }
        var result = literals[0]
        result.reserveCapacity(length)
        for (position, argument) in arguments.enumerated() {
            result += texts[argument]
            result += literals[position + 1]
        }
        return result
    }
}

extension MessageTemplate {
    /// The spans of the message's runs with these arguments' spans in place of the
    /// placeholders: the literal text as spans without a role, each argument's spans after
    /// it, wrapped in isolates (literal text) when `isolating`.
    func filledSpans(with arguments: [[TextSpan]], isolating: Bool) -> [TextSpan] {
        // FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE are 3 bytes each in UTF-8.
        let isolate = isolating ? 3 : 0
        var spans = SpanList(capacity: 2 * self.arguments.count + 1)
        spans.literal(literals[0].utf8.count)
        for (position, argument) in self.arguments.enumerated() {
            spans.literal(isolate)
            spans.append(contentsOf: arguments[argument])
            spans.literal(isolate)
            spans.literal(literals[position + 1].utf8.count)
        }
        return spans.spans
    }
}

/// What a template depends on besides its message: the integers and keywords of one call,
/// in order. Catalog messages receive at most two integers (`periods`, `count`) and three
/// keywords (`unit` and the first words of two amounts, `priceWord`); more go to `overflow`
/// (a spoken form's cases, ``SpokenArguments``; a copy message that uses more, such as
/// `{count}`, `{offerCount}` and `{offerPhases}` together).
struct TemplateArguments: Equatable {
    private var first = Int.min, second = Int.min
    private var keyword: String?, secondKeyword: String?, thirdKeyword: String?
    private var overflow: [String] = []

    mutating func append(_ integer: Int) {
        if first == Int.min { first = integer } else if second == Int.min { second = integer } else { overflow.append(String(integer)) }
    }

    mutating func append(keyword: String) {
        if self.keyword == nil {
            self.keyword = keyword
        } else if secondKeyword == nil {
            secondKeyword = keyword
        } else if thirdKeyword == nil {
            thirdKeyword = keyword
        } else {
            overflow.append(keyword)
        }
    }
}

extension MessageTemplate {
    /// The bytes the template holds, estimated: its literals and the argument list.
    var estimatedBytes: Int {
        literals.reduce(64 + 8 * arguments.count) { $0 + 32 + $1.utf8.count }
    }
}
