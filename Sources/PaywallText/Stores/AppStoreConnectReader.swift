#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `appstoreconnect`: App Store Connect API documents (JSON:API), one or an array of
/// documents fetched together:
///
/// - `GET /v1/subscriptions/{id}/prices?include=territory,subscriptionPricePoint`: the regular
///   price per territory (`subscriptionPrices`);
/// - `GET /v1/subscriptions/{id}/introductoryOffers?include=subscription,territory,subscriptionPricePoint`:
///   introductory offers, one per territory, and the subscription itself (`productId`,
///   `subscriptionPeriod`);
/// - promotional offers, offer codes and win-back offers (`subscriptionPromotionalOffers`,
///   `subscriptionOfferCodes`, `winBackOffers`) with their prices
///   (`GET /v1/subscriptionPromotionalOffers/{id}/prices?include=territory,subscriptionPricePoint`, …);
/// - in-app purchase prices: `GET /v1/inAppPurchasePriceSchedules/{id}/manualPrices` (or
///   `automaticPrices`) `?include=inAppPurchasePricePoint,territory` (`inAppPurchasePrices`,
///   priced by `inAppPurchasePricePoints`), with `GET /v2/inAppPurchases/{id}` for the
///   `productId`: one-time products (consumable, non-consumable, non-renewing).
///
/// Resources are joined by their ids, wherever they are in the documents (`data` or
/// `included`); prices are tied to their subscription, in-app purchase or offer by the
/// relationships (an owner's `prices`, a price schedule's `manualPrices` and
/// `automaticPrices`), else by the document's `links.self`, else by being the only candidate.
/// Each subscription and in-app purchase yields one product per territory that has a price in
/// force (the row with the latest `startDate` not after the day of the instant read at,
/// ``AsOf``, and no `endDate` before it), a subscription with the offers that have a price in
/// that territory. The currency is the territory's; `customerPrice` is the price (per period
/// for pay as you go, once for pay up front).
///
/// A subscription price of the monthly plan with a 12-month commitment (`planType` `MONTHLY`)
/// is the price of one monthly payment: in its territory, a product of its own with the
/// subscription's `productId`, 12 monthly payments and then a new 12-month commitment, as
/// Apple's plans are (see ``BillingPlan``); Apple offers the plan on one-year subscriptions,
/// and another period gets a warning.
///
/// Nothing is left out without a word: a document or resource that cannot be read, a price
/// or offer that belongs to nothing, a price with no product in its territory, a resource of a
/// type this reader does not read, and the offers of the monthly plan with a 12-month
/// commitment (`planType`/`targetSubscriptionPlanType` `MONTHLY`, whose offer text is not
/// written yet) are problems of the documents, errors or warnings with their paths. Rows the
/// day chooses among (scheduled and past prices, offers not yet or no longer in force) are
/// read, not left out; they make the products depend on the instant.
enum AppStoreConnectReader {
    /// The products of the documents; the UTC day of the context's instant chooses the prices
    /// and offers in force, and the reading says whether any resource has a start or end date
    /// (then the products depend on the instant).
    static func read(_ root: JSONField, _ context: ReadingContext) throws(PaywallTextError) -> Reading {
        var documents = Documents(root, today: context.instant.utcDay)
        let items = documents.products()
        var problems = documents.problems.sorted { isBefore($0.path, $1.path) }
        if items.isEmpty, problems.isEmpty {
            // No product and no word about why: say what would make one.
            problems.append(DocumentProblem(index: 1, path: root.path, severity: .warning, error: PaywallTextError(.unused, path: root.path,
                message: "holds no price of a subscription or in-app purchase, so no product: fetch a subscription's prices "
                    + "(GET /v1/subscriptions/{id}/prices?include=territory,subscriptionPricePoint) or an in-app purchase's "
                    + "(GET /v1/inAppPurchasePriceSchedules/{id}/manualPrices?include=inAppPurchasePricePoint,territory)")))
        }
        return Reading(items: items, problems: problems, dependsOnDate: documents.isDated)
    }

