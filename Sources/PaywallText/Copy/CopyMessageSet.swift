/// A copy folder's messages compiled for one sentence locale (``CompiledMessages``), with
/// the scratch values a render collects each message's arguments in.
///
/// ICU's MessageFormat must not be used by two threads at once, so a set belongs to one
/// render context, beside the catalog's messages (``RenderContext/copyMessages(of:)``),
/// and one render at a time uses it.
final class CopyMessageSet {
    /// The copy folder the messages are compiled from (``PaywallCopy/id``).
    let copy: UInt64
    private var compiled: CompiledMessages<CopyMessages>
    /// Reused by every call (see ``MessageSet``): each text isolated in a right-to-left
    /// sentence, as the built-in messages' pieces are.
    private var scratch: MessageValues

    /// Templates one set keeps: each message in a few combinations of counts and keywords.
    static let templateCapacity = 1024

    init(copy: PaywallCopy, locale: String) {
        self.copy = copy.id
        compiled = CompiledMessages(CopyMessages(messages: copy.messages), locale: locale, templateCapacity: CopyMessageSet.templateCapacity)
        scratch = MessageValues(capacity: 8, isolatesPieces: ICU.Locale.isRightToLeft(locale), mode: .collecting)
    }

    /// The locale the messages are compiled for (plural rules, the digits `#` prints).
    var locale: String { compiled.locale }
    /// The bytes the compiled messages and templates hold, estimated.
    var estimatedBytes: Int { 4096 + compiled.estimatedBytes }
    /// How many templates the set keeps.
    var templateCount: Int { compiled.templateCount }

    /// Formats a message with a product's or an offer's values, which hold every argument
    /// the message uses; through the template of its numbers and keywords.
    func format(_ message: CopyMessage, _ values: CopyValues) throws(PaywallTextError) -> String {
        try compiled.format(message.index, CopyMessageArguments(values: values, uses: message.uses), collectingIn: &scratch)
    }

    /// Formats a message by ICU with the texts themselves, without a template: what
    /// ``format(_:_:)`` must always equal.
    func formatDirectly(_ message: CopyMessage, _ values: CopyValues) throws(PaywallTextError) -> String {
        var direct = MessageValues(capacity: 8, isolatesPieces: scratch.isolatesPieces, mode: .texts)
        CopyMessageArguments(values: values, uses: message.uses).visit(&direct)
        return try compiled.format(message.index, direct)
    }
}

/// A copy folder's messages as a folder of messages: each file's keys in turn, each message
/// compiled with the copy arguments it uses (``CopyMessage/uses``), in their declared order.
struct CopyMessages: MessageFolder {
    let messages: [CopyMessage]

    var messageCount: Int { messages.count }

    func pattern(at index: Int) -> String? { messages[index].pattern }

    func argumentNames(at index: Int) -> [String] { messages[index].argumentNames }

    func location(at index: Int) -> CatalogLocation { CatalogLocation(file: messages[index].file, key: messages[index].key) }
}

/// The arguments of one copy message: the values of a product or an offer, of the
/// arguments the message uses, in their declared order (``CopyArgument``), as catalog
/// messages' arguments are given (``MessageArguments``): the texts placed as they are, the
/// numbers and keywords the key of its template.
struct CopyMessageArguments: MessageArguments {
    let values: CopyValues
    let uses: CopyArgumentSet

    func visit<Visitor: MessageArgumentVisitor>(_ visitor: inout Visitor) {
        var bits = uses.bits
        while bits != 0 {
            let index = bits.trailingZeroBitCount
            bits &= bits - 1
            let argument = CopyArgument.ordered[index]
            switch argument.kind {
            case .text: visitor.text(argument.name, Text(values.text(at: index)))
            case .number: visitor.number(argument.name, values.number(at: index))
            case .keyword: visitor.keyword(argument.name, values.keyword(at: index))
            }
        }
    }

    /// Every argument, each with a typical value.
    static var sample: CopyMessageArguments {
        var values = CopyValues()
        for argument in CopyArgument.ordered {
            switch argument.kind {
            case .text: values.set(argument, text: argument.name)
            case .number: values.set(argument, number: 3)
            case .keyword: values.set(argument, keyword: argument.keywords[0])
            }
        }
        return CopyMessageArguments(values: values, uses: values.present)
    }
}

/// One message of a copy folder: where it is, its pattern, and the arguments it uses.
struct CopyMessage: Sendable {
    /// Its position among the folder's messages, for the compiled formats and templates.
    let index: Int
    /// The file as it was read (`Copy/fr.json`).
    let file: String
    /// The file's name without `.json` (`fr`).
    let language: String
    let key: String
    let pattern: String
    /// Every argument the pattern names, in any branch.
    let uses: CopyArgumentSet
    /// The names of ``uses``, in their declared order: the arguments ICU compiles the
    /// message with, and the order ``CopyMessageArguments`` gives their values in.
    let argumentNames: [String]
    /// The cases the message applies to (the source file's `when`), each a keyword argument
    /// with its values; empty for a message shown in every case.
    var conditions: [CopyCondition] = []

    init(index: Int, file: String, language: String, key: String, pattern: String, uses: CopyArgumentSet, conditions: [CopyCondition]) {
        self.index = index
        self.file = file
        self.language = language
        self.key = key
        self.pattern = pattern
        self.uses = uses
        argumentNames = CopyArgument.ordered.filter(uses.contains).map(\.name)
        self.conditions = conditions
    }
}

/// One case of a copy message's `when`: a keyword argument and the values it applies to.
struct CopyCondition: Sendable, Hashable {
    let argument: CopyArgument
    let values: [String]

    /// The conditions of a `when` that ``CopyLinter`` accepted (names of keyword arguments).
    static func conditions(_ when: [String: [String]]?) -> [CopyCondition] {
        (when ?? [:]).compactMap { name, values in CopyArgument(name: name).map { CopyCondition(argument: $0, values: values) } }
            .sorted { $0.argument.index < $1.argument.index }
    }
}
