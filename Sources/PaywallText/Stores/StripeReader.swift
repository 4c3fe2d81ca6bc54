#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `stripe`: Stripe `Price` objects, for web checkout, as Stripe's API returns them: one
/// price, a list (`{"object": "list", "data": […], "has_more": false}`, or a `{"data": […]}` of
/// prices without its `object`, as some clients pass a list on), or an array of either. A
/// price without its own `"object": "price"` is told by its `currency` and amount
/// (``looksLikePrice(_:)``); documents without any price are a warning that says so.
///
/// ```json
/// {"id": "price_1", "object": "price", "active": true, "currency": "usd", "unit_amount": 999,
///  "unit_amount_decimal": "999", "type": "recurring", "billing_scheme": "per_unit",
///  "recurring": {"interval": "month", "interval_count": 1, "trial_period_days": 7, "usage_type": "licensed"},
///  "product": "prod_1", "lookup_key": "pro_monthly", "nickname": "Pro monthly"}
/// ```
///
/// - **Amounts** are in the currency's minor units, as Stripe writes them: `unit_amount` (a
///   whole number) or `unit_amount_decimal` (a decimal string, read instead when given; the
///   two must agree). Stripe's minor units are none for the currencies it lists as
///   zero-decimal (`JPY` 1500 is ¥1,500), the currency's own decimal places from ICU for the
///   three-decimal ones (`KWD`), and hundredths for every other currency, including those ICU
///   gives no decimal places, such as `ISK` (Stripe's 50000 is 500 kr.). The amount must then
///   fit the currency's own places: ISK 50050 is an error. `currency` is lower case there.
/// - **The period**: a `recurring` price bills every `recurring.interval_count`
///   `recurring.interval`s (`day`, `week`, `month`, `year`); a `one_time` price is a
///   one-time purchase.
/// - **The trial**: `recurring.trial_period_days` (or `trial_period_days` beside the price,
///   where an app copies a checkout's trial) is an introductory free trial of that many days.
/// - **The identifier** is `product:price`, the product's id (`product` is its id, or the
///   expanded `Product` object) then the price's `id`; an expanded `Product`'s `name` is the
///   display name (``Product/displayName``).
/// - **Currencies**: each entry of `currency_options` (present when it was expanded) is one
///   more product, in that currency, with its own `unit_amount`; the price's own currency is
///   read from the price itself. No territory is set: Stripe does not tie a currency to one.
///
/// Refused with the field that says why: a `tiered` `billing_scheme` (the price depends on
/// the quantity), `metered` usage (`recurring.usage_type`, or a `recurring.meter`),
/// `custom_unit_amount` (the customer chooses the amount) and `transform_quantity` (the price
/// is per package of units). An inactive price (`active: false`, archived: it cannot be
/// bought) is not rendered; it is reported as a warning of the document. `lookup_key`,
/// `nickname`, `tax_behavior` and `metadata` do not change the text and are not read.
enum StripeReader {
    static func read(_ root: JSONField, _ context: ReadingContext) throws(PaywallTextError) -> Reading {
        let documents = if case .array = root.value { try root.elements() } else { [root] }
        var reading = Reading()
        var prices = 0
        for (offset, document) in documents.enumerated() {
            let index = offset + 1
            // A list is `"object": "list"`, or, without an `object`, a `data` that holds prices.
            let isList = document.value["object"]?.text == "list"
                || (document.value["object"] == nil && document.value["data"].map(isPriceList) == true)
            guard isList else {
                prices += 1
                price(document, index: index, into: &reading)
                continue
            }
            do {
                for element in try document.required("data", "an array of prices").elements() {
                    prices += 1
                    price(element, index: index, into: &reading)
                }
            } catch {
                reading.problems.append(DocumentProblem(index: index, path: error.path, severity: .error, error: error))
            }
            if document.value["has_more"] == .bool(true) {
                let path = document.path(of: "has_more")
                reading.problems.append(DocumentProblem(index: index, path: path, severity: .warning, error: PaywallTextError(
                    .unused, path: path, message: "is true: the list is one page of a longer one, and the prices after it are "
                        + "not in the document (fetch the next pages with starting_after)")))
            }
        }
        if prices == 0, !documents.isEmpty, !reading.problems.contains(where: { $0.severity == .error }) {
            // No price in the lists, and nothing wrong: say so, and what would make a product.
            reading.problems.append(DocumentProblem(index: 1, path: root.path, severity: .warning, error: PaywallTextError(.unused,
                path: root.path, message: "holds no Stripe Price (its list\(documents.count == 1 ? " is" : "s are") empty), so no product: "
                    + "fetch the active prices, GET /v1/prices?active=true&expand[]=data.product")))
        }
        return reading
    }

