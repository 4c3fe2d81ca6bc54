/// One thread's copies of a catalog's compiled messages, in ``MessageKey/allCases`` order.
///
/// `@unchecked Sendable`: a set belongs to one thread (see ``ThreadCaches``); the
/// prototype inside ``CompiledCatalog`` is only cloned, never formatted with once shared.
struct MessageSet: @unchecked Sendable {
    let catalog: String
    private let formats: [ICU.MessageFormat]

    init(catalog: String, formats: [ICU.MessageFormat]) {
        self.catalog = catalog
        self.formats = formats
    }

    func clone() throws(PaywallTextError) -> MessageSet {
        do {
            return MessageSet(catalog: catalog, formats: try formats.map { format throws(ICU.Failure) in try format.clone() })
        } catch {
            throw PaywallTextError(.formattingFailed, message: "\(catalog) catalog: \(error)")
        }
    }

    /// Formats a message with the arguments its type declares.
    func format<Arguments>(_ message: Message<Arguments>, _ arguments: Arguments) throws(PaywallTextError) -> String {
        var values = MessageValues(capacity: Arguments.names.count)
        arguments.append(to: &values)
        do {
            return try formats[message.key.index].format(values.buffer)
        } catch {
            throw PaywallTextError(.formattingFailed, message: "\(catalog) catalog, \(message.key.rawValue): \(error)")
        }
    }
}
