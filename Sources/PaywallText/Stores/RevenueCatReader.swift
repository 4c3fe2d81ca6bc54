#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `revenuecat`: the product JSON of RevenueCat's hybrid SDKs (React Native, Flutter), as
/// `getProducts` or an offering's `package.product` delivers it:
///
/// ```json
/// {"identifier": "com.example.pro.monthly", "price": 9.99, "priceString": "$9.99",
///  "currencyCode": "USD", "subscriptionPeriod": "P1M",
///  "introPrice": {"price": 0, "period": "P1W", "periodUnit": "WEEK", "periodNumberOfUnits": 1, "cycles": 1},
///  "discounts": [{"identifier": "promo", "price": 4.99, "period": "P1M", "cycles": 3, …}]}
/// ```
///
/// Prices are binary floating point numbers there (`3.9899999999999998` for 3.99): a price
/// within a millionth of an amount with the currency's decimal places is read as that amount;
/// anything else is an error. The JSON has no payment mode: an offer at 0 is a free trial,
/// one of several `cycles` is pay as you go, one paid cycle is paid up front (which reads the
/// same as one period of pay as you go). `introPrice` is the introductory offer and
/// `discounts` are promotional offers.
///
/// A product from Google Play carries `subscriptionOptions`: its offers (options that are not
/// the base plan) are read from their pricing phases, as ``GooglePlayReader`` reads them,
/// instead of `introPrice`, which shows only one phase of one offer.
enum RevenueCatReader {
    static func read(_ root: JSONField, _ context: ReadingContext) throws(PaywallTextError) -> Reading {
        Reading(items: try drafts(root))
    }

    private static func drafts(_ root: JSONField) throws(PaywallTextError) -> [DraftItem] {
        StoreDocuments.eachObject(root, format: .revenueCat, identifierKey: "identifier") { (element) throws(PaywallTextError) in
            let options = try element.optional("subscriptionOptions")
            let source = ProductSource(format: .revenueCat, store: options == nil ? .appStore : .googlePlay, path: element.path,
                                       productIdentifier: element.value["identifier"]?.text)
            return [DraftItem(source) { () throws(PaywallTextError) in try product(element, options: options) }]
        }
    }

    private static func product(_ field: JSONField, options: JSONField?) throws(PaywallTextError) -> ProductDraft {
        var paths = DocumentPaths(base: field.path)
        let identifier = try field.required("identifier", "a string")
        let currency = try field.required("currencyCode", "a currency code")
        let code = try currency.string()
        let price = try field.required("price", "a number")
        paths.map("productIdentifier", to: identifier.path)
        paths.map("currencyCode", to: currency.path)
        paths.map("price", to: price.path)
        if let type = try field.optional("productType"), try type.string() == "PREPAID_SUBSCRIPTION" {
            throw type.invalid("a prepaid subscription (charged once, not renewed) is not read: paywall text here describes auto-renewing subscriptions")
        }
        var product = Product(productIdentifier: try identifier.string(), price: try price.amount(currency: code), currencyCode: code)
        guard let period = try field.optional("subscriptionPeriod") else {
            return ProductDraft(product: product, paths: paths)
        }
        paths.map("subscriptionPeriod", to: period.path)
        product.subscriptionPeriod = try period.isoDuration()

        if let options {
            product.discounts = try googleOffers(options, currency: code, paths: &paths)
            return ProductDraft(product: product, paths: paths)
        }
        if let intro = try field.optional("introPrice") {
            product.introductoryPrice = try offer(intro, model: "introductoryPrice", type: .introductory, currency: code, paths: &paths)
        }
        var discounts: [Discount] = []
        for element in try field.optional("discounts")?.elements() ?? [] {
            discounts.append(try offer(element, model: "discounts[\(discounts.count)]", type: .promotional, currency: code, paths: &paths))
        }
        product.discounts = discounts.isEmpty ? nil : discounts
        return ProductDraft(product: product, paths: paths)
    }