    /// Whether one path comes before another in the documents: `[1].data[2]` before
    /// `[1].data[10]`, `data` before `included` (as App Store Connect writes them).
    static func isBefore(_ path: String, _ other: String) -> Bool {
        var left = path.unicodeScalars[...], right = other.unicodeScalars[...]
        let isDigit = { (scalar: Unicode.Scalar) in ("0"..."9").contains(scalar) }
        while let a = left.first, let b = right.first {
            if isDigit(a), isDigit(b) {
                let first = left.prefix(while: isDigit), second = right.prefix(while: isDigit)
                if first.count != second.count { return first.count < second.count }
                if !first.elementsEqual(second) { return first.lexicographicallyPrecedes(second) }
                left = left.dropFirst(first.count)
                right = right.dropFirst(second.count)
            } else {
                if a != b { return a < b }
                left = left.dropFirst()
                right = right.dropFirst()
            }
        }
        return left.isEmpty && !right.isEmpty
    }

    static let subscriptionPeriods: KeyValuePairs<String, SubscriptionPeriod> = [
        "ONE_WEEK": .weeks(1), "ONE_MONTH": .months(1), "TWO_MONTHS": .months(2), "THREE_MONTHS": .months(3),
        "SIX_MONTHS": .months(6), "ONE_YEAR": .years(1),
    ]
    static let offerDurations: KeyValuePairs<String, SubscriptionPeriod> = [
        "THREE_DAYS": .days(3), "ONE_WEEK": .weeks(1), "TWO_WEEKS": .weeks(2), "ONE_MONTH": .months(1),
        "TWO_MONTHS": .months(2), "THREE_MONTHS": .months(3), "SIX_MONTHS": .months(6), "ONE_YEAR": .years(1),
    ]
    static let offerModes: KeyValuePairs<String, PaymentMode> = [
        "FREE_TRIAL": .freeTrial, "PAY_AS_YOU_GO": .payAsYouGo, "PAY_UP_FRONT": .payUpFront,
    ]

    /// What has regular prices: subscriptions and in-app purchases.
    struct PriceKind {
        /// `subscriptions`, `inAppPurchases`.
        let ownerType: String
        /// The relationship by which other resources name the owner.
        let ownerRelationship: String
        let pricesType: String
        let pointRelationship: String
        let pointType: String
        /// What a person calls the owner.
        let what: String
        /// The document links that name the owner: `/v1/{collection}/{id}/{suffix}`.
        let links: [(collection: String, suffixes: [String])]
        /// How to fetch the owner's prices, and the owner itself.
        let fetch: String

        var isSubscription: Bool { ownerType == "subscriptions" }

        static let subscription = PriceKind(
            ownerType: "subscriptions", ownerRelationship: "subscription", pricesType: "subscriptionPrices",
            pointRelationship: "subscriptionPricePoint", pointType: "subscriptionPricePoints", what: "subscription",
            links: [("subscriptions", ["prices"])],
            fetch: "fetch prices as /v1/subscriptions/{id}/prices, or add the subscription (GET /v1/subscriptions/{id})")
        static let inAppPurchase = PriceKind(
            ownerType: "inAppPurchases", ownerRelationship: "inAppPurchase", pricesType: "inAppPurchasePrices",
            pointRelationship: "inAppPurchasePricePoint", pointType: "inAppPurchasePricePoints", what: "in-app purchase",
            links: [("inAppPurchasePriceSchedules", ["manualPrices", "automaticPrices"])],
            fetch: "fetch prices as /v1/inAppPurchasePriceSchedules/{id}/manualPrices, or add the in-app purchase (GET /v2/inAppPurchases/{id})")
        static let all = [subscription, inAppPurchase]
    }

    /// The kinds of offer that carry their prices in separate resources.
    struct OfferKind {
        let type: String
        let pricesType: String
        let discountType: DiscountType
        /// The attribute StoreKit knows the offer by.
        let identifierKey: String
        let countKey: String
        /// The collection name in URLs (`/v1/subscriptions/{id}/promotionalOffers`).
        let collection: String

        static let all = [
            OfferKind(type: "subscriptionPromotionalOffers", pricesType: "subscriptionPromotionalOfferPrices",
                      discountType: .promotional, identifierKey: "offerCode", countKey: "numberOfPeriods",
                      collection: "promotionalOffers"),
            OfferKind(type: "subscriptionOfferCodes", pricesType: "subscriptionOfferCodePrices",
                      discountType: .offerCode, identifierKey: "name", countKey: "numberOfPeriods", collection: "offerCodes"),
            OfferKind(type: "winBackOffers", pricesType: "winBackOfferPrices",
                      discountType: .winBack, identifierKey: "offerId", countKey: "periodCount", collection: "winBackOffers"),
        ]
    }

