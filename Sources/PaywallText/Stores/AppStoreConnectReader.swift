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
///   (`GET /v1/subscriptionPromotionalOffers/{id}/prices?include=territory,subscriptionPricePoint`, …).
///
/// Resources are joined by their ids, wherever they are in the documents (`data` or
/// `included`); prices are tied to their subscription or offer by the relationships, else by
/// the document's `links.self`, else by being the only candidate. Each subscription yields one
/// product per territory that has a current regular price (the latest `startDate` not after
/// the day of the instant read at, ``AsOf``), with the offers that have a price in that
/// territory. The currency is the
/// territory's; `customerPrice` is the price (per period for pay as you go, once for pay up
/// front). Prices and offers for the monthly plan with a 12-month commitment
/// (`planType`/`targetSubscriptionPlanType` `MONTHLY`) are left out: its text is not modelled.
enum AppStoreConnectReader {
    /// The products of the documents; the UTC day of the context's instant chooses the prices
    /// and offers in force, and the reading says whether any resource has a start or end date
    /// (then the products depend on the instant).
    static func read(_ root: JSONField, _ context: ReadingContext) throws(PaywallTextError) -> Reading {
        let documents = try Documents(root, today: context.instant.utcDay)
        let dated = documents.resources.contains { resource in
            ["startDate", "endDate"].contains { (try? resource.attribute($0))??.value.text != nil }
        }
        return Reading(items: try documents.products(), dependsOnDate: dated)
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

    /// One JSON:API resource, wherever it is.
    struct Resource {
        let type: String
        let id: String
        let field: JSONField
        /// The `links.self` path segments of the document it came from (`subscriptions`, `6447`, `prices`).
        let documentLink: [Substring]

        func attribute(_ key: String) throws(PaywallTextError) -> JSONField? {
            try field.optional("attributes")?.optional(key)
        }

        func requiredAttribute(_ key: String, _ description: String) throws(PaywallTextError) -> JSONField {
            guard let value = try attribute(key) else {
                throw PaywallTextError(.invalidValue, path: "\(field.path).attributes.\(key)", message: "is required")
            }
            return value
        }

        /// A to-one relationship's target id and the path of its `data`.
        func relationship(_ name: String) throws(PaywallTextError) -> (id: String?, path: String) {
            let path = "\(field.path).relationships.\(name).data"
            guard let data = try field.optional("relationships")?.optional(name)?.optional("data") else { return (nil, path) }
            return (try data.required("id", "a string").string(), path)
        }

        /// A to-many relationship's target ids.
        func relationshipIDs(_ name: String) throws(PaywallTextError) -> [String] {
            guard let data = try field.optional("relationships")?.optional(name)?.optional("data") else { return [] }
            var ids: [String] = []
            for element in try data.elements() { ids.append(try element.required("id", "a string").string()) }
            return ids
        }

        /// The id that follows `collection` in the document's `links.self`
        /// (`/v1/subscriptions/6447/prices` → `6447` for `subscriptions`), when the resource is
        /// the document's `data` and the link ends with `suffix`.
        func linkedID(_ collection: String, suffix: String) -> String? {
            guard documentLink.count >= 3, documentLink[documentLink.count - 1] == suffix,
                  documentLink[documentLink.count - 3] == collection
            else { return nil }
            return String(documentLink[documentLink.count - 2])
        }

        var planType: String? { (try? attribute("planType"))??.value.text ?? (try? attribute("targetSubscriptionPlanType"))??.value.text }

        /// Whether the resource applies on `today`: started (or no start) and not ended.
        func isCurrent(today: String) -> Bool {
            let start = (try? attribute("startDate"))??.value.text
            let end = (try? attribute("endDate"))??.value.text
            return (start.map { $0 <= today } ?? true) && (end.map { $0 > today } ?? true)
        }
    }

    /// Every resource of the documents, indexed.
    struct Documents {
        let today: String
        var resources: [Resource] = []
        var byKey: [String: Resource] = [:]
        var byType: [String: [Resource]] = [:]
        /// The one subscription the documents speak of, when there is only one.
        var onlySubscription: String?
        /// Who lists a resource in a to-many `prices` relationship: `type\0id` of the price →
        /// the id of its subscription or offer.
        var priceOwners: [String: String] = [:]
        /// `type\0id` of an offer → territory → its price there.
        var offerPrices: [String: [String: Resource]] = [:]
        /// `subscription\0territory` → the introductory offer in effect there.
        var introductoryOffers: [String: Resource] = [:]

        init(_ root: JSONField, today: String) throws(PaywallTextError) {
            self.today = today
            let documents = if case .array = root.value { try root.elements() } else { [root] }
            for document in documents {
                guard case .object = document.value else { throw document.invalid("must be a JSON:API document (an object with data)") }
                let link = try document.optional("links")?.optional("self")?.string() ?? ""
                let segments = Self.pathSegments(link)
                let data = try document.required("data", "a resource or an array of resources")
                let primary = if case .array = data.value { try data.elements() } else { [data] }
                for resource in primary + (try document.optional("included")?.elements() ?? []) {
                    try add(resource, link: segments)
                }
            }
            byType = Dictionary(grouping: resources, by: \.type)
            var subscriptions = Set(ofType("subscriptions").map(\.id))
            for resource in resources {
                if let id = try resource.relationship("subscription").id { subscriptions.insert(id) }
            }
            onlySubscription = subscriptions.count == 1 ? subscriptions.first : nil
            for owner in ofType("subscriptions") + OfferKind.all.flatMap({ ofType($0.type) }) {
                let pricesType = owner.type == "subscriptions" ? "subscriptionPrices"
                    : OfferKind.all.first(where: { $0.type == owner.type })?.pricesType ?? ""
                for id in try owner.relationshipIDs("prices") where priceOwners[Self.key(pricesType, id)] == nil {
                    priceOwners[Self.key(pricesType, id)] = owner.id
                }
            }
            for kind in OfferKind.all {
                for price in ofType(kind.pricesType) {
                    guard let offer = offer(ofPrice: price, kind: kind), let territory = try price.relationship("territory").id else { continue }
                    if offerPrices[Self.key(kind.type, offer), default: [:]][territory] == nil {
                        offerPrices[Self.key(kind.type, offer), default: [:]][territory] = price
                    }
                }
            }
            for offer in ofType("subscriptionIntroductoryOffers") where offer.planType != "MONTHLY" && offer.isCurrent(today: today) {
                guard let territory = try offer.relationship("territory").id,
                      let subscription = subscription(ofOffer: offer, collection: "introductoryOffers")
                else { continue }
                if introductoryOffers[Self.key(subscription, territory)] == nil {
                    introductoryOffers[Self.key(subscription, territory)] = offer
                }
            }
        }

        private mutating func add(_ field: JSONField, link: [Substring]) throws(PaywallTextError) {
            let resource = Resource(type: try field.required("type", "a string").string(),
                                    id: try field.required("id", "a string").string(), field: field, documentLink: link)
            let key = Self.key(resource.type, resource.id)
            guard byKey[key] == nil else { return }  // a resource included by several documents: the first
            byKey[key] = resource
            resources.append(resource)
        }

        /// `https://api.appstoreconnect.apple.com/v1/subscriptions/6447/prices?include=…` → `subscriptions`, `6447`, `prices`.
        private static func pathSegments(_ link: String) -> [Substring] {
            let path = link.split(separator: "?", maxSplits: 1).first ?? ""
            return path.split(separator: "/")
        }

        static func key(_ type: String, _ id: String) -> String { "\(type)\u{0}\(id)" }

        func resource(_ type: String, _ id: String) -> Resource? { byKey[Self.key(type, id)] }

        func ofType(_ type: String) -> [Resource] { byType[type] ?? [] }

        /// The subscription a regular price belongs to.
        func subscription(ofPrice price: Resource) -> String? {
            priceOwners[Self.key(price.type, price.id)] ?? price.linkedID("subscriptions", suffix: "prices") ?? onlySubscription
        }

        /// The subscription an offer belongs to.
        func subscription(ofOffer offer: Resource, collection: String) -> String? {
            (try? offer.relationship("subscription").id) ?? offer.linkedID("subscriptions", suffix: collection) ?? onlySubscription
        }

        /// The offer a price of an offer belongs to.
        func offer(ofPrice price: Resource, kind: OfferKind) -> String? {
            if let owner = priceOwners[Self.key(price.type, price.id)] { return owner }
            if let id = price.linkedID(kind.type, suffix: "prices") { return id }
            let offers = ofType(kind.type)
            return offers.count == 1 ? offers.first?.id : nil
        }

        /// One draft per subscription and territory with a current regular price.
        func products() throws(PaywallTextError) -> [DraftItem] {
            var items: [DraftItem] = []
            // (subscription, territory) → the current price row, in document order.
            var order: [(subscription: String, territory: String)] = []
            var current: [String: Resource] = [:]
            for price in ofType("subscriptionPrices") where price.planType != "MONTHLY" {
                let territory = try price.relationship("territory")
                guard let territoryID = territory.id else {
                    items.append(DraftItem(source(price, subscription: nil, territory: nil), failure:
                        PaywallTextError(.invalidValue, path: territory.path, message: "is required: the territory the price applies in")))
                    continue
                }
                guard let subscription = subscription(ofPrice: price) else {
                    items.append(DraftItem(source(price, subscription: nil, territory: territoryID), failure:
                        PaywallTextError(.invalidValue, path: price.field.path, message:
                            "cannot tell which subscription this price belongs to: fetch it as /v1/subscriptions/{id}/prices, or include the subscription")))
                    continue
                }
                let start = (try price.attribute("startDate"))?.value.text ?? ""
                guard start <= today else { continue }  // a scheduled price, not yet in effect
                let key = Self.key(subscription, territoryID)
                if let existing = current[key] {
                    let existingStart = (try existing.attribute("startDate"))?.value.text ?? ""
                    if start >= existingStart { current[key] = price }
                } else {
                    current[key] = price
                    order.append((subscription, territoryID))
                }
            }
            for (subscription, territory) in order {
                guard let price = current[Self.key(subscription, territory)] else { continue }
                items.append(DraftItem(source(price, subscription: subscription, territory: territory)) { () throws(PaywallTextError) in
                    try product(subscription: subscription, territory: territory, price: price)
                })
            }
            return items
        }

        private func source(_ price: Resource, subscription: String?, territory: String?) -> ProductSource {
            let productId = subscription.flatMap { resource("subscriptions", $0) }.flatMap { (try? $0.attribute("productId"))??.value.text }
            return ProductSource(format: .appStoreConnect, store: .appStore, path: price.field.path,
                                 productIdentifier: productId ?? subscription, territory: territory)
        }

        private func product(subscription id: String, territory: String, price: Resource) throws(PaywallTextError) -> ProductDraft {
            var paths = DocumentPaths(base: price.field.path)
            guard let subscription = resource("subscriptions", id) else {
                throw PaywallTextError(.invalidValue, path: price.field.path, message:
                    "the subscription \(quoted(id)) is not in the documents: its productId and subscriptionPeriod are needed "
                    + "(add GET /v1/subscriptions/\(id), or fetch its introductoryOffers with include=subscription)")
            }
            let productId = try subscription.requiredAttribute("productId", "a string")
            let period = try subscription.requiredAttribute("subscriptionPeriod", "a subscription period")
            paths.map("productIdentifier", to: productId.path)
            paths.map("subscriptionPeriod", to: period.path)
            let (currency, currencyPath) = try self.currency(of: territory, from: price)
            paths.map("currencyCode", to: currencyPath)
            let amount = try customerPrice(of: price, paths: &paths, model: "price")
            var product = Product(productIdentifier: try productId.string(), price: amount, currencyCode: currency,
                                  subscriptionPeriod: try period.choice(AppStoreConnectReader.subscriptionPeriods, naming: "subscriptionPeriod"))

            if let intro = introductoryOffers[Self.key(id, territory)] {
                product.introductoryPrice = try offer(intro, priceSource: intro, type: .introductory, identifier: nil,
                                                      countKey: "numberOfPeriods", model: "introductoryPrice", paths: &paths)
            }
            var discounts: [Discount] = []
            for kind in OfferKind.all {
                for offer in ofType(kind.type) where offer.planType != "MONTHLY" && offer.isCurrent(today: today)
                    && self.subscription(ofOffer: offer, collection: kind.collection) == id {
                    if let active = try offer.attribute("active"), active.value == .bool(false) { continue }
                    guard let offerPrice = offerPrices[Self.key(kind.type, offer.id)]?[territory] else { continue }
                    let model = "discounts[\(discounts.count)]"
                    let identifier = try offer.attribute(kind.identifierKey)
                    if let identifier { paths.map(model + ".identifier", to: identifier.path) }
                    discounts.append(try self.offer(offer, priceSource: offerPrice, type: kind.discountType,
                                                    identifier: try identifier?.string(), countKey: kind.countKey, model: model, paths: &paths))
                }
            }
            product.discounts = discounts.isEmpty ? nil : discounts
            return ProductDraft(product: product, paths: paths)
        }

        /// An offer's one phase: `duration`, `offerMode`, `numberOfPeriods` (or `periodCount`)
        /// and, unless it is a free trial, the price point of `priceSource` in the territory.
        private func offer(
            _ offer: Resource, priceSource: Resource, type: DiscountType, identifier: String?, countKey: String,
            model: String, paths: inout DocumentPaths
        ) throws(PaywallTextError) -> Discount {
            let duration = try offer.requiredAttribute("duration", "an offer duration")
            let mode = try offer.requiredAttribute("offerMode", "an offer mode")
            let count = try offer.requiredAttribute(countKey, "an integer")
            paths.map(model, to: offer.field.path)
            paths.map(model + ".subscriptionPeriod", to: duration.path)
            paths.map(model + ".paymentMode", to: mode.path)
            paths.map(model + ".numberOfPeriods", to: count.path)
            let paymentMode = try mode.choice(AppStoreConnectReader.offerModes, naming: "offerMode")
            let hasPricePoint = (try priceSource.relationship("subscriptionPricePoint").id) != nil
            let price: Decimal = if paymentMode == .freeTrial, !hasPricePoint {
                0
            } else {
                try customerPrice(of: priceSource, paths: &paths, model: model + ".price")
            }
            return Discount(identifier: identifier, type: type, paymentMode: paymentMode, price: price,
                            subscriptionPeriod: try duration.choice(AppStoreConnectReader.offerDurations, naming: "duration"),
                            numberOfPeriods: try count.integer())
        }

        /// The `customerPrice` of the price point a price resource names.
        private func customerPrice(of price: Resource, paths: inout DocumentPaths, model: String) throws(PaywallTextError) -> Decimal {
            let point = try price.relationship("subscriptionPricePoint")
            guard let pointID = point.id else {
                throw PaywallTextError(.invalidValue, path: point.path, message: "is required: the price point that holds customerPrice")
            }
            let resource = try included("subscriptionPricePoints", pointID, at: point.path, include: "subscriptionPricePoint")
            let customerPrice = try resource.requiredAttribute("customerPrice", "a price")
            paths.map(model, to: customerPrice.path)
            return try customerPrice.decimal()
        }

        /// The territory's currency, and where it is.
        private func currency(of territory: String, from price: Resource) throws(PaywallTextError) -> (String, String) {
            let path = try price.relationship("territory").path
            let resource = try included("territories", territory, at: path, include: "territory")
            let currency = try resource.requiredAttribute("currency", "a currency code")
            return (try currency.string(), currency.path)
        }

        private func included(_ type: String, _ id: String, at path: String, include: String) throws(PaywallTextError) -> Resource {
            guard let resource = resource(type, id) else {
                throw PaywallTextError(.invalidValue, path: path, message:
                    "names \(type) \(quoted(id)), which is not in the documents; request it with include=\(include)")
            }
            return resource
        }
    }
}
