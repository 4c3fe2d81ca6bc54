/// A copy folder's messages compiled by ICU for one sentence locale, each on first use,
/// with the templates of the outputs formatted so far (``MessageTemplate``).
///
/// ICU's MessageFormat must not be used by two threads at once, so a set is used by one
/// render at a time: renders take one from the ``PaywallCopy``'s pool and give it back.
final class CopyMessageSet: PooledObject {
    /// The locale the messages are compiled for (plural rules, the digits `#` prints): the
    /// sentence locale of a render context (``RenderContext/sentence``).
    let locale: String
    private let messages: [CopyMessage]
    private var formats: [ICU.MessageFormat?]
    private var templates = LRUCache<CopyTemplateKey, MessageTemplate>(capacity: CopyMessageSet.templateCapacity)
    private var leftOutWarnings = LRUCache<LeftOut, ProductWarning>(capacity: CopyMessageSet.templateCapacity)
    private(set) var estimatedBytes = 4096

    /// Templates one set keeps: each message in a few combinations of counts and keywords.
    static let templateCapacity = 1024

    init(locale: String, messages: [CopyMessage]) {
        self.locale = locale
        self.messages = messages
        formats = Array(repeating: nil, count: messages.count)
    }

    /// Formats a message with a product's or an offer's values, which hold every argument
    /// the message uses; through the template of its numbers and keywords.
    func format(_ message: CopyMessage, _ values: CopyValues) throws(PaywallTextError) -> String {
        let key = CopyTemplateKey(message: message.index, uses: message.uses, values: values)
        if let template = templates.value(for: key) {
            return template.filled(with: values.texts)
        }
        // The texts as placeholders (a text argument is only ever a plain insertion, which the
        // checks make sure of), the numbers and keywords as they are.
        let template = MessageTemplate(output: try format(message, arguments(values, placeholders: true)))
        if let evicted = templates.insert(template, for: key) {
            estimatedBytes -= evicted.estimatedBytes
        }
        estimatedBytes += template.estimatedBytes
        return template.filled(with: values.texts)
    }

    /// The warning of a message left out, made by `make` the first time.
    func leftOut(_ key: LeftOut, make: () -> ProductWarning) -> ProductWarning {
        if let warning = leftOutWarnings.value(for: key) { return warning }
        let warning = make()
        if let evicted = leftOutWarnings.insert(warning, for: key) {
            estimatedBytes -= 64 + evicted.path.utf8.count + evicted.message.utf8.count
        }
        estimatedBytes += 64 + warning.path.utf8.count + warning.message.utf8.count
        return warning
    }

    /// Formats a message by ICU with the texts themselves, without a template: what
    /// ``format(_:_:)`` must always equal.
    func formatDirectly(_ message: CopyMessage, _ values: CopyValues) throws(PaywallTextError) -> String {
        try format(message, arguments(values, placeholders: false))
    }

    /// Every argument in ICU's order: each text as itself or as its template placeholder.
    private func arguments(_ values: CopyValues, placeholders: Bool) -> ICU.MessageFormat.Arguments {
        var arguments = ICU.MessageFormat.Arguments(capacity: CopyArgument.ordered.count)
        for argument in CopyArgument.ordered {
            switch argument.kind {
            case .text: arguments.append(placeholders ? MessageTemplate.placeholder(argument.index) : values.texts[argument.index])
            case .number: arguments.append(values.integers[argument.index])
            case .keyword: arguments.append(values.keyword(argument))
            }
        }
        return arguments
    }

    private func format(_ message: CopyMessage, _ arguments: ICU.MessageFormat.Arguments) throws(PaywallTextError) -> String {
        do {
            return try compiled(message).format(arguments)
        } catch {
            throw PaywallTextError(.formattingFailed, catalog: CatalogLocation(file: message.file, key: message.key), message: "\(error)")
        }
    }

    /// A message compiled by ICU, on first use.
    private func compiled(_ message: CopyMessage) throws(PaywallTextError) -> ICU.MessageFormat {
        if let format = formats[message.index] { return format }
        do {
            // Every message receives every argument, in one order; each uses those it names.
            let format = try ICU.MessageFormat(pattern: message.pattern, locale: locale, arguments: CopyArgument.names)
            formats[message.index] = format
            estimatedBytes += MessageSet.compiledBytes(message.pattern)
            return format
        } catch {
            throw PaywallTextError(.invalidCatalog, catalog: CatalogLocation(file: message.file, key: message.key), message: "\(error)")
        }
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
    /// The cases the message applies to (the source file's `when`), each a keyword argument
    /// with its values; empty for a message shown in every case.
    var conditions: [CopyCondition] = []
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