    /// Why an offer of the monthly plan with a 12-month commitment is not read.
    static let monthlyPlan = "is not read: it is an offer of the monthly plan with a 12-month commitment (MONTHLY), and offers on a commitment plan are not rendered yet"
}

extension AppStoreConnectReader.Documents {
    typealias PriceKind = AppStoreConnectReader.PriceKind
    typealias OfferKind = AppStoreConnectReader.OfferKind
    typealias Resource = AppStoreConnectReader.Resource

    /// A product to be: an owner's price in force in a territory.
    private struct Priced {
        let kind: PriceKind
        let owner: String
        let territory: String
        var price: Resource
        /// Whether the price is of the monthly plan with a 12-month commitment (`MONTHLY`).
        var isCommitment: Bool { price.planType == "MONTHLY" }
    }

    /// One draft per subscription or in-app purchase and territory with a price in force;
    /// what makes no product, or is not read, goes to ``problems``.
    mutating func products() -> [DraftItem] {
        let (priced, owners) = pricesInForce()
        let subscriptionTerritories = Set(priced.filter { $0.kind.isSubscription && !$0.isCommitment }.map { Self.key($0.owner, $0.territory) })
        let intros = introductoryOffers(territories: subscriptionTerritories, owners: owners)
        let offers = self.offers(territories: subscriptionTerritories)
        // An offer of a subscription with no price in the documents has no product to be part of.
        for (subscription, list) in offers where !owners.contains(Self.key(PriceKind.subscription.ownerType, subscription)) {
            for offer in list {
                problem(offer.offer, PaywallTextError(.invalidValue, path: offer.offer.field.path, message:
                    "is an offer of the subscription \(quoted(subscription)), which has no price in the documents, so no product to be "
                    + "offered with: add its prices, GET /v1/subscriptions/\(subscription)/prices?include=territory,subscriptionPricePoint "
                    + "(and its offer's, GET /v1/\(offer.kind.type)/\(offer.offer.id)/prices?include=territory,subscriptionPricePoint)"))
            }
        }
        unusedPricePoints()
        return priced.map { row in
            var warnings: [ProductWarning] = []
            var item = DraftItem(source(row)) { (problems) throws(PaywallTextError) in
                // The offers are the plan billed up front's; the commitment's are not read.
                row.kind.isSubscription
                    ? try subscription(row, intro: row.isCommitment ? nil : intros[Self.key(row.owner, row.territory)],
                                       offers: row.isCommitment ? [] : offers[row.owner] ?? [], problems: &problems, warnings: &warnings)
                    : try inAppPurchase(row, problems: &problems, warnings: &warnings)
            }
            item.warnings = warnings
            return item
        }
    }

    /// The price in force for each owner and territory: subscriptions', then in-app
    /// purchases', each in the order their territories first appear. The rows that belong to
    /// nothing, and the territories with no price in force, are problems.
    private mutating func pricesInForce() -> (rows: [Priced], owners: Set<String>) {
        var order: [String] = []
        var current: [String: Priced] = [:]
        var waiting: [(key: String, row: Priced)] = []
        var owners: Set<String> = []
        for kind in PriceKind.all {
            for price in ofType(kind.pricesType) {
                guard let territory = territory(of: price, what: "price") else {
                    // Every problem of the row at once: its price point's too, not after the territory is fixed.
                    checkPricePoint(of: price, kind: kind)
                    continue
                }
                guard let owner = owner(ofPrice: price, kind: kind) else {
                    problem(price, PaywallTextError(.invalidValue, path: price.field.path, message:
                        "is a price with no \(kind.what) to belong to: no \(kind.what) in the documents lists it, its document's "
                        + "links.self names none, and the documents speak of no single \(kind.what); \(kind.fetch)"))
                    continue
                }
                owners.insert(Self.key(kind.ownerType, owner))
                // The monthly plan with a commitment is a product of its own beside the plan billed up front.
                let key = Self.key(Self.key(kind.ownerType, owner), territory) + (price.planType == "MONTHLY" ? "\0MONTHLY" : "")
                let row = Priced(kind: kind, owner: owner, territory: territory, price: price)
                guard price.isCurrent(today: today) else {
                    waiting.append((key, row))
                    continue
                }
                if let existing = current[key] {
                    // The latest start wins: the row in force since then.
                    if (price.text("startDate") ?? "") >= (existing.price.text("startDate") ?? "") { current[key]?.price = price }
                } else {
                    current[key] = row
                    order.append(key)
                }
            }
        }
        var reported: Set<String> = []
        for (key, row) in waiting where current[key] == nil && reported.insert(key).inserted {
            unused(row.price, "is not in force on \(today), and no price of the \(row.kind.what) \(quoted(row.owner)) in \(row.territory) is: "
                   + "the \(row.kind.what) has no product there on that day (see --as-of)")
        }
        for kind in PriceKind.all {
            for owner in ofType(kind.ownerType) where !owners.contains(Self.key(kind.ownerType, owner.id)) {
                unused(owner, "has no price in the documents, so no product: \(kind.fetch)")
            }
        }
        return (order.compactMap { current[$0] }, owners)
    }

