#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `storekit2`: a StoreKit 2 `Product`, in either of two shapes.
///
/// **An app's encoding**, with Apple's property names (StoreKit 2's types are not `Codable`,
/// so apps and their plugins write these themselves):
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
/// The currency is `currencyCode` or `priceFormatStyle.currencyCode`; an app that encodes
/// neither often sends StoreKit's own `jsonRepresentation` beside them (a string of JSON), whose
/// first offer's `currencyCode` is then the currency. Where they all give one, they must
/// agree; where none does, ``ReadOptions/currency`` or ``ReadOptions/storefront`` gives it, else
/// the product is refused (a symbol in `displayPrice` does not say which currency it is: `$`
/// is the sign of several). Paths inside `jsonRepresentation` continue after it:
/// `[0].jsonRepresentation.attributes.offers[0].currencyCode`.
///
/// An offer's `period` is its billing period and `periodCount` the number of periods (1 for a
/// free trial and for pay up front), as in StoreKit 1. A newer plugin encoding writes the
/// same as `subscriptionPeriodUnit` and `subscriptionPeriodCount` on the subscription, and
/// `periodUnit`, `periodCount` (the number of units) and `offerPeriodCount` (the number of
/// periods) on an offer; both are read. `paymentMode` is read as Swift names the cases
/// (`freeTrial`, `payAsYouGo`, `payUpFront`) and in the spelling StoreKit itself produces:
/// `Product.jsonRepresentation` writes the modes as `modeType` `FreeTrial`, `PayAsYouGo` and
/// `PayUpFront`, so `"paymentMode": "FreeTrial"` is a value StoreKit gave the app. Prices
/// that went through `Double` (`1.9899999999999998`) are read as the currency's amount they
/// stand for (``JSONField/amount(currency:)``).
///
/// StoreKit sometimes reports a weekly period as 7 days; the renderer's normalization (on
/// by default) shows it as 1 week either way.
///
/// `subscription.pricingTerms` (iOS 26.4), the billing plans of a one-year subscription, is read
/// by ``StoreKitPricingTerms``: a plan with a 12-month commitment is a product of its own.
///
/// **StoreKit's own `Product.jsonRepresentation`** (`attributes`, `href`, `type`) is read by
/// ``StoreKitJSONRepresentation``.
enum StoreKit2Reader {
    static func read(_ root: JSONField, _ context: ReadingContext) throws(PaywallTextError) -> Reading {
        Reading(items: StoreDocuments.eachObject(root, format: .storeKit2, identifierKey: "id") { (element) throws(PaywallTextError) in
            if element.value["attributes"] != nil { return [StoreKitJSONRepresentation.item(element, context)] }
            // The product, then a product for each of its billing plans with a commitment.
            var product = item(element, context)
            let plans = StoreKitPricingTerms.items(of: element, product: &product)
            return [product] + plans
        })
    }

    /// One product of an app's encoding.
    private static func item(_ field: JSONField, _ context: ReadingContext) -> DraftItem {
        let source = ProductSource(format: .storeKit2, store: .appStore, path: field.path, productIdentifier: field.value["id"]?.text)
        var warnings: [ProductWarning] = []
        var item = DraftItem(source) { (problems) throws(PaywallTextError) in
            guard case .object = field.value else { throw field.invalid("must be an object: a StoreKit 2 product") }
            var own = ProblemList()
            var paths = DocumentPaths(base: field.path)
            let identifier = own.attempt { () throws(PaywallTextError) -> String in
                let id = try field.required("id", "a string")
                paths.map("productIdentifier", to: id.path)
                return try id.string()
            }
            let currency = own.attempt { () throws(PaywallTextError) -> String in
                try self.currency(of: field, context: context, paths: &paths, warnings: &warnings)
            }
            let price = own.attempt { () throws(PaywallTextError) -> Decimal in
                let price = try field.required("price", "a decimal number")
                paths.map("price", to: price.path)
                return try price.amount(in: currency)
            }
            var product = Product(productIdentifier: identifier, price: price ?? 0, currencyCode: currency)
            product.displayName = DisplayNameFields.name(field, "displayName", paths: &paths, warnings: &warnings)
            var parts = ProblemList()
            if let subscription = own.attempt({ () throws(PaywallTextError) in try field.optional("subscription") }) ?? nil {
                if case .object = subscription.value {
                    product.subscriptionPeriod = subscriptionPeriod(subscription, paths: &paths, own: &own)
                    offers(of: subscription, into: &product, currency: currency, paths: &paths, problems: &parts)
                } else {
                    own.append(subscription.invalid("must be an object: the subscription's period and offers"))
                }
            } else if let type = field.value["type"]?.text, ["autoRenewable", "Auto-Renewable Subscription"].contains(type) {
                own.append(PaywallTextError(.invalidValue, path: field.path(of: "subscription"), message:
                    "is required for an auto-renewable subscription (type \(quoted(type))): it holds the period and the offers"))
            }
            try problems.add(own: own, parts: parts, made: ProductDraft(product: product, paths: paths))
            return ProductDraft(product: product, paths: paths)
        }
        item.warnings = warnings
        return item
    }

