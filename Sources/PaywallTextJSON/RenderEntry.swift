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
    /// of an entry's JSON, for the tool, the server and the server's cache.
    package func write(to json: inout JSONWriter, positionKey: String) {
        json.object { json in
            json.member(positionKey, position)
            switch outcome {
            case .success(let text):
                json.member("locale", text.locale)
                json.member("catalog", text.catalog)
                if let language = text.language { json.members(JSONValue.language(language)) }
                json.member("productIdentifier", text.productIdentifier)
                json.member("territory", source.territory)
                json.packages(source.packages)
                json.member("currencyCode", text.currencyCode)
                json.member("price", text.price)
                json.member("period", text.period)
                json.member("recurringPrice", text.recurringPrice)
                json.member("recurringPriceShort", text.recurringPriceShort)
                json.member("planName", text.planName)
                if let pricePer = text.pricePer { json.pricePer(pricePer) }
                if let savings = text.savings { json.percent("savings", savings) }
                json.member("terms", text.terms)
                if let plan = text.billingPlan { json.billingPlan(plan) }
                if let dates = text.dates {
                    json.key("dates")
                    json.object { json in
                        json.date("firstChargeOn", dates.firstChargeOn)
                        json.date("renewsOn", dates.renewsOn)
                    }
                }
                if let copy = text.copy { json.copy(copy) }
                json.members(JSONValue.annotations(spoken: text.spoken, parts: text.parts, languages: text.fieldLanguages))
                json.key("offers")
                json.array { json in
                    for offer in text.offers { json.offer(offer) }
                }
                json.member("store", text.store?.rawValue)
                if let disclosures = text.disclosures {
                    json.key("disclosures")
                    json.value(.disclosures(disclosures))
                }
                if !errors.isEmpty { json.errors(errors) }
                // The store's and the document's warnings, then the copy's (messages left out or in the source language).
                let all = warnings + text.copyWarnings
                if !all.isEmpty {
                    json.key("warnings")
                    json.value(.warnings(all))
                }
            case .failure(let error):
                json.member("locale", locale)
                json.member("productIdentifier", productIdentifier)
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

extension JSONValue {
    /// `[{"role": "length", "text": "Subscription length: 1 month"}, …]`.
    package static func disclosures(_ disclosures: [Disclosure]) -> JSONValue {
        .array(disclosures.map { .object([("role", .string($0.role.rawValue)), ("text", .string($0.text))]) })
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

    /// `"firstChargeOn": {"iso": "2026-02-28", "text": "February 28, 2026"}`.
    fileprivate mutating func date(_ name: String, _ value: RenderedDate) {
        key(name)
        object { json in
            json.member("iso", value.iso)
            json.member("text", value.text)
        }
    }

    /// Each `(key, value)` as a member of the object being written.
    fileprivate mutating func members(_ members: [(String, JSONValue)]) {
        for (name, value) in members {
            key(name)
            self.value(value)
        }
    }

    /// `"copy": {"key": "text", …}`, keys sorted: a result's copy.
    fileprivate mutating func copy(_ copy: [String: String]) {
        key("copy")
        object { json in
            for name in copy.keys.sorted() { json.member(name, copy[name]!) }
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

    /// An offer of a rendered product, with its phases.
    fileprivate mutating func offer(_ offer: RenderedOffer) {
        object { json in
            json.member("type", offer.type.rawValue)
            json.member("identifier", offer.identifier)
            json.member("paymentMode", offer.paymentMode.rawValue)
            json.member("price", offer.price)
            json.member("regularPrice", offer.regularPrice)
            json.member("period", offer.period)
            json.member("duration", offer.duration)
            json.member("headline", offer.headline)
            json.member("summary", offer.summary)
            json.member("datedHeadline", offer.datedHeadline)
            json.member("datedSummary", offer.datedSummary)
            if let discount = offer.discount { json.percent("discount", discount) }
            json.member("terms", offer.terms)
            if let dates = offer.dates {
                json.key("dates")
                json.object { json in json.date("endsOn", dates.endsOn) }
            }
            if let copy = offer.copy { json.copy(copy) }
            json.members(JSONValue.annotations(spoken: offer.spoken, parts: offer.parts, languages: offer.fieldLanguages))
            json.key("phases")
            json.array { json in
                for phase in offer.phases {
                    json.object { json in
                        json.member("paymentMode", phase.paymentMode.rawValue)
                        json.member("price", phase.price)
                        json.member("period", phase.period)
                        json.member("duration", phase.duration)
                        json.member("headline", phase.headline)
                        if let discount = phase.discount { json.percent("discount", discount) }
                        if let pricePer = phase.pricePer { json.pricePer(pricePer) }
                        json.members(JSONValue.annotations(spoken: phase.spoken, parts: phase.parts, languages: phase.fieldLanguages))
                    }
                }
            }
            if let disclosures = offer.disclosures {
                json.key("disclosures")
                json.value(.disclosures(disclosures))
            }
        }
    }

    /// `"savings": {"percent": 35, "text": "35%", "headline": "Save 35%", "amount": "$29.89",
    /// "amountHeadline": "Save $29.89 a year"}` (the amount on savings only).
    fileprivate mutating func percent(_ key: String, _ value: PercentText) {
        self.key(key)
        object { json in
            json.member("percent", value.percent)
            json.member("text", value.text)
            json.member("headline", value.headline)
            json.member("amount", value.amount)
            json.member("amountHeadline", value.amountHeadline)
        }
    }

    /// `"pricePer": {"day": {...}, "week": {...}, "month": {...}, "year": {...}}`, each
    /// `{"price": "$4.49", "amount": "4.49", "recurringPrice": "$4.49/month", "billed": "..."}`.
    fileprivate mutating func pricePer(_ value: PricePer) {
        key("pricePer")
        object { json in
            for unit in PeriodUnit.allCases {
                let price = value[unit]
                json.key(unit.rawValue)
                json.object { json in
                    json.member("price", price.price)
                    json.member("amount", price.amount)
                    json.member("recurringPrice", price.recurringPrice)
                    json.member("billed", price.billed)
                }
            }
        }
    }
}