    /// Whether `data` is a list's prices: a non-empty array of prices (``looksLikePrice(_:)``).
    static func isPriceList(_ data: JSONNode) -> Bool {
        guard case .array(let elements) = data, !elements.isEmpty else { return false }
        return elements.allSatisfy(looksLikePrice)
    }

    /// Whether an object is a Stripe Price: its `object` is `price`, or, where a client left the
    /// `object` out, it has a `currency` and an amount in minor units (`unit_amount` or
    /// `unit_amount_decimal`), which no other format's object has.
    static func looksLikePrice(_ node: JSONNode) -> Bool {
        guard case .object = node else { return false }
        if let object = node["object"] { return object.text == "price" }
        return node["currency"] != nil && (node["unit_amount"] != nil || node["unit_amount_decimal"] != nil) && node["attributes"] == nil
    }

    /// One price: its products (one per currency), or a problem of the document when it is no
    /// price or is inactive.
    private static func price(_ field: JSONField, index: Int, into reading: inout Reading) {
        func problem(_ severity: DocumentProblem.Severity, _ kind: PaywallTextError.Kind, at path: String? = nil, _ message: String) {
            let path = path ?? field.path
            reading.problems.append(DocumentProblem(index: index, path: path, severity: severity,
                                                    error: PaywallTextError(kind, path: path, message: message)))
        }
        guard case .object = field.value else {
            return problem(.error, .invalidValue, "must be a Stripe Price object, got \(field.value.kindDescription)")
        }
        if let object = field.value["object"]?.text, object != "price" {
            return problem(.error, .invalidValue, "is a Stripe \(quoted(object)) object, not a Price: the prices of web checkout "
                           + "are Price objects (GET /v1/prices, with expand[]=data.product to name their products)")
        }
        if field.value["active"] == .bool(false) {
            let id = field.value["id"]?.text.map { " \(quoted($0))" } ?? ""
            return problem(.warning, .unused, at: field.path(of: "active"),
                           "is false: the price\(id) is archived and cannot be bought, so it is not read")
        }
        let identifier = identifier(of: field)
        let own = field.value["currency"]?.text?.uppercased()
        var main = item(field, identifier: identifier, currencyOption: nil)
        var others: [DraftItem] = []
        if case .object(let options)? = field.value["currency_options"] {
            for option in options {
                let optionField = JSONField(option.value, path: field.path(of: "currency_options") + "." + option.key)
                guard option.key.uppercased() == own else {
                    others.append(item(field, identifier: identifier, currencyOption: (option.key, optionField)))
                    continue
                }
                // The price's own currency, repeated: read from the price, and reported if it says otherwise.
                if minorAmount(option.value) != minorAmount(field.value) {
                    main.warnings.append(ProductWarning(path: optionField.path, message:
                        "is not read: its amount differs from the price's own in \(own ?? option.key), which is read"))
                }
            }
        } else if let options = field.value["currency_options"], options != .null {
            main.errors.append(PaywallTextError(.invalidValue, path: field.path(of: "currency_options"), message:
                "must be an object of amounts by currency, got \(options.kindDescription)"))
        }
        reading.items += [main] + others
    }

    /// The amount in minor units as written (`unit_amount_decimal`, else `unit_amount`), to
    /// compare two of them; `nil` when neither is a number.
    private static func minorAmount(_ node: JSONNode) -> Decimal? {
        for key in ["unit_amount_decimal", "unit_amount"] {
            switch node[key] {
            case .string(let text)?, .number(let text)?: return Decimal(string: text)
            default: continue
            }
        }
        return nil
    }

    /// `product:price` (`prod_1:price_1`), or whichever of the two the price has.
    private static func identifier(of field: JSONField) -> String? {
        let product = field.value["product"].flatMap { $0.text ?? $0["id"]?.text }
        let ids = [product, field.value["id"]?.text].compactMap { $0 }
        return ids.isEmpty ? nil : ids.joined(separator: ":")
    }

