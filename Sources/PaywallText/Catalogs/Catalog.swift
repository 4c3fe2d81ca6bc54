package import FoundationEssentials

/// One catalog: the ICU MessageFormat patterns of one language, read from
/// `Locales/<name>.json`.
///
/// ```json
/// { "locale": "ru", "messages": { "price.free": "Бесплатно", … } }
/// ```
/// A message is a string, or (in the English source catalog) an object with the
/// `message` and a `note` for translators.
package struct Catalog: Sendable {
    /// The catalog's name: its file name without `.json` (`ru`, `zh-Hans`).
    package let name: String
    /// The file it was read from, for messages (`Locales/ru.json`).
    package let file: String
    /// Message patterns by key.
    package let messages: [String: String]
    /// Translator notes by key (the English catalog has one for every key).
    package let notes: [String: String]

    /// A catalog made in memory.
    package init(name: String, file: String, messages: [String: String], notes: [String: String] = [:]) {
        self.name = name
        self.file = file
        self.messages = messages
        self.notes = notes
    }

    /// Parses a catalog file.
    package init(name: String, file: String, json: Data) throws(PaywallTextError) {
        self.name = name
        self.file = file
        let decoded: CatalogFile
        do {
            decoded = try JSONDecoder().decode(CatalogFile.self, from: json)
        } catch {
            let detail = PaywallTextError.fromDecoding(error)
            throw PaywallTextError(.invalidCatalog, path: file, message: "not a catalog: \(detail)")
        }
        messages = decoded.messages.mapValues(\.message)
        notes = decoded.messages.compactMapValues(\.note)
    }
}

private struct CatalogFile: Decodable {
    let locale: String?
    let messages: [String: Entry]

    struct Entry: Decodable {
        let message: String
        let note: String?

        private enum CodingKeys: String, CodingKey { case message, note }

        init(from decoder: any Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                message = text
                note = nil
            } else {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                message = try container.decode(String.self, forKey: .message)
                note = try container.decodeIfPresent(String.self, forKey: .note)
            }
        }
    }
}
