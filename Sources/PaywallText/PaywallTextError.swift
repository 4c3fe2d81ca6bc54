/// An error about the input, a locale or a catalog: it says where the problem is and
/// quotes the value that caused it.
///
/// Where the problem is depends on what it is about:
/// - a field of the input: ``path`` (`discounts[1].numberOfPeriods`), so `description` reads
///   `discounts[1].numberOfPeriods: must be at least 1, got 0`;
/// - a message catalog: ``catalog`` (the file and the message key), so `description` reads
///   `Locales/ru.json: freeTrial.summary: syntax error at character 12 …`;
/// - the input as a whole (malformed JSON): neither; the message gives the line and column.
public struct PaywallTextError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem this is.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The input is not JSON, or not JSON of the expected shape.
        case malformedJSON
        /// The input is JSON, but not of a format the library reads, or it could be read as
        /// more than one (see ``InputFormat``); the message says what it looks like.
        case unrecognizedFormat
        /// A field has a value the library cannot accept.
        case invalidValue
        /// A locale identifier is malformed or ICU has no data for it.
        case unsupportedLocale
        /// A message catalog is malformed; ``PaywallTextError/catalog`` names the file and key.
        case invalidCatalog
        /// A call the library cannot carry out as asked, such as reloading the built-in catalogs.
        case invalidRequest
        /// ICU failed where it should not have; the message carries ICU's status name.
        case formattingFailed
        /// A part of the input that no product uses (a warning, not an error): an array
        /// member that is no product, a member of an envelope that is not read.
        case unused
    }

    /// What kind of problem this is.
    public let kind: Kind
    /// The field path inside one product (`subscriptionPeriod.unit`), or inside the original
    /// document for ``StoreDocuments`` (`[1].subscriptionPeriod.unit`,
    /// `included[2].attributes.customerPrice`), or the argument at fault (`locale`); empty
    /// when the problem is not about one field.
    public let path: String
    /// The catalog file and message key, for a problem in a catalog.
    public let catalog: CatalogLocation?
    /// What is wrong, quoting the offending value.
    public let message: String

    /// Creates an error about a field (or about no field, with an empty path).
    public init(_ kind: Kind, path: String = "", message: String) {
        self.kind = kind
        self.path = path
        self.catalog = nil
        self.message = message
    }

    /// Creates an error about a catalog file, or one message of it.
    public init(_ kind: Kind, catalog: CatalogLocation, message: String) {
        self.kind = kind
        self.path = ""
        self.catalog = catalog
        self.message = message
    }

    /// `path: message`, `file: key: message`, or the message alone.
    public var description: String {
        if let catalog { return "\(catalog): \(message)" }
        return path.isEmpty ? message : "\(path): \(message)"
    }
}

/// Where in the catalogs a problem is: a file, and a message key when the problem is
/// in one message.
public struct CatalogLocation: Sendable, Hashable, CustomStringConvertible {
    /// The catalog file as it was read (`Locales/ru.json`).
    public let file: String
    /// The message key (`freeTrial.summary`), or `nil` for a problem with the whole file.
    public let key: String?

    /// Creates a location.
    public init(file: String, key: String? = nil) {
        self.file = file
        self.key = key
    }

    /// `file: key`, or the file alone.
    public var description: String {
        key.map { "\(file): \($0)" } ?? file
    }
}
