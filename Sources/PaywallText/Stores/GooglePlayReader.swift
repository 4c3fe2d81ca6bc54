#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `googleplay`: the Play Billing Library's `ProductDetails` as an app serializes it.
///
/// A subscription's `subscriptionOfferDetails` hold its base plans (`offerId` null) and
/// their offers, each a time-ordered list of pricing phases: `priceAmountMicros`,
/// `priceCurrencyCode`, `billingPeriod` (ISO 8601), `billingCycleCount` and `recurrenceMode`
/// (1 infinite, 2 finite, 3 non-recurring). Each base plan is one product, identified as
/// `productId:basePlanId`: its last, infinitely recurring phase is the regular price, and
/// its offers are ``Product/discounts`` (Google has no introductory offer in StoreKit's
/// sense), identified by `offerId`, with one ``OfferPhase`` per phase before the regular price.
/// A phase at 0 is a free trial; a paid phase of one cycle is paid up front; one of several
/// cycles, pay as you go.
///
/// Both shapes in use are read: `pricingPhases` as an array (the Billing Library's own JSON)
/// or as `{"pricingPhaseList": […]}` (getter names), micros as numbers or strings. An in-app
/// product's `oneTimePurchaseOfferDetails` is a product without a period.
enum GooglePlayReader {
    static func read(_ root: JSONField, _ context: ReadingContext) throws(PaywallTextError) -> Reading {
        Reading(items: try drafts(root))
    }

    private static func drafts(_ root: JSONField) throws(PaywallTextError) -> [DraftItem] {
        StoreDocuments.eachObject(root, format: .googlePlay, identifierKey: "productId", details)
    }

    private static func details(_ field: JSONField) throws(PaywallTextError) -> [DraftItem] {
        func source(_ path: String, _ identifier: String?) -> ProductSource {
            ProductSource(format: .googlePlay, store: .googlePlay, path: path, productIdentifier: identifier)
        }
        let id = try field.required("productId", "a string").string()
        let offerDetails = try field.optional("subscriptionOfferDetails")?.elements()
        let oneTime = try field.optional("oneTimePurchaseOfferDetails")
        if let offerDetails, !offerDetails.isEmpty {
            return try basePlans(of: offerDetails, productId: id).map { plan in
                DraftItem(source(plan.base?.path ?? plan.offers[0].path, "\(id):\(plan.id)")) { () throws(PaywallTextError) in
                    try product(plan, identifier: "\(id):\(plan.id)", base: field.path)
                }
            }
        }
        guard let oneTime else {
            return [DraftItem(source(field.path, id)) { () throws(PaywallTextError) in
                throw field.invalid("has neither subscriptionOfferDetails nor oneTimePurchaseOfferDetails")
            }]
        }
        return [DraftItem(source(oneTime.path, id)) { () throws(PaywallTextError) in
            var paths = DocumentPaths(base: field.path)
            let currency = try oneTime.required("priceCurrencyCode", "a currency code")
            let micros = try oneTime.required("priceAmountMicros", "a whole number")
            paths.map("productIdentifier", to: field.path(of: "productId"))
            paths.map("currencyCode", to: currency.path)
            paths.map("price", to: micros.path)
            let code = try currency.string()
            return ProductDraft(product: Product(productIdentifier: id, price: try micros.micros(currency: code), currencyCode: code),
                                paths: paths)
        }]
    }

    /// A base plan and its offers, in document order.
    struct BasePlan {
        let id: String
        var base: JSONField?
        var offers: [JSONField] = []
    }

    private static func basePlans(of details: [JSONField], productId: String) throws(PaywallTextError) -> [BasePlan] {
        var plans: [BasePlan] = []
        for detail in details {
            let id = try detail.required("basePlanId", "a string").string()
            let offerId = try detail.optional("offerId")
            let index = plans.firstIndex(where: { $0.id == id }) ?? plans.count
            if index == plans.count { plans.append(BasePlan(id: id)) }
            if offerId == nil {
                plans[index].base = detail
            } else {
                plans[index].offers.append(detail)
            }
        }
        return plans
    }

    private static func product(_ plan: BasePlan, identifier: String, base: String) throws(PaywallTextError) -> ProductDraft {
        var paths = DocumentPaths(base: base)
        // The regular price: the base plan's phase, else the last phase of an offer.
        let regularSource = plan.base ?? plan.offers[0]
        let regularPhases = try phases(of: regularSource)
        guard let regular = regularPhases.last else {
            throw regularSource.invalid("has no pricing phases")
        }
        try regular.checkRegular()
        paths.map("price", to: regular.pricePath)
        paths.map("currencyCode", to: regular.currencyPath)
        paths.map("subscriptionPeriod", to: regular.periodPath)
        var product = Product(productIdentifier: identifier, price: regular.price, currencyCode: regular.currency,
                              subscriptionPeriod: regular.period)
        var discounts: [Discount] = []
        for offer in plan.offers {
            let offerPhases = try phases(of: offer)
            guard let last = offerPhases.last else { throw offer.invalid("has no pricing phases") }
            try last.checkRegular()
            let model = "discounts[\(discounts.count)]"
            let offerId = try offer.required("offerId", "a string")
            paths.map(model, to: offer.path)
            paths.map(model + ".identifier", to: offerId.path)
            let discounted = Array(offerPhases.dropLast())
            guard !discounted.isEmpty else { continue }  // an offer at the regular price: nothing to show
            discounts.append(try GoogleBillingPhase.offer(
                identifier: offerId.string(), discounted, model: model, currency: regular.currency, paths: &paths))
        }
        product.discounts = discounts.isEmpty ? nil : discounts
        return ProductDraft(product: product, paths: paths)
    }

