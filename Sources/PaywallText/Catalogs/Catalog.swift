#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One catalog: the ICU MessageFormat patterns of one language, read from
/// `Locales/<name>.json`, or one file of a copy folder (``PaywallCopy``), which has the same
/// format.
///
/// ```json
/// { "locale": "ru", "messages": { "price.free": "Бесплатно", … } }
/// ```
/// A message is a string, or (in the English source catalog) an object with the
/// `message` and a `note` for translators. ``Catalogs/all`` holds the catalogs in use,
/// ``Catalogs/init(checking:)`` makes catalogs of ones made in memory, and
/// ``CatalogLintReport`` checks them.
public struct Catalog: Sendable {
    /// The catalog's name: its file name without `.json` (`ru`, `zh-Hans`).
    public let name: String
    /// The file it was read from, for messages (`Locales/ru.json`).
    public let file: String
    /// Message patterns by key.
    public let messages: [String: String]
    /// Translator notes by key (the English catalog has one for every key).
    public let notes: [String: String]
    /// The cases a message applies to, by key (a copy message's `"when": {"plan":
    /// ["renewing"]}`): for each keyword argument, the values it applies to. Only a copy
    /// folder's source file may give them.
    public let conditions: [String: [String: [String]]]

    /// A catalog made in memory, as if read from `file`.
    public init(
        name: String, file: String, messages: [String: String], notes: [String: String] = [:],
        conditions: [String: [String: [String]]] = [:]
    ) {
        self.name = name
        self.file = file
        self.messages = messages
        self.notes = notes
        self.conditions = conditions
    }

    /// Parses a catalog file, with the same JSON reader as the products.
    ///
    /// - Parameter kind: What the file is, for an error (`catalog`, or `copy file` for a
    ///   ``PaywallCopy`` folder's, which has the same format).
    init(name: String, file: String, json: Data, kind: String = "catalog") throws(PaywallTextError) {
        self.name = name
        self.file = file
        var messages: [String: String] = [:]
        var notes: [String: String] = [:]
        var conditions: [String: [String: [String]]] = [:]
        do {
            let root = JSONField(try JSONParser.parse([UInt8](json), maximumDepth: 8))
            let list = try root.required("messages", "an object")
            guard case .object(let members) = list.value else { throw list.invalid("must be an object") }
            for member in members {
                let entry = JSONField(member.value, path: list.path(of: member.key))
                if case .string(let text) = member.value {
                    messages[member.key] = text
                } else {
                    messages[member.key] = try entry.required("message", "a string").string()
                    notes[member.key] = try entry.optional("note")?.string()
                    if let when = try entry.optional("when") {
                        guard case .object(let cases) = when.value else { throw when.invalid("must be an object") }
                        var values: [String: [String]] = [:]
                        for argument in cases {
                            let list = JSONField(argument.value, path: when.path(of: argument.key))
                            values[argument.key] = try list.elements().map { element throws(PaywallTextError) in try element.string() }
                        }
                        conditions[member.key] = values
                    }
                }
            }
        } catch {
            throw PaywallTextError(.invalidCatalog, catalog: CatalogLocation(file: file), message: "not a \(kind): \(error)")
        }
        self.messages = messages
        self.notes = notes
        self.conditions = conditions
    }
}

extension Catalog {
    /// Whether a message selects on an amount's first word (`{priceWord, select, …}`), so that
    /// a render spells amounts out (``Text/word``).
    var choosesAmountWords: Bool {
        MessageKey.allCases.contains { key in
            guard let pattern = messages[key.rawValue] else { return false }
            return key.signature.arguments.contains { argument in
                argument.kind == .keyword && argument.name.hasSuffix(MessageSignature.wordSuffix) && pattern.contains("{" + argument.name)
            }
        }
    }
}

