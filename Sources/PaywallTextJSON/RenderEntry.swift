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
        json(positionKey: positionKey).text
    }

    /// Entries as a JSON array, one entry per line, followed by the problems that belong to
    /// no product (``problemJSONText(_:positionKey:)``).
    public static func jsonArray(_ entries: [RenderEntry], problems: [DocumentProblem] = []) -> String {
        let lines = entries.map { $0.jsonText() } + problems.map { problemJSONText($0) }
        return lines.isEmpty ? "[]" : "[\n" + lines.map { "  " + $0 }.joined(separator: ",\n") + "\n]"
    }

    /// A problem that belongs to no product, as an entry of its own:
    /// `{"index": 3, "path": "[2]", "error": {"kind": …, "path": "[2]", "message": …}}`
    /// (`"warning"` for a part of the input left unused), with no `locale`.
    public static func problemJSONText(_ problem: DocumentProblem, positionKey: String = "index") -> String {
        JSONValue.object([
            (positionKey, .int(problem.index)), ("path", .string(problem.path)),
            (problem.severity.rawValue, .error(problem.error)),
        ]).text
    }

    /// `{"error": {"kind": …, "path": …, "message": …}}`, with `file` and `key` for a
    /// catalog: how an error of a whole request is written.
    public static func errorJSON(_ error: PaywallTextError) -> String {
        JSONValue.object([("error", .error(error))]).text
    }
}

extension RenderEntry {
    /// The JSON form of an entry: its position first, then the text or the error.
    package func json(positionKey: String) -> JSONValue {
        var members: [(String, JSONValue)] = [(positionKey, .int(position))]
        switch outcome {
        case .success(let text):
            members.append(("locale", .string(text.locale)))
            members.append(("catalog", .string(text.catalog)))
            if let id = text.productIdentifier { members.append(("productIdentifier", .string(id))) }
            if let territory = source.territory { members.append(("territory", .string(territory))) }
            if !source.packages.isEmpty { members.append(("packages", .packages(source.packages))) }
            members.append(("currencyCode", .string(text.currencyCode)))
            members.append(("price", .string(text.price)))
            if let period = text.period { members.append(("period", .string(period))) }
            if let recurring = text.recurringPrice { members.append(("recurringPrice", .string(recurring))) }
            if let short = text.recurringPriceShort { members.append(("recurringPriceShort", .string(short))) }
            if let planName = text.planName { members.append(("planName", .string(planName))) }
            if let pricePer = text.pricePer { members.append(("pricePer", .pricePer(pricePer))) }
            if let savings = text.savings { members.append(("savings", .percent(savings))) }
            if let terms = text.terms { members.append(("terms", .string(terms))) }
            members.append(("offers", .array(text.offers.map { offer in
                var fields: [(String, JSONValue)] = [("type", .string(offer.type.rawValue))]
                if let id = offer.identifier { fields.append(("identifier", .string(id))) }
                fields += [
                    ("paymentMode", .string(offer.paymentMode.rawValue)),
                    ("price", .string(offer.price)),
                    ("period", .string(offer.period)),
                    ("duration", .string(offer.duration)),
                    ("headline", .string(offer.headline)),
                    ("summary", .string(offer.summary)),
                ]
                if let discount = offer.discount { fields.append(("discount", .percent(discount))) }
                fields.append(("terms", .string(offer.terms)))
                fields.append(("phases", .array(offer.phases.map { phase in
                    var fields: [(String, JSONValue)] = [
                        ("paymentMode", .string(phase.paymentMode.rawValue)),
                        ("price", .string(phase.price)),
                        ("period", .string(phase.period)),
                        ("duration", .string(phase.duration)),
                        ("headline", .string(phase.headline)),
                    ]
                    if let discount = phase.discount { fields.append(("discount", .percent(discount))) }
                    if let pricePer = phase.pricePer { fields.append(("pricePer", .pricePer(pricePer))) }
                    return .object(fields)
                })))
                if let disclosures = offer.disclosures { fields.append(("disclosures", .disclosures(disclosures))) }
                return .object(fields)
            })))
            if let store = text.store { members.append(("store", .string(store.rawValue))) }
            if let disclosures = text.disclosures { members.append(("disclosures", .disclosures(disclosures))) }
            if !errors.isEmpty { members.append(("errors", .array(errors.map(JSONValue.error)))) }
            if !warnings.isEmpty { members.append(("warnings", .warnings(warnings))) }
        case .failure(let error):
            members.append(("locale", .string(locale)))
            if let id = productIdentifier { members.append(("productIdentifier", .string(id))) }
            if let territory = source.territory { members.append(("territory", .string(territory))) }
            if !source.packages.isEmpty { members.append(("packages", .packages(source.packages))) }
            members.append(("error", .error(error)))
            members.append(("errors", .array((errors.isEmpty ? [error] : errors).map(JSONValue.error))))
            if !warnings.isEmpty { members.append(("warnings", .warnings(warnings))) }
        }
        if let asOf { members.append(("asOf", .string(asOf.description))) }
        return .object(members)
    }
}


extension JSONValue {
    /// `[{"role": "length", "text": "Subscription length: 1 month"}, …]`.
    package static func disclosures(_ disclosures: [Disclosure]) -> JSONValue {
        .array(disclosures.map { .object([("role", .string($0.role.rawValue)), ("text", .string($0.text))]) })
    }

    /// `[{"offering": "default", "package": "$rc_annual"}]`.
    package static func packages(_ packages: [ProductPackage]) -> JSONValue {
        .array(packages.map { .object([("offering", .string($0.offering)), ("package", .string($0.package))]) })
    }

    /// `{"kind": "invalidValue", "path": "price", "message": "…"}`, with `file` and `key` for a catalog.
    package static func error(_ error: PaywallTextError) -> JSONValue {
        var fields: [(String, JSONValue)] = [("kind", .string(error.kind.rawValue)), ("path", .string(error.path))]
        if let catalog = error.catalog {
            fields.append(("file", .string(catalog.file)))
            if let key = catalog.key { fields.append(("key", .string(key))) }
        }
        fields.append(("message", .string(error.message)))
        return .object(fields)
    }
}
