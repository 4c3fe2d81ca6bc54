#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `playconsole`: Android Publisher API `monetization.subscriptions` resources, one or an
/// array of documents fetched together: subscriptions (`GET …/subscriptions/{productId}`, or
/// a list, `{"subscriptions": […]}`) and their offers (`GET …/basePlans/{basePlanId}/offers`,
/// `{"subscriptionOffers": […]}`, or one offer).
///
/// Each auto-renewing base plan yields one product per region of its `regionalConfigs`,
/// identified as `productId:basePlanId`, with the territory set to the region code: the
/// price is the region's `price` (`{currencyCode, units, nanos}`, exact), the period its
/// `billingPeriodDuration`. An offer of the base plan that has a configuration for the region
/// is one of the product's ``Product/discounts``, identified by `offerId`, with one phase per
/// phase: `duration` is one recurrence and `recurrenceCount` how many. Per region a phase is
/// `free`, has a `price` per recurrence, or a discount on the base plan's price prorated over
/// the phase's duration, as Google documents it: `absoluteDiscount` is subtracted from it, and
/// `relativeDiscount` is the fraction taken off it (0.5: half the prorated price), rounded to
/// the currency's smallest unit, halves away from zero. Proration is exact within days and
/// weeks or within months and years; Google does not document it across the two (a weekly
/// phase on a monthly plan), so such a phase needs a `price`.
///
/// A free phase is a free trial; a paid phase of one recurrence is paid up front; one of
/// several, pay as you go. Prepaid and installment base plans are not read.
enum PlayConsoleReader {
    static func read(_ root: JSONField, _ context: ReadingContext) throws(PaywallTextError) -> Reading {
        Reading(items: try drafts(root))
    }

    private static func drafts(_ root: JSONField) throws(PaywallTextError) -> [DraftItem] {
        var subscriptions: [JSONField] = []
        var offers: [JSONField] = []
        let documents = if case .array = root.value { try root.elements() } else { [root] }
        for document in documents {
            if let list = try document.optional("subscriptions") {
                subscriptions += try list.elements()
            } else if try document.optional("basePlans") != nil {
                subscriptions.append(document)
            }
            if let list = try document.optional("subscriptionOffers") {
                offers += try list.elements()
            } else if try document.optional("phases") != nil {
                offers.append(document)
            }
        }
        var items: [DraftItem] = []
        for subscription in subscriptions {
            let productId = subscription.value["productId"]?.text
            do throws(PaywallTextError) {
                let id = try subscription.required("productId", "a string").string()
                for plan in try subscription.required("basePlans", "an array").elements() {
                    let planId = try plan.required("basePlanId", "a string").string()
                    let planOffers = offers.filter { $0.value["productId"]?.text == id && $0.value["basePlanId"]?.text == planId }
                    for region in try plan.optional("regionalConfigs")?.elements() ?? [] {
                        let code = region.value["regionCode"]?.text
                        let source = ProductSource(format: .playConsole, store: .googlePlay, path: region.path,
                                                   productIdentifier: "\(id):\(planId)", territory: code)
                        items.append(DraftItem(source) { () throws(PaywallTextError) in
                            try product(id: "\(id):\(planId)", plan: plan, region: region, offers: planOffers, base: subscription.path)
                        })
                    }
                }
            } catch {
                items.append(DraftItem(ProductSource(format: .playConsole, store: .googlePlay, path: subscription.path,
                                                     productIdentifier: productId), failure: error))
            }
        }
        if subscriptions.isEmpty, let first = offers.first {
            throw PaywallTextError(.invalidValue, path: first.path, message:
                "offers need their subscription: add the subscription resource (GET …/subscriptions/{productId}) to the documents")
        }
        return items
    }

    private static func product(
        id: String, plan: JSONField, region: JSONField, offers: [JSONField], base: String
    ) throws(PaywallTextError) -> ProductDraft {
        var paths = DocumentPaths(base: base)
        paths.map("productIdentifier", to: plan.path(of: "basePlanId"))
        let regionCode = try region.required("regionCode", "a region code").string()
        guard let renewing = try plan.optional("autoRenewingBasePlanType") else {
            let kind = try plan.optional("prepaidBasePlanType") != nil ? "a prepaid base plan (charged once, not renewed)"
                : try plan.optional("installmentsBasePlanType") != nil ? "an installment base plan" : "a base plan without autoRenewingBasePlanType"
            throw plan.invalid("\(kind) is not read: paywall text here describes auto-renewing subscriptions")
        }
        let period = try renewing.required("billingPeriodDuration", "an ISO 8601 duration")
        paths.map("subscriptionPeriod", to: period.path)
        let billingPeriod = try period.isoDuration()
        let price = try region.required("price", "a Money object")
        let (amount, currency) = try price.money()
        paths.map("price", to: price.path)
        paths.map("currencyCode", to: price.path(of: "currencyCode"))
        var product = Product(productIdentifier: id, price: amount, currencyCode: currency, subscriptionPeriod: billingPeriod)

        var discounts: [Discount] = []
        for offer in offers {
            let available = try offer.optional("regionalConfigs")?.elements().contains { $0.value["regionCode"]?.text == regionCode }
            if available == false { continue }
            let model = "discounts[\(discounts.count)]"
            let offerId = try offer.required("offerId", "a string")
            paths.map(model, to: offer.path)
            paths.map(model + ".identifier", to: offerId.path)
            let phases = try offer.required("phases", "an array").elements()
            var offerPhases: [OfferPhase] = []
            for (index, phase) in phases.enumerated() {
                let phaseModel = phases.count == 1 ? model : "\(model).phases[\(index)]"
                guard let config = try phase.optional("regionalConfigs")?.elements().first(where: { $0.value["regionCode"]?.text == regionCode })
                else {
                    throw PaywallTextError(.invalidValue, path: phase.path(of: "regionalConfigs"), message:
                        "has no entry for \(regionCode), where the offer is available")
                }
                offerPhases.append(try self.phase(phase, config: config, model: phaseModel, base: (amount, currency, billingPeriod),
                                                  paths: &paths))
            }
            guard let discount = Discount(identifier: try offerId.string(), type: .promotional, phaseList: offerPhases) else {
                throw PaywallTextError(.invalidValue, path: offer.path(of: "phases"), message: "must hold at least one phase, got an empty array")
            }
            discounts.append(discount)
        }
        product.discounts = discounts.isEmpty ? nil : discounts
        return ProductDraft(product: product, paths: paths)
    }

