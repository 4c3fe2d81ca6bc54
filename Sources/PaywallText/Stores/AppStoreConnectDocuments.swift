#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension AppStoreConnectReader {
    /// One JSON:API resource, wherever it is.
    struct Resource {
        let type: String
        let id: String
        let field: JSONField
        /// The position, from 1, of the document it came from.
        let document: Int
        /// The `links.self` path segments of the document it came from (`subscriptions`, `6447`, `prices`).
        let documentLink: [Substring]

        func attribute(_ key: String) throws(PaywallTextError) -> JSONField? {
            try field.optional("attributes")?.optional(key)
        }

        /// An attribute's text, `nil` when it is absent or no string.
        func text(_ key: String) -> String? {
            (try? attribute(key))??.value.text
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

        /// A to-one relationship's target id, `nil` when it is absent or malformed (the
        /// reading that needs it reports that).
        func relatedID(_ name: String) -> String? {
            (try? relationship(name))?.id
        }

        /// A to-many relationship's target ids.
        func relationshipIDs(_ name: String) throws(PaywallTextError) -> [String] {
            guard let data = try field.optional("relationships")?.optional(name)?.optional("data") else { return [] }
            var ids: [String] = []
            for element in try data.elements() { ids.append(try element.required("id", "a string").string()) }
            return ids
        }

        /// The id that follows `collection` in the document's `links.self`
        /// (`/v1/subscriptions/6447/prices` → `6447` for `subscriptions`), when the link ends
        /// with one of `suffixes`.
        func linkedID(_ collection: String, suffixes: [String]) -> String? {
            guard documentLink.count >= 3, suffixes.contains(where: { documentLink[documentLink.count - 1] == $0 }),
                  documentLink[documentLink.count - 3] == collection
            else { return nil }
            return String(documentLink[documentLink.count - 2])
        }

        /// The plan a price or offer is for: `MONTHLY` is the monthly plan with a 12-month commitment.
        var planType: String? { text("planType") ?? text("targetSubscriptionPlanType") }

        /// Whether the resource applies on `today`: started (or no start) and not ended.
        func isCurrent(today: String) -> Bool {
            let start = text("startDate"), end = text("endDate")
            return (start.map { $0 <= today } ?? true) && (end.map { $0 > today } ?? true)
        }

        /// Whether it has a start or an end date, so that what is read depends on the day.
        var isDated: Bool { text("startDate") != nil || text("endDate") != nil }
    }

    /// Every resource of the documents, indexed, and the problems that belong to no product.
    struct Documents {
        let today: String
        private(set) var resources: [Resource] = []
        private var byKey: [String: Resource] = [:]
        private var byType: [String: [Resource]] = [:]
        /// Problems that belong to no product: a document or resource that cannot be read, a
        /// price or offer that belongs to nothing, a resource that is not read.
        var problems: [DocumentProblem] = []
        /// Who lists a price in a to-many relationship: `type\0id` of the price → its owner's id.
        private var priceOwners: [String: String] = [:]
        /// For each kind of price, the one owner the documents speak of, when there is one.
        private var onlyOwner: [String: String] = [:]

        init(_ root: JSONField, today: String) {
            self.today = today
            let documents = if case .array = root.value, let elements = try? root.elements() { elements } else { [root] }
            for (index, document) in documents.enumerated() {
                do {
                    try add(document: document, index: index + 1)
                } catch {
                    problems.append(DocumentProblem(index: index + 1, path: error.path, severity: .error, error: error))
                }
            }
            byType = Dictionary(grouping: resources, by: \.type)
            for resource in resources where !Self.knownTypes.contains(resource.type) {
                unused(resource, "is not read: resources of type \(quoted(resource.type)) hold no price or offer of a product")
            }
            indexOwners()
            checkLocalizations()
        }

        private mutating func add(document: JSONField, index: Int) throws(PaywallTextError) {
            guard case .object = document.value else { throw document.invalid("must be a JSON:API document, an object with data") }
            let link = try document.optional("links")?.optional("self")?.string() ?? ""
            let segments = Self.pathSegments(link)
            let data = try document.required("data", "a resource or an array of resources")
            let primary = if case .array = data.value { try data.elements() } else { [data] }
            for resource in primary + (try document.optional("included")?.elements() ?? []) {
                do {
                    try add(resource, document: index, link: segments)
                } catch {
                    problems.append(DocumentProblem(index: index, path: error.path, severity: .error, error: error))
                }
            }
        }

        private mutating func add(_ field: JSONField, document: Int, link: [Substring]) throws(PaywallTextError) {
            guard case .object = field.value else { throw field.invalid("must be a JSON:API resource, an object with type and id") }
            let resource = Resource(type: try field.required("type", "a string").string(),
                                    id: try field.required("id", "a string").string(), field: field, document: document, documentLink: link)
            if let attributes = try field.optional("attributes") {
                guard case .object = attributes.value else { throw attributes.invalid("must be an object") }
            }
            let key = Self.key(resource.type, resource.id)
            guard byKey[key] == nil else { return }  // a resource included by several documents: the first
            byKey[key] = resource
            resources.append(resource)
        }

        /// The types this reader reads.
        private static let knownTypes: Set<String> = Set(
            ["territories", "subscriptionIntroductoryOffers", "inAppPurchasePriceSchedules"]
                + PriceKind.all.flatMap { [$0.ownerType, $0.pricesType, $0.pointType] }
                + OfferKind.all.flatMap { [$0.type, $0.pricesType] }
                + LocalizationKind.all.map(\.type))

        /// Who owns each price listed in a to-many relationship, and the one owner of each kind
        /// when the documents speak of only one.
        private mutating func indexOwners() {
            for resource in resources {
                guard let pricesType = Self.pricesType(ownedBy: resource.type) else { continue }
                // An owner's `prices` (a subscription's, an offer's) or a price schedule's `manualPrices`
                // and `automaticPrices` (an in-app purchase's, whose schedule shares its id).
                let (owner, names) = resource.type == "inAppPurchasePriceSchedules"
                    ? (resource.relatedID("inAppPurchase") ?? resource.id, ["manualPrices", "automaticPrices"])
                    : (resource.id, ["prices"])
                for name in names {
                    let ids: [String]
                    do throws(PaywallTextError) {
                        ids = try resource.relationshipIDs(name)
                    } catch {
                        problem(resource, error)
                        continue
                    }
                    for id in ids where priceOwners[Self.key(pricesType, id)] == nil {
                        priceOwners[Self.key(pricesType, id)] = owner
                    }
                }
            }
            for kind in PriceKind.all {
                var owners = Set(ofType(kind.ownerType).map(\.id))
                for resource in resources {
                    if let id = resource.relatedID(kind.ownerRelationship) { owners.insert(id) }
                    if resource.type == "inAppPurchasePriceSchedules", kind.ownerType == "inAppPurchases" {
                        owners.insert(resource.relatedID("inAppPurchase") ?? resource.id)
                    }
                }
                if owners.count == 1 { onlyOwner[kind.ownerType] = owners.first }
            }
        }

        /// The type of the prices a resource of `type` lists.
        private static func pricesType(ownedBy type: String) -> String? {
            if type == "inAppPurchasePriceSchedules" { return "inAppPurchasePrices" }
            if let kind = PriceKind.all.first(where: { $0.ownerType == type }) { return kind.pricesType }
            return OfferKind.all.first(where: { $0.type == type })?.pricesType
        }

        /// `https://api.appstoreconnect.apple.com/v1/subscriptions/6447/prices?include=…` → `subscriptions`, `6447`, `prices`.
        private static func pathSegments(_ link: String) -> [Substring] {
            let path = link.split(separator: "?", maxSplits: 1).first ?? ""
            return path.split(separator: "/")
        }

        static func key(_ type: String, _ id: String) -> String { "\(type)\u{0}\(id)" }

        func resource(_ type: String, _ id: String) -> Resource? { byKey[Self.key(type, id)] }

        func ofType(_ type: String) -> [Resource] { byType[type] ?? [] }

        /// Whether any resource has a start or end date, so that the products depend on the day.
        var isDated: Bool { resources.contains(where: \.isDated) }

        /// The subscription or in-app purchase a regular price belongs to: the owner that lists
        /// it, else the document's `links.self`, else the only one the documents speak of.
        func owner(ofPrice price: Resource, kind: PriceKind) -> String? {
            priceOwners[Self.key(price.type, price.id)]
                ?? kind.links.lazy.compactMap { price.linkedID($0.collection, suffixes: $0.suffixes) }.first
                ?? onlyOwner[kind.ownerType]
        }

        /// The subscription an offer belongs to.
        func subscription(ofOffer offer: Resource, collection: String) -> String? {
            offer.relatedID("subscription") ?? offer.linkedID("subscriptions", suffixes: [collection]) ?? onlyOwner["subscriptions"]
        }

        /// The offer a price of an offer belongs to.
        func offer(ofPrice price: Resource, kind: OfferKind) -> String? {
            if let owner = priceOwners[Self.key(price.type, price.id)] { return owner }
            if let id = price.linkedID(kind.type, suffixes: ["prices"]) { return id }
            let offers = ofType(kind.type)
            return offers.count == 1 ? offers.first?.id : nil
        }

        /// A resource the documents name by a relationship, or an error at `path` asking for it.
        func included(_ type: String, _ id: String, at path: String, include: String) throws(PaywallTextError) -> Resource {
            guard let resource = resource(type, id) else {
                throw PaywallTextError(.invalidValue, path: path, message:
                    "names \(type) \(quoted(id)), which is not in the documents; request it with include=\(include)")
            }
            return resource
        }

        /// Records an error about a resource that belongs to no product.
        mutating func problem(_ resource: Resource, _ error: PaywallTextError) {
            problems.append(DocumentProblem(index: resource.document, path: error.path, severity: .error, error: error))
        }

        /// Records that a resource is not read, and why.
        mutating func unused(_ resource: Resource, _ message: String) {
            problems.append(DocumentProblem(index: resource.document, path: resource.field.path, severity: .warning,
                                            error: PaywallTextError(.unused, path: resource.field.path, message: message)))
        }
    }
}