    /// The currency: `currencyCode`, `priceFormatStyle.currencyCode` or the embedded
    /// `jsonRepresentation`'s, which must agree; else the options'.
    private static func currency(
        of field: JSONField, context: ReadingContext, paths: inout DocumentPaths, warnings: inout [ProductWarning]
    ) throws(PaywallTextError) -> String {
        var given: [JSONField] = []
        if let code = try field.optional("currencyCode") { given.append(code) }
        if let code = try field.optional("priceFormatStyle")?.optional("currencyCode") { given.append(code) }
        if let json = try field.optional("jsonRepresentation") {
            do {
                if let code = try StoreKitJSONRepresentation.currencyCode(embeddedIn: json) { given.append(code) }
            } catch {
                // Only the currency is read from it: a fault there matters when nothing else gives one.
                guard given.isEmpty else {
                    warnings.append(ProductWarning(path: error.path, message: "is not read (\(error.message)); the currency is \(given[0].path)'s"))
                    return try checkAgreement(given, paths: &paths)
                }
                throw error
            }
        }
        if !given.isEmpty { return try checkAgreement(given, paths: &paths) }
        let display = field.value["displayPrice"]?.text.map { "; displayPrice \(quoted($0)) shows a symbol, which does not say which currency it is" } ?? ""
        return try context.options.currency(forDocumentAt: field.path(of: "currencyCode"), why:
            "is required: the product names no currency (no currencyCode, priceFormatStyle.currencyCode or jsonRepresentation)\(display)").currency
    }

    /// The first currency code given, when the others agree with it.
    private static func checkAgreement(_ given: [JSONField], paths: inout DocumentPaths) throws(PaywallTextError) -> String {
        let first = try given[0].string()
        for other in given.dropFirst() where try other.string().uppercased() != first.uppercased() {
            throw other.invalid("\(quoted(try other.string())) disagrees with \(given[0].path), \(quoted(first))")
        }
        paths.map("currencyCode", to: given[0].path)
        return first
    }

    private static let units: KeyValuePairs<String, PeriodUnit> = ["day": .day, "week": .week, "month": .month, "year": .year]
    private static let modes: KeyValuePairs<String, PaymentMode> = [
        "freeTrial": .freeTrial, "payAsYouGo": .payAsYouGo, "payUpFront": .payUpFront,
        // StoreKit's own spelling (jsonRepresentation's modeType).
        "FreeTrial": .freeTrial, "PayAsYouGo": .payAsYouGo, "PayUpFront": .payUpFront,
    ]
    private static let types: KeyValuePairs<String, DiscountType> = [
        "introductory": .introductory, "promotional": .promotional, "winBack": .winBack,
    ]

    /// `subscriptionPeriod {unit, value}`, or `subscriptionPeriodUnit` and `subscriptionPeriodCount`.
    private static func subscriptionPeriod(_ subscription: JSONField, paths: inout DocumentPaths, own: inout ProblemList) -> SubscriptionPeriod? {
        if let period = own.attempt({ () throws(PaywallTextError) in try subscription.optional("subscriptionPeriod") }) ?? nil {
            return self.period(period, unitKey: "unit", valueKey: "value", model: "subscriptionPeriod", paths: &paths, own: &own)
        }
        guard subscription.value["subscriptionPeriodUnit"] != nil else {
            own.append(PaywallTextError(.invalidValue, path: subscription.path(of: "subscriptionPeriod"), message:
                "is required (or subscriptionPeriodUnit and subscriptionPeriodCount): the subscription's billing period"))
            return nil
        }
        return period(subscription, unitKey: "subscriptionPeriodUnit", valueKey: "subscriptionPeriodCount",
                      model: "subscriptionPeriod", paths: &paths, own: &own)
    }