    /// The problems of the price point a price row names, for a row that is not read for
    /// another problem (so that they are not found one at a time).
    private mutating func checkPricePoint(of price: Resource, kind: PriceKind) {
        do throws(PaywallTextError) {
            let point = try price.relationship(kind.pointRelationship)
            guard let id = point.id else {
                throw PaywallTextError(.invalidValue, path: point.path, message: "is required: the price point that holds customerPrice")
            }
            let resource = try included(kind.pointType, id, at: point.path, include: kind.pointRelationship)
            _ = try resource.requiredAttribute("customerPrice", "a price").decimal()
        } catch {
            problem(price, error)
        }
    }

    /// Price points that no price in the documents uses: the prices a subscription or in-app
    /// purchase may be given (`GET /v1/subscriptions/{id}/pricePoints`), not the ones it has. Of
    /// an owner the document names, an error asking for its prices; else a warning.
    private mutating func unusedPricePoints() {
        // Prices, offer prices and introductory offers name their price points.
        var used: Set<String> = []
        for resource in resources {
            for kind in PriceKind.all {
                if let id = resource.relatedID(kind.pointRelationship) { used.insert(Self.key(kind.pointType, id)) }
            }
        }
        for kind in PriceKind.all {
            for point in ofType(kind.pointType) where !used.contains(Self.key(kind.pointType, point.id)) {
                let collection = kind.isSubscription ? "subscriptions" : "inAppPurchases"
                let fetch = kind.isSubscription ? "GET /v1/subscriptions/{id}/prices?include=territory,subscriptionPricePoint"
                    : "GET /v1/inAppPurchasePriceSchedules/{id}/manualPrices?include=inAppPurchasePricePoint,territory"
                guard let owner = point.linkedID(collection, suffixes: ["pricePoints"]) else {
                    unused(point, "is not read: it is a price point no price in the documents uses, a price \(kind.what)s may be given, "
                           + "not one a product has; to render a product, fetch its prices (\(fetch))")
                    continue
                }
                problem(point, PaywallTextError(.invalidValue, path: point.field.path, message:
                    "is a price point of the \(kind.what) \(quoted(owner)) that no price in the documents uses: a price the \(kind.what) "
                    + "may be given, not one it has; add its prices, \(kind.isSubscription ? fetch.replacing("{id}", with: owner) : fetch)"))
            }
        }
    }

    /// The territory a price or offer applies in, or `nil` with the problem recorded.
    private mutating func territory(of resource: Resource, what: String) -> String? {
        do throws(PaywallTextError) {
            let territory = try resource.relationship("territory")
            guard let id = territory.id else {
                throw PaywallTextError(.invalidValue, path: territory.path, message: "is required: the territory the \(what) applies in")
            }
            return id
        } catch {
            problem(resource, error)
            return nil
        }
    }

