public import PaywallText

/// One product in one locale as `paywall-text render --format json` and the server's
/// `POST /v1/render` write it: the rendered text, or the error that stopped it.
///
/// ```swift
/// let document = try StoreDocuments.read(data)
/// let entries = RenderEntry.entries(for: document, locales: ["de-DE"], renderer: renderer)
/// print(RenderEntry.jsonArray(entries))
/// ```
///
/// This is the one JSON form of results: the command-line tool, the server and the tests
/// write it with ``jsonText(positionKey:)``.
public struct RenderEntry: Sendable {
    /// The item's position in the input, from 1: the product, or the line of JSON Lines.
    public let position: Int
    /// The locale as asked for.
    public let locale: String
    /// Where the product came from: its identifier and territory.
    public let source: ProductSource
    /// Every problem of the item (``ImportedProduct/errors``): its error and every other when
    /// it failed, or the errors of the parts left out when it was rendered.
    public let errors: [PaywallTextError]
    /// The store rules its offers break, and the parts of its document not used.
    public let warnings: [ProductWarning]
    /// The text, or the error.
    public let outcome: Result<RenderedProduct, PaywallTextError>
    /// The instant the product was read at, echoed when it was given or the product depends
    /// on it (``StoreDocument/asOf``).
    public let asOf: AsOf?

    /// An entry for an item rendered (or not) in a locale.
    public init(position: Int, locale: String, item: ImportedProduct, outcome: Result<RenderedProduct, PaywallTextError>, asOf: AsOf? = nil) {
        self.position = position
        self.locale = locale
        source = item.source
        errors = item.errors
        warnings = item.warnings
        self.outcome = outcome
        self.asOf = asOf
    }

    /// The product's identifier, also for one that failed.
    public var productIdentifier: String? { source.productIdentifier }

    /// The error, if the item was not rendered.
    public var error: PaywallTextError? {
        if case .failure(let error) = outcome { return error }
        return nil
    }

    /// Renders every item of a document in every locale: one entry per item and locale,
    /// items in order and each item's locales in order, with each territory's products as one
    /// paywall (``PaywallRenderer/render(_:locale:)-([ImportedProduct],DisplayLocale)``).
    ///
    /// - Parameters:
    ///   - locales: The locales as spelled: each is checked once here; a bad one is the error
    ///     of every item in it.
    ///   - position: The position of the item at an offset (by default offset + 1).
    public static func entries(
        for document: StoreDocument, locales: [String], renderer: PaywallRenderer, position: (Int) -> Int = { $0 + 1 }
    ) -> [RenderEntry] {
        let items = document.items
        let byLocale = locales.map { spelling -> [Result<RenderedProduct, PaywallTextError>] in
            do throws(PaywallTextError) {
                return renderer.render(items, locale: try DisplayLocale(spelling))
            } catch {
                return items.map { _ in .failure(error) }
            }
        }
        var entries: [RenderEntry] = []
        entries.reserveCapacity(items.count * locales.count)
        for (offset, item) in items.enumerated() {
            for (index, locale) in locales.enumerated() {
                entries.append(RenderEntry(position: position(offset), locale: locale, item: item, outcome: byLocale[index][offset],
                                           asOf: document.asOf))
            }
        }
        return entries
    }

