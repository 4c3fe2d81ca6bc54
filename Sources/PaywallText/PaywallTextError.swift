/// An error about the input: it names the field and the value that caused it.
///
/// `path` locates the field inside one product, in the form
/// `discounts[1].numberOfPeriods`; `message` says what is wrong and quotes the
/// value, so `description` reads
/// `discounts[1].numberOfPeriods: must be at least 1, got 0`.
public struct PaywallTextError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem this is.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The input is not JSON, or not JSON of the expected shape.
        case malformedJSON
        /// A field has a value the library cannot accept.
        case invalidValue
        /// A locale identifier is malformed or ICU has no data for it.
        case unsupportedLocale
        /// A message catalog is malformed; `path` names the file and key.
        case invalidCatalog
        /// ICU failed where it should not have; the message carries ICU's status name.
        case formattingFailed
    }

    /// What kind of problem this is.
    public let kind: Kind
    /// The field path inside one product (`subscriptionPeriod.unit`); empty for the whole input.
    public let path: String
    /// What is wrong, quoting the offending value.
    public let message: String

    /// Creates an error.
    public init(_ kind: Kind, path: String, message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }

    /// `path: message`, or the message alone when there is no path.
    public var description: String {
        path.isEmpty ? message : "\(path): \(message)"
    }

    /// The same error with its path placed under a parent field.
    func nested(under parent: String) -> PaywallTextError {
        let joined: String
        if parent.isEmpty {
            joined = path
        } else if path.isEmpty {
            joined = parent
        } else if path.hasPrefix("[") {
            joined = parent + path
        } else {
            joined = parent + "." + path
        }
        return PaywallTextError(kind, path: joined, message: message)
    }
}