    /// A period from two members of `field`: `{unit, value}` (`Product.SubscriptionPeriod`) or
    /// a plugin's flattened `periodUnit` and `periodCount`.
    static func period(
        _ field: JSONField, unitKey: String, valueKey: String, model: String, paths: inout DocumentPaths, own: inout ProblemList
    ) -> SubscriptionPeriod? {
        guard case .object = field.value else {
            own.append(field.invalid("must be an object {\(unitKey), \(valueKey)}"))
            return nil
        }
        let unit = own.attempt { () throws(PaywallTextError) -> PeriodUnit in
            let unit = try field.required(unitKey, "a unit")
            paths.map(model + ".unit", to: unit.path)
            return try unit.choice(units, naming: "unit")
        }
        let value = own.attempt { () throws(PaywallTextError) -> Int in
            let value = try field.required(valueKey, "an integer")
            paths.map(model + ".numberOfUnits", to: value.path)
            return try value.integer()
        }
        paths.map(model, to: unitKey == "unit" ? field.path : field.path(of: unitKey))
        guard let unit, let value else { return nil }
        return SubscriptionPeriod(unit: unit, numberOfUnits: value)
    }

    /// The introductory offer, and the promotional and win-back offers as discounts; each offer
    /// at fault is left out, with its problems.
    private static func offers(
        of subscription: JSONField, into product: inout Product, currency: String?, paths: inout DocumentPaths, problems: inout ProblemList
    ) {
        if let intro = problems.attempt({ () throws(PaywallTextError) in try subscription.optional("introductoryOffer") }) ?? nil {
            product.introductoryPrice = problems.part(paths: &paths) { (own, paths) in
                offer(intro, model: "introductoryPrice", expected: .introductory, currency: currency, paths: &paths, own: &own)
            }
        }
        var discounts: [Discount] = []
        for (key, type) in [("promotionalOffers", DiscountType.promotional), ("winBackOffers", .winBack)] {
            let elements = problems.attempt { () throws(PaywallTextError) in try subscription.optional(key)?.elements() ?? [] } ?? []
            for element in elements {
                let model = "discounts[\(discounts.count)]"
                if let discount = problems.part(paths: &paths, { (own, paths) in
                    offer(element, model: model, expected: type, currency: currency, paths: &paths, own: &own)
                }) {
                    discounts.append(discount)
                }
            }
        }
        product.discounts = discounts.isEmpty ? nil : discounts
    }

    /// `Product.SubscriptionOffer`, in the list its `type` belongs to; every field at fault is named.
    private static func offer(
        _ field: JSONField, model: String, expected: DiscountType, currency: String?, paths: inout DocumentPaths, own: inout ProblemList
    ) -> Discount? {
        guard case .object = field.value else {
            own.append(field.invalid("must be an object: an offer"))
            return nil
        }
        paths.map(model, to: field.path)
        own.attempt { () throws(PaywallTextError) in
            guard let typeField = try field.optional("type") else { return }
            let type = try typeField.choice(types, naming: "offer type")
            guard type == expected else {
                throw typeField.invalid("a \(type.rawValue) offer is not in \(field.path.split(separator: ".").last.map(String.init) ?? "this list")")
            }
        }
        // Where the identifier is, or would be: an offer that needs one and has none is named there.
        paths.map(model + ".identifier", to: field.path(of: "id"))
        let identifier = own.attempt { () throws(PaywallTextError) -> String? in
            guard let id = try field.optional("id") else { return nil }
            return try id.string()
        } ?? nil
        let mode = own.attempt { () throws(PaywallTextError) -> PaymentMode in
            let mode = try field.required("paymentMode", "a payment mode")
            paths.map(model + ".paymentMode", to: mode.path)
            return try mode.choice(modes, naming: "payment mode")
        }
        let price = own.attempt { () throws(PaywallTextError) -> Decimal in
            let price = try field.required("price", "a decimal number")
            paths.map(model + ".price", to: price.path)
            return try price.amount(in: currency)
        }
        // The newer plugin encoding: periodUnit and periodCount are the period, offerPeriodCount the count.
        let flattened = field.value["periodUnit"] != nil
        let period = flattened
            ? self.period(field, unitKey: "periodUnit", valueKey: "periodCount", model: model + ".subscriptionPeriod", paths: &paths, own: &own)
            : own.attempt({ () throws(PaywallTextError) in try field.required("period", "an object") }).flatMap {
                self.period($0, unitKey: "unit", valueKey: "value", model: model + ".subscriptionPeriod", paths: &paths, own: &own)
            }
        let count = own.attempt { () throws(PaywallTextError) -> Int in
            let count = try field.required(flattened ? "offerPeriodCount" : "periodCount", "an integer")
            paths.map(model + ".numberOfPeriods", to: count.path)
            return try count.integer()
        }
        guard let mode, let price, let period, let count else { return nil }
        return Discount(identifier: identifier, type: expected, paymentMode: mode, price: price,
                        subscriptionPeriod: period, numberOfPeriods: count)
    }
}