    private static func phase(
        _ phase: JSONField, config: JSONField, model: String, base: (amount: Decimal, currency: String, period: SubscriptionPeriod),
        paths: inout DocumentPaths
    ) throws(PaywallTextError) -> OfferPhase {
        let durationField = try phase.required("duration", "an ISO 8601 duration")
        let countField = try phase.required("recurrenceCount", "an integer")
        paths.map(model, to: phase.path)
        paths.map(model + ".subscriptionPeriod", to: durationField.path)
        paths.map(model + ".numberOfPeriods", to: countField.path)
        let duration = try durationField.isoDuration()
        let count = try countField.integer()

        let price: Decimal
        if try config.optional("free") != nil {
            price = 0
            paths.map(model + ".price", to: config.path(of: "free"))
        } else if let fixed = try config.optional("price") {
            let (amount, currency) = try fixed.money()
            guard currency.uppercased() == base.currency.uppercased() else {
                throw PaywallTextError(.invalidValue, path: fixed.path(of: "currencyCode"), message:
                    "\(quoted(currency)) differs from the base plan's currency in the region, \(base.currency)")
            }
            price = amount
            paths.map(model + ".price", to: fixed.path)
        } else if let absolute = try config.optional("absoluteDiscount") {
            let (discount, currency) = try absolute.money()
            guard currency.uppercased() == base.currency.uppercased() else {
                throw PaywallTextError(.invalidValue, path: absolute.path(of: "currencyCode"), message:
                    "\(quoted(currency)) differs from the base plan's currency in the region, \(base.currency)")
            }
            let prorated = try prorate(base, over: duration, at: durationField)
            price = try rounded(prorated - exact(discount), currency: base.currency, at: absolute)
            paths.map(model + ".price", to: absolute.path)
        } else if let relative = try config.optional("relativeDiscount") {
            let fraction = try exact(relative.decimal())
            guard ExactAmount.zero < fraction, fraction < ExactAmount(1) else {
                throw relative.invalid("must be a fraction strictly between 0 and 1, got \(try relative.decimal())")
            }
            let prorated = try prorate(base, over: duration, at: durationField)
            price = try rounded(prorated * (ExactAmount(1) - fraction), currency: base.currency, at: relative)
            paths.map(model + ".price", to: relative.path)
        } else {
            throw config.invalid("needs free, price, absoluteDiscount or relativeDiscount")
        }
        let mode: PaymentMode = price == 0 ? .freeTrial : count == 1 ? .payUpFront : .payAsYouGo
        return OfferPhase(paymentMode: mode, price: price, subscriptionPeriod: duration, numberOfPeriods: count)
    }

    /// The base plan's price for one recurrence of `duration`.
    private static func prorate(
        _ base: (amount: Decimal, currency: String, period: SubscriptionPeriod), over duration: SubscriptionPeriod, at field: JSONField
    ) throws(PaywallTextError) -> ExactAmount {
        guard let phase = PeriodLength(duration), let plan = PeriodLength(base.period), phase.scale == plan.scale else {
            throw field.invalid("Google does not document how a phase of \(try field.string()) is prorated against a base plan of "
                                + "\(base.period.numberOfUnits) \(base.period.unit.rawValue)(s); give this phase a price instead of a discount")
        }
        return try exact(base.amount) * ExactAmount(Int128(phase.count), Int128(plan.count))
    }

    private static func exact(_ value: Decimal) throws(PaywallTextError) -> ExactAmount {
        guard let amount = ExactAmount(decimal: value.description) else {
            throw PaywallTextError(.invalidValue, message: "\(value) cannot be read as an exact decimal")
        }
        return amount
    }

    /// To the currency's smallest unit, halves away from zero ("the nearest billable unit");
    /// a price that is not above zero is an error.
    private static func rounded(_ amount: ExactAmount, currency: String, at field: JSONField) throws(PaywallTextError) -> Decimal {
        let digits = Currencies.digitsByCode[currency.uppercased()] ?? 2
        var unit: Int128 = 1
        for _ in 0..<digits { unit *= 10 }
        guard ExactAmount.zero < amount else {
            throw field.invalid("leaves nothing to pay: the discount is at least the prorated base plan price")
        }
        let text = (amount + ExactAmount(1, 2 * unit)).decimalText(digits: digits, rounding: .towardZero)
        return Decimal(string: text) ?? 0
    }
}