    /// The introductory offer in force for each subscription and territory that has a product.
    /// An offer of a subscription with no price in the documents (`owners` names those with
    /// one) is an error naming the prices to add; one for a territory where the subscription
    /// has no price in force is not read, with a warning.
    private mutating func introductoryOffers(territories: Set<String>, owners: Set<String>) -> [String: Resource] {
        var intros: [String: Resource] = [:]
        for offer in ofType("subscriptionIntroductoryOffers") {
            if offer.planType == "MONTHLY" {
                unused(offer, AppStoreConnectReader.monthlyPlan)
                continue
            }
            guard offer.isCurrent(today: today) else { continue }  // the day chooses among them
            guard let territory = territory(of: offer, what: "offer") else { continue }
            guard let subscription = subscription(ofOffer: offer, collection: "introductoryOffers") else {
                problem(offer, noSubscription(offer))
                continue
            }
            let key = Self.key(subscription, territory)
            guard territories.contains(key) else {
                guard owners.contains(Self.key(PriceKind.subscription.ownerType, subscription)) else {
                    problem(offer, PaywallTextError(.invalidValue, path: offer.field.path, message:
                        "is an introductory offer of the subscription \(quoted(subscription)), which has no price in the documents, so no "
                        + "product to be offered with: add its prices, GET /v1/subscriptions/\(subscription)/prices?include=territory,"
                        + "subscriptionPricePoint"))
                    continue
                }
                unused(offer, "is not read: the subscription \(quoted(subscription)) has no price in force in \(territory) in the documents")
                continue
            }
            if let first = intros[key] {
                unused(offer, "is not read: \(first.field.path) is the introductory offer in force in \(territory)")
                continue
            }
            intros[key] = offer
        }
        return intros
    }

    /// An offer of some kind, and its price in each territory.
    struct PricedOffer {
        let kind: OfferKind
        let offer: Resource
        let prices: [String: Resource]
    }

    /// The promotional, offer-code and win-back offers in force, by subscription.
    private mutating func offers(territories: Set<String>) -> [String: [PricedOffer]] {
        var result: [String: [PricedOffer]] = [:]
        for kind in OfferKind.all {
            var prices: [String: [String: Resource]] = [:]
            for price in ofType(kind.pricesType) {
                guard let territory = territory(of: price, what: "price") else { continue }
                guard let offer = offer(ofPrice: price, kind: kind) else {
                    problem(price, PaywallTextError(.invalidValue, path: price.field.path, message:
                        "is a price with no offer to belong to: no \(kind.type) in the documents lists it, and its document's links.self "
                        + "names none; fetch it as /v1/\(kind.type)/{id}/prices"))
                    continue
                }
                guard resource(kind.type, offer) != nil else {
                    problem(price, PaywallTextError(.invalidValue, path: price.field.path, message:
                        "is a price of \(kind.type) \(quoted(offer)), which is not in the documents; add GET /v1/\(kind.type)/\(offer)"))
                    continue
                }
                if prices[offer]?[territory] != nil {
                    unused(price, "is not read: \(prices[offer]![territory]!.field.path) is the offer's price in \(territory)")
                    continue
                }
                prices[offer, default: [:]][territory] = price
            }
            for offer in ofType(kind.type) {
                if offer.planType == "MONTHLY" {
                    unused(offer, AppStoreConnectReader.monthlyPlan)
                    continue
                }
                if (try? offer.attribute("active"))??.value == .bool(false) {
                    unused(offer, "is not read: the offer is not active")
                    continue
                }
                guard offer.isCurrent(today: today) else { continue }  // the day chooses among them
                guard let subscription = subscription(ofOffer: offer, collection: kind.collection) else {
                    problem(offer, noSubscription(offer))
                    continue
                }
                let offerPrices = prices[offer.id] ?? [:]
                for (territory, price) in offerPrices.sorted(by: { $0.value.field.path < $1.value.field.path })
                where !territories.contains(Self.key(subscription, territory)) {
                    unused(price, "is not read: the subscription \(quoted(subscription)) has no price in force in \(territory) in the documents")
                }
                result[subscription, default: []].append(PricedOffer(kind: kind, offer: offer, prices: offerPrices))
            }
        }
        return result
    }

    private func noSubscription(_ offer: Resource) -> PaywallTextError {
        PaywallTextError(.invalidValue, path: offer.field.path, message:
            "is an offer with no subscription to belong to: it names none (relationships.subscription), and the documents speak of no single subscription")
    }

    private func source(_ row: Priced) -> ProductSource {
        let owner = resource(row.kind.ownerType, row.owner)
        let productId = owner?.text("productId")
        return ProductSource(format: .appStoreConnect, store: .appStore, path: row.price.field.path,
                             productIdentifier: productId ?? (row.kind.isSubscription ? row.owner : nil), territory: row.territory)
    }