    /// The product of a price in its own currency (`currencyOption` `nil`) or in one of its
    /// `currency_options`.
    private static func item(_ field: JSONField, identifier: String?, currencyOption: (currency: String, field: JSONField)?) -> DraftItem {
        let source = ProductSource(format: .stripe, store: nil, path: currencyOption?.field.path ?? field.path, productIdentifier: identifier)
        var warnings: [ProductWarning] = []
        var item = DraftItem(source) { (problems) throws(PaywallTextError) in
            var own = ProblemList()
            var parts = ProblemList()
            var paths = DocumentPaths(base: field.path)
            let currency: String?
            if let currencyOption {
                currency = currencyOption.currency
                paths.map("currencyCode", to: currencyOption.field.path)
            } else {
                currency = own.attempt { () throws(PaywallTextError) -> String in
                    let currency = try field.required("currency", "a currency code")
                    paths.map("currencyCode", to: currency.path)
                    return try currency.string()
                }
            }
            let amounts = currencyOption?.field ?? field
            let hasAmount = checkPricedPerUnit(field, amounts: amounts, own: &own)
            // A tiered or custom price has no amount to read: its own error says why.
            let price = !hasAmount ? nil : own.attempt { () throws(PaywallTextError) in
                try amount(of: amounts, currency: currency?.uppercased() ?? "", paths: &paths)
            }
            let period = recurrence(field, paths: &paths, own: &own)
            var product = Product(productIdentifier: identifier, price: price ?? 0, currencyCode: currency?.uppercased(),
                                  subscriptionPeriod: period)
            product.introductoryPrice = parts.part(paths: &paths) { (own, paths) in trial(field, paths: &paths, own: &own) }
            // The expanded Product's name (`product` is only an id unless expanded).
            if let expanded = field.value["product"], case .object = expanded {
                product.displayName = DisplayNameFields.name(JSONField(expanded, path: field.path(of: "product")), "name",
                                                             paths: &paths, warnings: &warnings)
            }
            try problems.add(own: own, parts: parts, made: ProductDraft(product: product, paths: paths))
            return ProductDraft(product: product, paths: paths)
        }
        item.warnings = warnings
        return item
    }

    /// Whether the price is one amount per unit, the same whatever the quantity or usage;
    /// each field that says otherwise is added to `own`. `false` when there is no amount to read.
    private static func checkPricedPerUnit(_ field: JSONField, amounts: JSONField, own: inout ProblemList) -> Bool {
        let before = own.count
        own.attempt { () throws(PaywallTextError) in
            if let scheme = try field.optional("billing_scheme"), try scheme.string() != "per_unit" {
                throw scheme.invalid("a \(quoted(try scheme.string())) price (its amount depends on the quantity bought) is not read: "
                                     + "paywall text here shows one price per period; expected \"per_unit\"")
            }
        }
        own.attempt { () throws(PaywallTextError) in
            if let custom = try amounts.optional("custom_unit_amount") {
                throw custom.invalid("is set: the customer chooses the amount, so there is no price to show")
            }
        }
        let hasAmount = own.count == before
        own.attempt { () throws(PaywallTextError) in
            if let transform = try field.optional("transform_quantity") {
                throw transform.invalid("is set: the price is charged per package of units, not per subscription, so it is not read")
            }
        }
        return hasAmount
    }

    /// The amount in the currency's major units, exactly, from Stripe's minor units.
    private static func amount(of field: JSONField, currency: String, paths: inout DocumentPaths) throws(PaywallTextError) -> Decimal {
        let scale = minorUnitPlaces(currency)
        let decimalField = try field.optional("unit_amount_decimal")
        let wholeField = try field.optional("unit_amount")
        var read: (field: JSONField, minor: String, amount: String)?
        if let decimalField {
            let minor: String
            switch decimalField.value {
            case .string(let text), .number(let text): minor = text
            default: throw decimalField.invalid("must be a decimal string, got \(decimalField.value.kindDescription)")
            }
            _ = try DecimalText.parse(minor, path: decimalField.path)
            read = (decimalField, minor, shifted(minor, by: scale))
        }
        if let wholeField {
            let minor = try wholeField.wholeNumber()
            let amount = StoreAmounts.decimalText(whole: minor, scale: scale)
            if let read, Decimal(string: read.amount) != Decimal(string: amount) {
                throw wholeField.invalid("\(minor) disagrees with unit_amount_decimal \(quoted(read.minor))")
            }
            read = read ?? (wholeField, minor, amount)
        }
        guard let read else {
            throw PaywallTextError(.invalidValue, path: field.path(of: "unit_amount"), message:
                "is required (or unit_amount_decimal): the price in \(currency.isEmpty ? "the currency" : currency)'s minor units")
        }
        paths.map("price", to: read.field.path)
        try StoreAmounts.checkDigits(read.amount, currency: currency) { (places, digits) in
            let unit = [0: "whole units", 2: "hundredths", 3: "thousandths"][scale] ?? "units of 10^-\(scale)"
            return read.field.invalid("\(read.minor) is \(read.amount) \(currency) (Stripe writes \(currency) amounts in \(unit)), "
                                      + "with \(places) decimal places; \(currency) has \(digits)")
        }
        return Decimal(string: read.amount) ?? 0
    }

