/// `storekit2`: a StoreKit 2 `Product` as an app encodes it, with Apple's property names
/// (StoreKit 2's types are not `Codable`, so apps write these themselves):
///
/// ```json
/// {"id": "com.example.pro.monthly", "price": 9.99, "displayPrice": "$9.99", "currencyCode": "USD",
///  "subscription": {"subscriptionPeriod": {"unit": "month", "value": 1},
///                   "introductoryOffer": {"id": null, "type": "introductory", "price": 0,
///                                         "period": {"unit": "week", "value": 1}, "periodCount": 1,
///                                         "paymentMode": "freeTrial"},
///                   "promotionalOffers": [], "winBackOffers": []}}
/// ```
///
/// The currency is `priceFormatStyle.currencyCode` or `currencyCode`. An offer's `period` is
/// its billing period and `periodCount` the number of periods (1 for a free trial and for pay
/// up front), as in StoreKit 1. StoreKit sometimes reports a weekly period as 7 days; the
/// renderer's normalization (on by default) shows it as 1 week either way.
enum StoreKit2Reader {
    static func read(_ root: JSONField, _ context: ReadingContext) throws(PaywallTextError) -> Reading {
        Reading(items: try drafts(root))
    }

    private static func drafts(_ root: JSONField) throws(PaywallTextError) -> [DraftItem] {
        StoreDocuments.eachObject(root, format: .storeKit2, identifierKey: "id") { (element) throws(PaywallTextError) in
            let source = ProductSource(format: .storeKit2, store: .appStore, path: element.path,
                                       productIdentifier: element.value["id"]?.text)
            return [DraftItem(source) { () throws(PaywallTextError) in try product(element) }]
        }
    }

    private static func product(_ field: JSONField) throws(PaywallTextError) -> ProductDraft {
        var paths = DocumentPaths(base: field.path)
        let id = try field.required("id", "a string")
        paths.map("productIdentifier", to: id.path)
        let price = try field.required("price", "a decimal number")
        paths.map("price", to: price.path)
        var currency = try field.optional("priceFormatStyle")?.required("currencyCode", "a currency code")
        if currency == nil { currency = try field.optional("currencyCode") }
        guard let currency else {
            throw PaywallTextError(.invalidValue, path: field.path(of: "currencyCode"), message:
                "is required (or priceFormatStyle.currencyCode): StoreKit 2 gives it as product.priceFormatStyle.currencyCode")
        }
        paths.map("currencyCode", to: currency.path)
        var product = Product(productIdentifier: try id.string(), price: try price.decimal(), currencyCode: try currency.string())

        if let subscription = try field.optional("subscription") {
            let period = try subscription.required("subscriptionPeriod", "an object")
            product.subscriptionPeriod = try self.period(period, model: "subscriptionPeriod", paths: &paths)
            if let intro = try subscription.optional("introductoryOffer") {
                product.introductoryPrice = try offer(intro, model: "introductoryPrice", expected: .introductory, paths: &paths)
            }
            var discounts: [Discount] = []
            for (key, type) in [("promotionalOffers", DiscountType.promotional), ("winBackOffers", .winBack)] {
                for element in try subscription.optional(key)?.elements() ?? [] {
                    discounts.append(try offer(element, model: "discounts[\(discounts.count)]", expected: type, paths: &paths))
                }
            }
            product.discounts = discounts.isEmpty ? nil : discounts
        }
        return ProductDraft(product: product, paths: paths)
    }

    private static let units: KeyValuePairs<String, PeriodUnit> = ["day": .day, "week": .week, "month": .month, "year": .year]
    private static let modes: KeyValuePairs<String, PaymentMode> = [
        "freeTrial": .freeTrial, "payAsYouGo": .payAsYouGo, "payUpFront": .payUpFront,
    ]
    private static let types: KeyValuePairs<String, DiscountType> = [
        "introductory": .introductory, "promotional": .promotional, "winBack": .winBack,
    ]

    /// `{unit, value}`: `Product.SubscriptionPeriod`.
    private static func period(_ field: JSONField, model: String, paths: inout DocumentPaths) throws(PaywallTextError) -> SubscriptionPeriod {
        paths.map(model, to: field.path)
        let unit = try field.required("unit", "a unit")
        let value = try field.required("value", "an integer")
        paths.map(model + ".unit", to: unit.path)
        paths.map(model + ".numberOfUnits", to: value.path)
        return SubscriptionPeriod(unit: try unit.choice(units, naming: "unit"), numberOfUnits: try value.integer())
    }

    /// `Product.SubscriptionOffer`, in the list its `type` belongs to.
    private static func offer(
        _ field: JSONField, model: String, expected: DiscountType, paths: inout DocumentPaths
    ) throws(PaywallTextError) -> Discount {
        paths.map(model, to: field.path)
        if let typeField = try field.optional("type") {
            let type = try typeField.choice(types, naming: "offer type")
            guard type == expected else {
                throw typeField.invalid("a \(type.rawValue) offer is not in \(field.path.split(separator: ".").last.map(String.init) ?? "this list")")
            }
        }
        let id = try field.optional("id")
        if let id { paths.map(model + ".identifier", to: id.path) }
        let mode = try field.required("paymentMode", "a payment mode")
        let price = try field.required("price", "a decimal number")
        let count = try field.required("periodCount", "an integer")
        paths.map(model + ".paymentMode", to: mode.path)
        paths.map(model + ".price", to: price.path)
        paths.map(model + ".numberOfPeriods", to: count.path)
        return Discount(
            identifier: try id?.string(), type: expected,
            paymentMode: try mode.choice(modes, naming: "payment mode"), price: try price.decimal(),
            subscriptionPeriod: try period(field.required("period", "an object"), model: model + ".subscriptionPeriod", paths: &paths),
            numberOfPeriods: try count.integer())
    }
}