    /// A subscription in a territory: every problem of its own fields is named, and an offer
    /// at fault is left out with its problems.
    private func subscription(
        _ row: Priced, intro: Resource?, offers: [PricedOffer], problems: inout ProblemList, warnings: inout [ProductWarning]
    ) throws(PaywallTextError) -> ProductDraft {
        var own = ProblemList()
        var paths = DocumentPaths(base: row.price.field.path)
        let subscription = own.attempt { () throws(PaywallTextError) -> Resource in
            guard let subscription = resource("subscriptions", row.owner) else {
                throw PaywallTextError(.invalidValue, path: row.price.field.path, message:
                    "the subscription \(quoted(row.owner)) is not in the documents: its productId and subscriptionPeriod are needed "
                    + "(add GET /v1/subscriptions/\(row.owner), or fetch its introductoryOffers with include=subscription)")
            }
            return subscription
        }
        let productId = subscription.flatMap { subscription in
            own.attempt { () throws(PaywallTextError) -> String in
                let productId = try subscription.requiredAttribute("productId", "a string")
                paths.map("productIdentifier", to: productId.path)
                return try productId.string()
            }
        }
        let period = subscription.flatMap { subscription in
            own.attempt { () throws(PaywallTextError) -> SubscriptionPeriod in
                let period = try subscription.requiredAttribute("subscriptionPeriod", "a subscription period")
                paths.map("subscriptionPeriod", to: period.path)
                return try period.choice(AppStoreConnectReader.subscriptionPeriods, naming: "subscriptionPeriod")
            }
        }
        let currency = own.attempt { () throws(PaywallTextError) in try self.currency(of: row, paths: &paths) }
        let amount = own.attempt { () throws(PaywallTextError) in
            try customerPrice(of: row.price, kind: row.kind, currency: currency, model: "price", paths: &paths)
        }
        var product = Product(productIdentifier: productId, price: amount ?? 0, currencyCode: currency, subscriptionPeriod: period)
        if row.isCommitment {
            // One monthly payment of customerPrice, 12 of them, then a new 12-month commitment.
            if let period, PeriodLength(period) != PeriodLength(months: 12), let field = try? subscription?.attribute("subscriptionPeriod") {
                warnings.append(ProductWarning(path: field.path, message:
                    "Apple offers the monthly plan with a 12-month commitment on one-year subscriptions; this one renews every "
                    + (PeriodLength(period).map(String.init(describing:)) ?? "period")))
            }
            product.subscriptionPeriod = .months(1)
            product.billingPlan = .commitment(Commitment(numberOfPayments: 12, renewal: .newCommitment(numberOfPayments: 12)))
            paths.map("billingPlan", to: row.price.field.path)
        }
        product.localizedDisplayNames = localizedNames(ownerType: "subscriptions", owner: row.owner, paths: &paths)

        var parts = ProblemList()
        if let intro {
            product.introductoryPrice = parts.part(paths: &paths) { (own, paths) in
                offer(intro, priceSource: intro, type: .introductory, identifierKey: nil, countKey: "numberOfPeriods",
                      currency: currency, model: "introductoryPrice", paths: &paths, own: &own)
            }
        }
        var discounts: [Discount] = []
        for offer in offers {
            guard let price = offer.prices[row.territory] else { continue }  // not offered in this territory
            let model = "discounts[\(discounts.count)]"
            if let discount = parts.part(paths: &paths, { (own, paths) in
                self.offer(offer.offer, priceSource: price, type: offer.kind.discountType, identifierKey: offer.kind.identifierKey,
                           countKey: offer.kind.countKey, currency: currency, model: model, paths: &paths, own: &own)
            }) {
                discounts.append(discount)
            }
        }
        product.discounts = discounts.isEmpty ? nil : discounts
        try problems.add(own: own, parts: parts, made: ProductDraft(product: product, paths: paths))
        return ProductDraft(product: product, paths: paths)
    }