    /// `999.5` minor units at 2 places is `9.995`.
    private static func shifted(_ minor: String, by places: Int) -> String {
        let parts = minor.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let fraction = parts.count == 2 ? parts[1].count : 0
        return StoreAmounts.decimalText(whole: parts.joined(), scale: places + fraction)
    }

    /// The currencies whose amounts Stripe writes in whole units, from Stripe's list of
    /// zero-decimal currencies (docs.stripe.com/currencies#zero-decimal). ICU gives more
    /// currencies no decimal places (ISK, ALL, LBP…), but Stripe writes those in hundredths.
    private static let zeroDecimalCurrencies: Set<String> = [
        "BIF", "CLP", "DJF", "GNF", "JPY", "KMF", "KRW", "MGA", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF",
    ]

    /// The decimal places of Stripe's minor unit of a currency: none for its zero-decimal
    /// currencies, else the currency's own (ICU's), at least two.
    static func minorUnitPlaces(_ currency: String) -> Int {
        zeroDecimalCurrencies.contains(currency) ? 0 : max(2, Currencies.digitsByCode[currency] ?? 2)
    }

    private static let intervals: KeyValuePairs<String, PeriodUnit> = ["day": .day, "week": .week, "month": .month, "year": .year]

    /// The billing period of a `recurring` price, `nil` for a `one_time` one; each field at
    /// fault is added to `own`.
    private static func recurrence(_ field: JSONField, paths: inout DocumentPaths, own: inout ProblemList) -> SubscriptionPeriod? {
        let kind = own.attempt { () throws(PaywallTextError) -> String? in
            guard let type = try field.optional("type") else { return nil }
            let kind = try type.string()
            guard kind == "one_time" || kind == "recurring" else {
                throw type.invalid("unknown type \(quoted(kind)); expected one_time or recurring")
            }
            return kind
        } ?? nil
        let recurring = own.attempt { () throws(PaywallTextError) -> JSONField? in
            guard let recurring = try field.optional("recurring") else {
                guard kind != "recurring" else {
                    throw PaywallTextError(.invalidValue, path: field.path(of: "recurring"), message: "is required for a recurring price")
                }
                return nil
            }
            if kind == "one_time" { throw recurring.invalid("must be null for a one_time price") }
            return recurring
        } ?? nil
        guard let recurring else { return nil }
        own.attempt { () throws(PaywallTextError) in
            if let usage = try recurring.optional("usage_type"), try usage.string() == "metered" {
                throw usage.invalid("a metered price (charged for the usage reported each period) is not read: "
                                    + "paywall text here shows one price per period; expected \"licensed\"")
            }
            if let meter = try recurring.optional("meter") {
                throw meter.invalid("is set: the price is charged for the usage a meter reports, so it is not read")
            }
        }
        let unit = own.attempt { () throws(PaywallTextError) -> PeriodUnit in
            let interval = try recurring.required("interval", "day, week, month or year")
            paths.map("subscriptionPeriod", to: interval.path)
            return try interval.choice(intervals, naming: "interval")
        }
        // Checked here, not only by the model's check of the period, so that a count at fault is
        // named beside a missing or unknown interval, which leaves no period to check.
        let count = own.attempt { () throws(PaywallTextError) -> Int in
            guard let count = try recurring.optional("interval_count") else { return 1 }
            paths.map("subscriptionPeriod.numberOfUnits", to: count.path)
            let number = try count.integer()
            guard number >= 1 else { throw count.invalid("must be at least 1, got \(number)") }
            return number
        }
        guard let unit, let count else { return nil }
        return SubscriptionPeriod(unit: unit, numberOfUnits: count)
    }

    /// The free trial: `recurring.trial_period_days`, or `trial_period_days` beside the price;
    /// where both are given they must agree.
    private static func trial(_ field: JSONField, paths: inout DocumentPaths, own: inout ProblemList) -> Discount? {
        let given = [
            JSONField(field.value["recurring"]?["trial_period_days"] ?? .null, path: field.path(of: "recurring.trial_period_days")),
            JSONField(field.value["trial_period_days"] ?? .null, path: field.path(of: "trial_period_days")),
        ].filter { $0.value != .null }
        guard let first = given.first, let days = own.attempt({ () throws(PaywallTextError) in try first.integer() }) else { return nil }
        for other in given.dropFirst() where other.value != first.value {
            own.append(other.invalid("disagrees with \(first.path), \(days)"))
        }
        paths.map("introductoryPrice", to: first.path)
        return Discount(type: .introductory, paymentMode: .freeTrial, price: 0, subscriptionPeriod: .days(days))
    }
}