    /// `pricingPhases` as an array, or as `{"pricingPhaseList": […]}`.
    private static func phases(of detail: JSONField) throws(PaywallTextError) -> [GoogleBillingPhase] {
        let phases = try detail.required("pricingPhases", "an array")
        let list = if case .object = phases.value { try phases.required("pricingPhaseList", "an array") } else { phases }
        var result: [GoogleBillingPhase] = []
        for phase in try list.elements() {
            let currency = try phase.required("priceCurrencyCode", "a currency code")
            let code = try currency.string()
            let micros = try phase.required("priceAmountMicros", "a whole number")
            let period = try phase.required("billingPeriod", "an ISO 8601 duration")
            let cycles = try phase.optional("billingCycleCount")
            let mode = try phase.required("recurrenceMode", "1, 2 or 3")
            result.append(GoogleBillingPhase(
                path: phase.path, price: try micros.micros(currency: code), pricePath: micros.path,
                currency: code, currencyPath: currency.path,
                period: try period.isoDuration(), periodPath: period.path,
                cycles: try cycles?.integer() ?? 0, cyclesPath: cycles?.path ?? phase.path(of: "billingCycleCount"),
                recurrence: try mode.choice(GoogleBillingPhase.recurrenceModes, naming: "recurrenceMode"), recurrencePath: mode.path))
        }
        return result
    }
}

/// One pricing phase of a Google Play offer, as the Billing Library reports it (and
/// RevenueCat's Android products repeat it), with where each value came from.
struct GoogleBillingPhase {
    enum Recurrence { case infinite, finite, once }

    let path: String
    let price: Decimal
    let pricePath: String
    let currency: String
    let currencyPath: String
    let period: SubscriptionPeriod
    let periodPath: String
    /// `billingCycleCount`: 0 where the document leaves it out (an infinite phase).
    let cycles: Int
    let cyclesPath: String
    let recurrence: Recurrence
    let recurrencePath: String

    /// `ProductDetails.RecurrenceMode`, by number or by name.
    static let recurrenceModes: KeyValuePairs<String, Recurrence> = [
        "1": .infinite, "2": .finite, "3": .once,
        "INFINITE_RECURRING": .infinite, "FINITE_RECURRING": .finite, "NON_RECURRING": .once,
    ]

    /// The regular price recurs until cancelled; a base plan charged once is prepaid.
    func checkRegular() throws(PaywallTextError) {
        switch recurrence {
        case .infinite: return
        case .once:
            throw PaywallTextError(.invalidValue, path: recurrencePath, message:
                "a prepaid base plan (charged once, not renewed) is not read: paywall text here describes auto-renewing subscriptions")
        case .finite:
            throw PaywallTextError(.invalidValue, path: recurrencePath, message:
                "the last phase is the regular price and recurs until cancelled (1, INFINITE_RECURRING), got a finite phase")
        }
    }

    /// A promotional offer of the phases before the regular price (at least one).
    static func offer(
        identifier: String, _ phases: [GoogleBillingPhase], model: String, currency: String, paths: inout DocumentPaths
    ) throws(PaywallTextError) -> Discount {
        let list = try offerPhases(phases, model: model, currency: currency, paths: &paths)
        return Discount(identifier: identifier, type: .promotional, phases: list[0], then: Array(list.dropFirst()))
    }

    /// The model's phases for an offer's phases before the regular price: 0 is a free trial,
    /// one paid cycle is paid up front, several are pay as you go.
    static func offerPhases(
        _ phases: [GoogleBillingPhase], model: String, currency: String, paths: inout DocumentPaths
    ) throws(PaywallTextError) -> [OfferPhase] {
        var result: [OfferPhase] = []
        for (index, phase) in phases.enumerated() {
            let phaseModel = phases.count == 1 ? model : "\(model).phases[\(index)]"
            guard phase.currency.uppercased() == currency.uppercased() else {
                throw PaywallTextError(.invalidValue, path: phase.currencyPath, message:
                    "\(quoted(phase.currency)) differs from the regular price's currency, \(currency)")
            }
            let cycles: Int
            switch phase.recurrence {
            case .infinite:
                throw PaywallTextError(.invalidValue, path: phase.recurrencePath, message:
                    "only the last phase (the regular price) recurs until cancelled")
            case .once: cycles = 1
            case .finite: cycles = phase.cycles
            }
            let mode: PaymentMode = phase.price == 0 ? .freeTrial : cycles == 1 ? .payUpFront : .payAsYouGo
            paths.map(phaseModel, to: phase.path)
            paths.map(phaseModel + ".price", to: phase.pricePath)
            paths.map(phaseModel + ".subscriptionPeriod", to: phase.periodPath)
            paths.map(phaseModel + ".numberOfPeriods", to: phase.recurrence == .finite ? phase.cyclesPath : phase.recurrencePath)
            result.append(OfferPhase(paymentMode: mode, price: phase.price, subscriptionPeriod: phase.period, numberOfPeriods: cycles))
        }
        return result
    }
}