    /// An in-app purchase in a territory: a one-time product.
    private func inAppPurchase(_ row: Priced, problems: inout ProblemList, warnings: inout [ProductWarning]) throws(PaywallTextError) -> ProductDraft {
        var own = ProblemList()
        var paths = DocumentPaths(base: row.price.field.path)
        var productId: String?
        if let purchase = resource("inAppPurchases", row.owner) {
            productId = own.attempt { () throws(PaywallTextError) -> String in
                let productId = try purchase.requiredAttribute("productId", "a string")
                paths.map("productIdentifier", to: productId.path)
                return try productId.string()
            }
        } else {
            warnings.append(ProductWarning(path: row.price.field.path, message:
                "the in-app purchase \(quoted(row.owner)) is not in the documents, so the product has no productId (add GET /v2/inAppPurchases/\(row.owner))"))
        }
        let currency = own.attempt { () throws(PaywallTextError) in try self.currency(of: row, paths: &paths) }
        let amount = own.attempt { () throws(PaywallTextError) in
            try customerPrice(of: row.price, kind: row.kind, currency: currency, model: "price", paths: &paths)
        }
        var product = Product(productIdentifier: productId, price: amount ?? 0, currencyCode: currency)
        product.localizedDisplayNames = localizedNames(ownerType: "inAppPurchases", owner: row.owner, paths: &paths)
        try problems.add(own: own, parts: ProblemList(), made: ProductDraft(product: product, paths: paths))
        return ProductDraft(product: product, paths: paths)
    }

    /// An offer's one phase: `duration`, `offerMode`, `numberOfPeriods` (or `periodCount`)
    /// and, unless it is a free trial, the price point of `priceSource` in the territory; every
    /// field at fault is named.
    private func offer(
        _ offer: Resource, priceSource: Resource, type: DiscountType, identifierKey: String?, countKey: String,
        currency: String?, model: String, paths: inout DocumentPaths, own: inout ProblemList
    ) -> Discount? {
        paths.map(model, to: offer.field.path)
        let identifier = own.attempt { () throws(PaywallTextError) -> String? in
            guard let identifierKey, let identifier = try offer.attribute(identifierKey) else { return nil }
            paths.map(model + ".identifier", to: identifier.path)
            return try identifier.string()
        } ?? nil
        let period = own.attempt { () throws(PaywallTextError) -> SubscriptionPeriod in
            let duration = try offer.requiredAttribute("duration", "an offer duration")
            paths.map(model + ".subscriptionPeriod", to: duration.path)
            return try duration.choice(AppStoreConnectReader.offerDurations, naming: "duration")
        }
        let mode = own.attempt { () throws(PaywallTextError) -> PaymentMode in
            let mode = try offer.requiredAttribute("offerMode", "an offer mode")
            paths.map(model + ".paymentMode", to: mode.path)
            return try mode.choice(AppStoreConnectReader.offerModes, naming: "offerMode")
        }
        let count = own.attempt { () throws(PaywallTextError) -> Int in
            let count = try offer.requiredAttribute(countKey, "an integer")
            paths.map(model + ".numberOfPeriods", to: count.path)
            return try count.integer()
        }
        let price = own.attempt { () throws(PaywallTextError) -> Decimal in
            // A free trial needs no price point.
            if mode == .freeTrial, priceSource.relatedID("subscriptionPricePoint") == nil { return 0 }
            return try customerPrice(of: priceSource, kind: .subscription, currency: currency, model: model + ".price", paths: &paths)
        }
        guard let period, let mode, let count, let price else { return nil }
        return Discount(identifier: identifier, type: type, paymentMode: mode, price: price, subscriptionPeriod: period, numberOfPeriods: count)
    }

    /// The `customerPrice` of the price point a price resource names.
    private func customerPrice(
        of price: Resource, kind: PriceKind, currency: String?, model: String, paths: inout DocumentPaths
    ) throws(PaywallTextError) -> Decimal {
        let point = try price.relationship(kind.pointRelationship)
        guard let pointID = point.id else {
            throw PaywallTextError(.invalidValue, path: point.path, message: "is required: the price point that holds customerPrice")
        }
        let resource = try included(kind.pointType, pointID, at: point.path, include: kind.pointRelationship)
        let customerPrice = try resource.requiredAttribute("customerPrice", "a price")
        paths.map(model, to: customerPrice.path)
        return try customerPrice.amount(in: currency)
    }

    /// The territory's currency.
    private func currency(of row: Priced, paths: inout DocumentPaths) throws(PaywallTextError) -> String {
        let path = try row.price.relationship("territory").path
        let resource = try included("territories", row.territory, at: path, include: "territory")
        let currency = try resource.requiredAttribute("currency", "a currency code")
        paths.map("currencyCode", to: currency.path)
        return try currency.string()
    }
}