    /// The entry as one line of compact JSON, its position under `positionKey` (`index`,
    /// or `line` for JSON Lines), then the text's fields in a fixed order, or the error.
    public func jsonText(positionKey: String = "index") -> String {
        var json = JSONWriter(capacity: 2048)
        write(to: &json, positionKey: positionKey)
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// Entries as a JSON array, one entry per line, followed by the problems that belong to
    /// no product (``problemJSONText(_:positionKey:)``).
    public static func jsonArray(_ entries: [RenderEntry], problems: [DocumentProblem] = []) -> String {
        var json = JSONWriter(capacity: 2048 * entries.count)
        writeArray(count: entries.count + problems.count, to: &json) { index, json in
            if index < entries.count {
                entries[index].write(to: &json, positionKey: "index")
            } else {
                json.problem(problems[index - entries.count], positionKey: "index")
            }
        }
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// A problem that belongs to no product, as an entry of its own:
    /// `{"index": 3, "path": "[2]", "error": {"kind": …, "path": "[2]", "message": …}}`
    /// (`"warning"` for a part of the input left unused), with no `locale`.
    public static func problemJSONText(_ problem: DocumentProblem, positionKey: String = "index") -> String {
        var json = JSONWriter(capacity: 256)
        json.problem(problem, positionKey: positionKey)
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// The layout of every JSON array of entries, one entry per line: `[]` when empty, else
    /// `[`, each entry on a line of its own indented by two spaces, `]`.
    package enum ArrayLayout {
        package static let empty: StaticString = "[]"
        package static let opening: StaticString = "[\n  "
        package static let separator: StaticString = ",\n  "
        package static let closing: StaticString = "\n]"
    }

    /// Writes `count` entries in the ``ArrayLayout``.
    package static func writeArray(count: Int, to json: inout JSONWriter, entry: (Int, inout JSONWriter) -> Void) {
        guard count > 0 else { return json.raw(ArrayLayout.empty) }
        json.raw(ArrayLayout.opening)
        for index in 0..<count {
            if index > 0 { json.raw(ArrayLayout.separator) }
            entry(index, &json)
        }
        json.raw(ArrayLayout.closing)
    }

    /// `{"error": {"kind": …, "path": …, "message": …}}`, with `file` and `key` for a
    /// catalog: how an error of a whole request is written.
    public static func errorJSON(_ error: PaywallTextError) -> String {
        JSONValue.object([("error", .error(error))]).text
    }
}

extension RenderEntry {
    /// Writes the entry: its position first, then the text or the error. The one definition
    /// of an entry's JSON, for the tool and the server.
    package func write(to json: inout JSONWriter, positionKey: String) {
        Self.write(position: position, locale: locale, source: source, errors: errors, warnings: warnings, outcome: outcome,
                   asOf: asOf, to: &json, positionKey: positionKey)
    }

    /// Writes an entry from its parts, as ``write(to:positionKey:)`` writes the entry made of
    /// them: for a writer that has them at hand (an item and its outcome), without copying
    /// them into an entry first.
    package static func write(
        position: Int, locale: String, source: ProductSource, errors: [PaywallTextError], warnings: [ProductWarning],
        outcome: Result<RenderedProduct, PaywallTextError>, asOf: AsOf?, to json: inout JSONWriter, positionKey: String
    ) {
        json.object { json in
            json.member(positionKey, position)
            switch outcome {
            case .success(let text):
                // The result's fields, from the one list of them (``RenderedProduct/visitFields(_:)``),
                // with the item's territory and packages after its identifier.
                var fields = ResultJSON(source: source)
                swap(&fields.json, &json)
                text.visitFields(&fields)
                swap(&fields.json, &json)
                if !errors.isEmpty { json.errors(errors) }
                // The store's and the document's warnings, then the copy's (messages left out or in the source language).
                if !warnings.isEmpty || !text.copyWarnings.isEmpty {
                    json.key("warnings")
                    json.value(.warnings(warnings + text.copyWarnings))
                }
            case .failure(let error):
                json.member("locale", locale)
                json.member("productIdentifier", source.productIdentifier)
                json.member("territory", source.territory)
                json.packages(source.packages)
                json.key("error")
                json.value(.error(error))
                json.errors(errors.isEmpty ? [error] : errors)
                if !warnings.isEmpty {
                    json.key("warnings")
                    json.value(.warnings(warnings))
                }
            }
            if let asOf { json.member("asOf", asOf.description) }
        }
    }
}

/// Writes a result's fields as JSON members, in the order of ``ResultFieldVisitor``: the
/// one writer of a rendered entry's fields.
private struct ResultJSON: ResultFieldVisitor {
    var json = JSONWriter()
    /// Written after the result's `productIdentifier`: the item's `territory` and `packages`.
    let source: ProductSource
    /// How many objects of the result are open.
    private var depth = 0

    init(source: ProductSource) {
        self.source = source
    }

    mutating func text(_ key: String, _ value: String?) {
        json.member(key, value)
        if depth == 0, key.utf8.count == 17, key == "productIdentifier" {
            json.member("territory", source.territory)
            json.packages(source.packages)
        }
    }

    mutating func number(_ key: String, _ value: Int?) {
        if let value { json.member(key, value) }
    }

    mutating func runs(_ key: String, _ value: [TextRun]) {
        json.key(key)
        json.value(.runs(value))
    }

    mutating func object(_ key: String, present: Bool, _ members: (inout ResultJSON) -> Void) {
        guard present else { return }
        json.key(key)
        json.beginObject()
        depth += 1
        members(&self)
        depth -= 1
        json.endObject()
    }

    mutating func array(_ key: String, present: Bool, count: Int, _ element: (inout ResultJSON, Int) -> Void) {
        guard present else { return }
        json.key(key)
        json.beginArray()
        depth += 1
        for index in 0..<count {
            json.beginObject()
            element(&self, index)
            json.endObject()
        }
        depth -= 1
        json.endArray()
    }
}

extension JSONWriter {
    /// A problem that belongs to no product: `{"index": 3, "path": "[2]", "error": {…}}`.
    package mutating func problem(_ problem: DocumentProblem, positionKey: String) {
        object { json in
            json.member(positionKey, problem.index)
            json.member("path", problem.path)
            json.key(problem.severity.rawValue)
            json.value(.error(problem.error))
        }
    }

    /// `"packages": [{"offering": "default", "package": "$rc_annual"}]`, or nothing for none.
    fileprivate mutating func packages(_ packages: [ProductPackage]) {
        guard !packages.isEmpty else { return }
        key("packages")
        array { json in
            for package in packages {
                json.object { json in
                    json.member("offering", package.offering)
                    json.member("package", package.package)
                }
            }
        }
    }

    /// `"errors": [{"kind": …, "path": …, "message": …}, …]`.
    fileprivate mutating func errors(_ errors: [PaywallTextError]) {
        key("errors")
        array { json in
            for error in errors { json.value(.error(error)) }
        }
    }
}
