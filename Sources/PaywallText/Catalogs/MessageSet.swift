/// One thread's copies of a catalog's compiled messages, in ``MessageKey/allCases`` order,
/// with the templates of the outputs it has formatted (see ``MessageTemplate``).
///
/// `@unchecked Sendable`: a set belongs to one thread (see ``ThreadCaches``); the
/// prototype inside ``CompiledCatalog`` is only cloned, never formatted with once shared.
final class MessageSet: @unchecked Sendable {
    let catalog: String
    /// Whether the sentences are right to left, so that their pieces are isolated.
    let isRightToLeft: Bool
    private let formats: [ICU.MessageFormat]
    private var templates = LRUCache<MessageTemplateKey, MessageTemplate>(capacity: MessageSet.templateCapacity)
    /// Reused by every call, so that collecting a message's values allocates nothing once
    /// its storage has grown (formatting never nests, and a set serves one thread).
    private var scratch: MessageValues

    /// Templates one set keeps: each message in a few hundred combinations of count and unit.
    static let templateCapacity = 512

    init(catalog: String, isRightToLeft: Bool, formats: [ICU.MessageFormat]) {
        self.catalog = catalog
        self.isRightToLeft = isRightToLeft
        self.formats = formats
        scratch = MessageValues(capacity: 12, isolatesPieces: isRightToLeft, mode: .collecting)
    }

    func clone() throws(PaywallTextError) -> MessageSet {
        do {
            return MessageSet(catalog: catalog, isRightToLeft: isRightToLeft,
                              formats: try formats.map { format throws(ICU.Failure) in try format.clone() })
        } catch {
            throw PaywallTextError(.formattingFailed, message: "\(catalog) catalog: \(error)")
        }
    }

    /// Formats a message with the arguments its type declares: through the template of
    /// its integers and keyword, which ICU makes on first use.
    func format<Arguments>(_ message: Message<Arguments>, _ arguments: Arguments) throws(PaywallTextError) -> String {
        scratch.reset()
        arguments.append(to: &scratch)
        let key = MessageTemplateKey(message: message.key.index, arguments: scratch.key)
        if let template = templates.value(for: key) {
            return template.filled(with: scratch.texts)
        }
        var placeholders = makeValues(capacity: Arguments.names.count, mode: .placeholders)
        arguments.append(to: &placeholders)
        return try makeTemplate(message.key, key, placeholders).filled(with: scratch.texts)
    }

    /// Formats a message by ICU with the texts themselves, without a template: what
    /// ``format(_:_:)`` must always equal.
    func formatDirectly<Arguments>(_ message: Message<Arguments>, _ arguments: Arguments) throws(PaywallTextError) -> String {
        var values = makeValues(capacity: Arguments.names.count, mode: .texts)
        arguments.append(to: &values)
        return try format(message.key, values)
    }

    /// Values for one of this set's messages.
    func makeValues(capacity: Int, mode: MessageValues.Mode) -> MessageValues {
        MessageValues(capacity: capacity, isolatesPieces: isRightToLeft, mode: mode)
    }

    /// Formats through the template, for values given with placeholders (see ``TemplateCheck``).
    func format(_ key: MessageKey, templated values: MessageValues) throws(PaywallTextError) -> String {
        let templateKey = MessageTemplateKey(message: key.index, arguments: values.key)
        if let template = templates.value(for: templateKey) {
            return template.filled(with: values.texts)
        }
        return try makeTemplate(key, templateKey, values).filled(with: values.texts)
    }

    private func makeTemplate(
        _ key: MessageKey, _ templateKey: MessageTemplateKey, _ placeholders: MessageValues
    ) throws(PaywallTextError) -> MessageTemplate {
        let template = MessageTemplate(output: try format(key, placeholders))
        templates.insert(template, for: templateKey)
        return template
    }

    /// Formats by ICU with the values as they are (texts or placeholders).
    func format(_ key: MessageKey, _ values: MessageValues) throws(PaywallTextError) -> String {
        do {
            return try formats[key.index].format(values.buffer)
        } catch {
            throw PaywallTextError(.formattingFailed, message: "\(catalog) catalog, \(key.rawValue): \(error)")
        }
    }
}