    /// `introPrice` or an entry of `discounts`: `cycles` charges of `price`, one every `period`.
    private static func offer(
        _ field: JSONField, model: String, type: DiscountType, currency: String, paths: inout DocumentPaths
    ) throws(PaywallTextError) -> Discount {
        let identifier = try field.optional("identifier")
        let price = try field.required("price", "a number")
        let cycles = try field.required("cycles", "an integer")
        paths.map(model, to: field.path)
        if let identifier { paths.map(model + ".identifier", to: identifier.path) }
        paths.map(model + ".price", to: price.path)
        paths.map(model + ".numberOfPeriods", to: cycles.path)
        let amount = try price.amount(currency: currency)
        let count = try cycles.integer()
        let period: SubscriptionPeriod
        if let iso = try field.optional("period") {
            paths.map(model + ".subscriptionPeriod", to: iso.path)
            period = try iso.isoDuration()
        } else {
            let unit = try field.required("periodUnit", "a unit")
            let units = try field.required("periodNumberOfUnits", "an integer")
            paths.map(model + ".subscriptionPeriod", to: unit.path)
            paths.map(model + ".subscriptionPeriod.numberOfUnits", to: units.path)
            period = SubscriptionPeriod(
                unit: try unit.choice(["DAY": .day, "WEEK": .week, "MONTH": .month, "YEAR": .year], naming: "periodUnit"),
                numberOfUnits: try units.integer())
        }
        let mode: PaymentMode = amount == 0 ? .freeTrial : count > 1 ? .payAsYouGo : .payUpFront
        return Discount(identifier: try identifier?.string(), type: type, paymentMode: mode, price: amount,
                        subscriptionPeriod: period, numberOfPeriods: count)
    }

    /// The offers among an Android product's `subscriptionOptions`: every option that is
    /// not the base plan, with its phases before the regular price.
    private static func googleOffers(_ options: JSONField, currency: String, paths: inout DocumentPaths) throws(PaywallTextError) -> [Discount]? {
        var discounts: [Discount] = []
        for option in try options.elements() {
            if let isBasePlan = try option.optional("isBasePlan"), isBasePlan.value == .bool(true) { continue }
            let id = try option.required("id", "a string")
            var phases: [GoogleBillingPhase] = []
            for phase in try option.required("pricingPhases", "an array").elements() {
                let price = try phase.required("price", "an object")
                let currencyField = try price.required("currencyCode", "a currency code")
                let code = try currencyField.string()
                let micros = try price.required("amountMicros", "a whole number")
                let period = try phase.required("billingPeriod", "an object").required("iso8601", "an ISO 8601 duration")
                let cycles = try phase.optional("billingCycleCount")
                let mode = try phase.required("recurrenceMode", "a recurrence mode")
                phases.append(GoogleBillingPhase(
                    path: phase.path, price: try micros.micros(currency: code), pricePath: micros.path,
                    currency: code, currencyPath: currencyField.path, period: try period.isoDuration(), periodPath: period.path,
                    cycles: try cycles?.integer() ?? 0, cyclesPath: cycles?.path ?? phase.path(of: "billingCycleCount"),
                    recurrence: try mode.choice(GoogleBillingPhase.recurrenceModes, naming: "recurrenceMode"), recurrencePath: mode.path))
            }
            guard let last = phases.last else { throw option.invalid("has no pricing phases") }
            try last.checkRegular()
            let discounted = Array(phases.dropLast())
            guard !discounted.isEmpty else { continue }
            let model = "discounts[\(discounts.count)]"
            paths.map(model, to: option.path)
            paths.map(model + ".identifier", to: id.path)
            discounts.append(try GoogleBillingPhase.offer(
                identifier: id.string(), discounted, model: model, currency: currency, paths: &paths))
        }
        return discounts.isEmpty ? nil : discounts
    }
}
