#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `storekit2`: StoreKit's billing plans, `Product.SubscriptionInfo.pricingTerms` (iOS 26.4), in
/// an app's encoding of a product:
///
/// ```json
/// "subscription": {"subscriptionPeriod": {"unit": "year", "value": 1}, …,
///   "pricingTerms": [
///     {"billingPlanType": "upFront", "billingPrice": 49.99, "billingDisplayPrice": "€49.99",
///      "billingPeriod": {"unit": "year", "value": 1}, "subscriptionOffers": []},
///     {"billingPlanType": "monthly", "billingPrice": 4.99, "billingDisplayPrice": "€4.99",
///      "billingPeriod": {"unit": "month", "value": 1},
///      "commitmentInfo": {"price": 59.88, "displayPrice": "€59.88", "period": {"unit": "year", "value": 1}},
///      "subscriptionOffers": []}]}
/// ```
///
/// Sources: Apple's StoreKit reference for `Product.SubscriptionInfo.PricingTerms`
/// (`billingPlanType`, `billingPrice`, `billingDisplayPrice`, `billingPeriod`, `commitmentInfo`,
/// `subscriptionOffers`) and `CommitmentInfo` (`price`, `displayPrice`, `period`), iOS 26.4;
/// WWDC26 session 210 ("every auto-renewable subscription carries at least one billing plan in
/// this array with a default billingPlanType of .upFront"; `.monthly` "only applies to monthly
/// subscriptions with a 12-month commitment"); and the JSON apps write for them (Capacitor's
/// `@capgo/native-purchases` writes these names, `billingPlanType` as `upFront` or `monthly`;
/// `UP_FRONT`, `BILLED_UPFRONT` and `MONTHLY` are the App Store Server API's spellings).
///
/// The up-front plan is the product itself: its `billingPrice` and `billingPeriod` must be the
/// product's price and period. A monthly plan is a product of its own, with the product's
/// identifier: one payment of `billingPrice` every `billingPeriod`, as many payments as
/// `commitmentInfo.period` holds billing periods, `commitmentInfo.price` the stated total,
/// then a new commitment of as many payments (Apple's rule). The plans' `subscriptionOffers`
/// are not read (offer text for commitments is not written yet), with a warning each.
enum StoreKitPricingTerms {
    private static let upFront: Set<String> = ["upFront", "UP_FRONT", "BILLED_UPFRONT"]
    private static let monthly: Set<String> = ["monthly", "MONTHLY"]

    /// The products of a StoreKit 2 product's commitment plans; the problems of its up-front
    /// plan, and the plans that are not read, go to `product` (errors and warnings).
    static func items(of field: JSONField, product: inout DraftItem) -> [DraftItem] {
        guard let subscription = field.value["subscription"].map({ JSONField($0, path: field.path(of: "subscription")) }),
              case .object = subscription.value, let list = subscription.value["pricingTerms"], list != .null
        else { return [] }
        let terms: [JSONField]
        do {
            terms = try JSONField(list, path: subscription.path(of: "pricingTerms")).elements()
        } catch {
            product.errors.append(error)
            return []
        }
        let draft = try? product.result.get()
        var items: [DraftItem] = []
        for term in terms {
            do throws(PaywallTextError) {
                guard case .object = term.value else { throw term.invalid("must be an object: a billing plan's pricing terms") }
                let typeField = try term.required("billingPlanType", "a billing plan type")
                let type = try typeField.string()
                if upFront.contains(type) {
                    try checkUpFront(term, against: draft?.product, warnings: &product.warnings)
                } else if monthly.contains(type) {
                    items.append(commitment(term, of: field, product: draft?.product))
                } else {
                    product.warnings.append(ProductWarning(path: typeField.path, message:
                        "is not read: \(quoted(type)) is not a billing plan this reader knows (upFront, monthly)"))
                }
            } catch {
                product.errors.append(error)
            }
        }
        return items
    }

    /// The up-front plan restates the product's price and period, which it must agree with.
    private static func checkUpFront(_ term: JSONField, against product: Product?, warnings: inout [ProductWarning]) throws(PaywallTextError) {
        warnOfOffers(term, plan: "the up-front plan's offers are the subscription's own introductoryOffer, promotionalOffers "
                     + "and winBackOffers", warnings: &warnings)
        guard let product else { return }
        if let price = try term.optional("billingPrice") {
            let amount = try price.amount(in: product.currencyCode)
            if amount != product.price {
                throw price.invalid("\(amount) disagrees with the product's price, \(product.price): the up-front plan is the product")
            }
        }
        if let periodField = try term.optional("billingPeriod") {
            var own = ProblemList(), paths = DocumentPaths(base: term.path)
            let period = StoreKit2Reader.period(periodField, unitKey: "unit", valueKey: "value", model: "period", paths: &paths, own: &own)
            if let first = own.errors.first { throw first }
            if let period, let expected = product.subscriptionPeriod, PeriodLength(period) != PeriodLength(expected) {
                throw periodField.invalid("\(period.numberOfUnits) \(period.unit.rawValue)(s) disagrees with the subscription's period, "
                                          + "\(expected.numberOfUnits) \(expected.unit.rawValue)(s): the up-front plan is the product")
            }
        }
    }

    /// A monthly plan with a commitment, as a product of its own.
    private static func commitment(_ term: JSONField, of field: JSONField, product: Product?) -> DraftItem {
        let source = ProductSource(format: .storeKit2, store: .appStore, path: term.path, productIdentifier: field.value["id"]?.text)
        var warnings: [ProductWarning] = []
        var item = DraftItem(source) { (problems) throws(PaywallTextError) in
            guard let product else {
                throw term.invalid("is not read: the product it is a billing plan of cannot be read (its own error says why)")
            }
            var own = ProblemList()
            var paths = DocumentPaths(base: term.path)
            paths.map("productIdentifier", to: field.path(of: "id"))
            paths.map("currencyCode", to: field.path(of: "currencyCode"))
            paths.map("billingPlan", to: term.path)
            let price = own.attempt { () throws(PaywallTextError) -> Decimal in
                let price = try term.required("billingPrice", "a decimal number")
                paths.map("price", to: price.path)
                return try price.amount(in: product.currencyCode)
            }
            let billing = own.attempt { () throws(PaywallTextError) in try term.required("billingPeriod", "an object {unit, value}") }
                .flatMap { StoreKit2Reader.period($0, unitKey: "unit", valueKey: "value", model: "subscriptionPeriod", paths: &paths, own: &own) }
            let info = own.attempt { () throws(PaywallTextError) -> JSONField in
                let info = try term.required("commitmentInfo", "an object {price, period}")
                guard case .object = info.value else { throw info.invalid("must be an object {price, period}: the commitment") }
                return info
            }
            let total = info.flatMap { info in
                own.attempt { () throws(PaywallTextError) -> Decimal? in
                    guard let total = try info.optional("price") else { return nil }
                    paths.map("billingPlan.totalPrice", to: total.path)
                    return try total.amount(in: product.currencyCode)
                }
            } ?? nil
            let length = info.flatMap { info in
                own.attempt { () throws(PaywallTextError) in try info.required("period", "an object {unit, value}") }
                    .flatMap { period in
                        StoreKit2Reader.period(period, unitKey: "unit", valueKey: "value", model: "billingPlan.numberOfPayments",
                                               paths: &paths, own: &own).map { (period, $0) }
                    }
            }
            let payments = own.attempt { () throws(PaywallTextError) -> Int? in
                guard let billing, let (field, length) = length else { return nil }
                return try StoreKitPricingTerms.payments(in: length, of: billing, at: field)
            } ?? nil
            warnOfOffers(term, plan: "offers on a commitment plan are not rendered yet", warnings: &warnings)
            try problems.add(own: own, parts: ProblemList(), made: ProductDraft(
                product: Product(productIdentifier: product.productIdentifier, price: price ?? 0, currencyCode: product.currencyCode,
                                 subscriptionPeriod: billing), paths: paths))
            guard let price, let billing, let payments else {
                throw term.invalid("is not read")  // unreachable: each missing value added its error above
            }
            let plan = Commitment(numberOfPayments: payments, totalPrice: total, renewal: .newCommitment(numberOfPayments: payments))
            return ProductDraft(product: Product(productIdentifier: product.productIdentifier, price: price, currencyCode: product.currencyCode,
                                                 subscriptionPeriod: billing, billingPlan: .commitment(plan)),
                                paths: paths)
        }
        item.warnings = warnings
        return item
    }

    /// How many billing periods a commitment's period holds: `commitmentInfo.period` of 1 year
    /// billed every month is 12 payments.
    static func payments(in commitment: SubscriptionPeriod, of billing: SubscriptionPeriod, at field: JSONField) throws(PaywallTextError) -> Int {
        guard let whole = PeriodLength(commitment), let each = PeriodLength(billing), whole.scale == each.scale,
              each.count > 0, whole.count % each.count == 0
        else {
            throw field.invalid("a commitment of \(PeriodLength(commitment).map(String.init(describing:)) ?? "this length") is not a "
                                + "whole number of billing periods of \(PeriodLength(billing).map(String.init(describing:)) ?? "that length")")
        }
        return whole.count / each.count
    }

    /// A warning for each offer of a plan that is not read, saying why.
    private static func warnOfOffers(_ term: JSONField, plan why: String, warnings: inout [ProductWarning]) {
        guard let offers = try? term.optional("subscriptionOffers")?.elements() else { return }
        for offer in offers {
            warnings.append(ProductWarning(path: offer.path, message: "is not read: \(why)"))
        }
    }
}
