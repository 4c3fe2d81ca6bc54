/// The shapes of product data the library reads (PRODUCT §12): what the stores and their
/// SDKs deliver, each read into the one model, ``Product``.
///
/// ``StoreDocuments/read(_:format:options:)`` reads any of them; ``StoreDocuments/detectFormat(_:)``
/// tells them apart by their fields. The raw values are the names the command-line tool's
/// `--input` option takes.
public enum InputFormat: String, Sendable, Hashable, CaseIterable, Codable {
    /// This package's own model, with StoreKit 1's field names (`SKProduct`,
    /// `SKProductDiscount`): enum names or StoreKit 1's raw values.
    case storeKit1 = "storekit1"
    /// A StoreKit 2 `Product` as an app encodes it: `id`, `price`, `displayPrice`,
    /// `subscription.subscriptionPeriod {unit, value}`, offers with `period`, `periodCount`
    /// and `paymentMode`; or StoreKit's own `Product.jsonRepresentation` (`attributes`,
    /// `offers`, `discounts`), also where an app's encoding carries it for its currency.
    case storeKit2 = "storekit2"
    /// App Store Connect API documents (JSON:API): a subscription's prices and its
    /// introductory, promotional, offer-code and win-back offers, with their included
    /// territories and price points, and in-app purchase prices (one-time products). One
    /// product per territory.
    case appStoreConnect = "appstoreconnect"
    /// Google Play Billing Library `ProductDetails` as an app serializes it: one product per
    /// base plan, its offers' pricing phases in micros.
    case googlePlay = "googleplay"
    /// Android Publisher API `monetization.subscriptions` resources (Play Console): base
    /// plans with regional prices, and offers with phases. One product per base plan and region.
    case playConsole = "playconsole"
    /// RevenueCat's hybrid SDK product JSON (React Native, Flutter, Web Billing): `identifier`,
    /// `price`, `priceString`, `currencyCode`, `subscriptionPeriod` (`P1M`), `introPrice`,
    /// `discounts`, `subscriptionOptions`; or its `Offerings` object, each product once with the
    /// packages that offer it (``ProductSource/packages``).
    case revenueCat = "revenuecat"
    /// An Xcode StoreKit configuration file (`.storekit`, format versions 2 to 5):
    /// subscription groups, subscriptions with their offers, non-renewing subscriptions and
    /// one-time products, priced in the currency of the file's storefront.
    case storeKitConfig = "storekitconfig"
    /// Stripe `Price` objects and lists, for web checkout: `unit_amount` in minor units,
    /// `recurring.interval` and `interval_count`, `trial_period_days`. One product per price
    /// and currency (`currency_options`).
    case stripe = "stripe"

    /// The store whose data the format carries; `nil` when the format serves both
    /// (RevenueCat's products come from either, told apart per product).
    public var store: Store? {
        switch self {
        case .storeKit1, .storeKit2, .appStoreConnect, .storeKitConfig: .appStore
        case .googlePlay, .playConsole: .googlePlay
        case .revenueCat, .stripe: nil
        }
    }
}

extension InputFormat {
    /// What a document of the format is, for messages: `a StoreKit 2 product`.
    var documentDescription: String {
        switch self {
        case .storeKit1: "a product of the SKProduct-style model"
        case .storeKit2: "a StoreKit 2 product"
        case .appStoreConnect: "an App Store Connect API document"
        case .googlePlay: "a Play Billing ProductDetails"
        case .playConsole: "an Android Publisher API resource"
        case .revenueCat: "a RevenueCat product"
        case .storeKitConfig: "an Xcode StoreKit configuration file"
        case .stripe: "a Stripe Price"
        }
    }
}

/// A store that sells the subscription; its rules apply to the offers.
public enum Store: String, Sendable, Hashable, CaseIterable, Codable {
    /// Apple's App Store.
    case appStore
    /// Google Play.
    case googlePlay
}

/// Telling the formats apart by the fields of one object: each format has fields the
/// others do not.
enum FormatDetection {
    /// The formats an object can be, each with the fields that say so.
    static func candidates(_ node: JSONNode) -> [(format: InputFormat, evidence: String)] {
        guard case .object(let members) = node else { return [] }
        // An object with none of the keys another format is told by can only be the package's
        // own model, as a product sent to the server mostly is: the other rules are not run.
        guard otherFormatKeys.containsKey(of: members) else {
            var found: [(format: InputFormat, evidence: String)] = []
            ownModel(JSONKeys(members), into: &found)
            assert(found.elementsEqual(allCandidates(node, members)) { $0.format == $1.format && $0.evidence == $1.evidence },
                   "a rule of FormatDetection.candidates asks for a key missing from otherFormatKeys")
            return found
        }
        return allCandidates(node, members)
    }

    /// The keys of which every rule of ``candidates(_:)`` but the package's own model needs
    /// one, whatever else it asks: a rule with a key of its own adds it here.
    private static let otherFormatKeys = FieldNames([
        "data", "object", "basePlans", "subscriptionOffers", "subscriptions", "purchaseOptions", "oneTimeProducts",
        "oneTimeProductOffers", "purchaseOptionId", "phases", "basePlanId", "subscriptionOfferDetails",
        "oneTimePurchaseOfferDetailsList", "oneTimePurchaseOfferDetails", "productId", "pricingPhases", "priceAmountMicros",
        "identifier", "all", "id", "attributes", "subscriptionGroups", "nonRenewingSubscriptions", "settings",
        "unit_amount", "unit_amount_decimal",
    ])

    /// The package's own model: a price with its currency (or StoreKit 1's priceLocale, or
    /// SKProduct's productIdentifier), when no other format was found. A price alone says
    /// nothing: transactions and other vendors' objects have one too.
    private static func ownModel(_ keys: JSONKeys, into found: inout [(format: InputFormat, evidence: String)]) {
        guard found.isEmpty, keys.contains("price") else { return }
        if keys.contains("currencyCode") {
            found.append((.storeKit1, "an SKProduct-style product (price and currencyCode)"))
        } else if keys.contains("priceLocale") {
            found.append((.storeKit1, "an SKProduct-style product (price and priceLocale)"))
        } else if keys.contains("productIdentifier") {
            found.append((.storeKit1, "an SKProduct-style product (price and productIdentifier)"))
        }
    }

    /// Every rule of ``candidates(_:)``.
    private static func allCandidates(_ node: JSONNode, _ members: [JSONNode.Member]) -> [(format: InputFormat, evidence: String)] {
        let keys = JSONKeys(members)
        var found: [(format: InputFormat, evidence: String)] = []
        func has(_ key: String) -> Bool { keys.contains(key) }

        // JSON:API: `data` holding resources with `type` and `attributes` (or `id`). A Stripe
        // list's prices have a `type` too, but a JSON:API document has no `object`.
        if has("data"), !has("object"), let data = node["data"], isJSONAPIResource(data) {
            found.append((.appStoreConnect, "a JSON:API document (data with type and attributes)"))
        }
        // Android Publisher API resources: a subscription, an offer, or a list of either. An
        // offer body written for offers.create has no ids (its URL names them): its phases say.
        if let key = ["basePlans", "subscriptionOffers", "subscriptions", "purchaseOptions", "oneTimeProducts", "oneTimeProductOffers"].first(where: has)
            ?? (OneTimeProducts.isOffer(node) ? "purchaseOptionId and offerId" : nil)
            ?? (has("phases") && ((has("basePlanId") && has("offerId")) || isPlayOfferPhaseList(node["phases"])) ? "phases" : nil) {
            found.append((.playConsole, "an Android Publisher API resource (\(key))"))
        } else if let part = PlayConsoleReader.part(node) {
            // A part of a document: read, to be refused with what it is and what the whole is.
            found.append((.playConsole, part))
        }
        if let key = ["subscriptionOfferDetails", "oneTimePurchaseOfferDetailsList", "oneTimePurchaseOfferDetails"].first(where: has)
            ?? (has("productId") && has("productType") && !has("basePlans") ? "productType" : nil) {
            found.append((.googlePlay, "a Play Billing ProductDetails (\(key))"))
        } else if let part = GooglePlayReader.part(node) {
            found.append((.googlePlay, part))
        }
        if has("identifier"), has("priceString") {
            found.append((.revenueCat, "a RevenueCat product (identifier and priceString)"))
        } else if has("all"), has("current") || node["all"].map({ if case .object = $0 { true } else { false } }) == true {
            found.append((.revenueCat, "a RevenueCat Offerings object (all, current)"))
        }
        if has("id"), let key = ["displayPrice", "subscription", "jsonRepresentation"].first(where: has) {
            found.append((.storeKit2, "a StoreKit 2 product (id and \(key))"))
        } else if has("attributes"), has("type"), has("href") || node["type"]?.text == "in-apps" {
            found.append((.storeKit2, "StoreKit 2's Product.jsonRepresentation (attributes and type \(quoted(node["type"]?.text ?? "")))"))
        }
        if let key = ["subscriptionGroups", "nonRenewingSubscriptions"].first(where: has)
            ?? (has("settings") && has("version") && has("products") ? "settings, version and products" : nil) {
            found.append((.storeKitConfig, "an Xcode StoreKit configuration file (\(key))"))
        }
        if node["object"]?.text == "price" || (node["object"]?.text == "list" && node["data"].map(isStripePriceList) == true) {
            found.append((.stripe, "a Stripe Price (object \(quoted(node["object"]?.text ?? "")))"))
        } else if node["object"] == nil, let data = node["data"], StripeReader.isPriceList(data) {
            // A list without its "object": "list" (as some clients pass it on) is told by what it holds.
            found.append((.stripe, "a list of Stripe Prices (data of prices)"))
        } else if node["object"] == nil, StripeReader.looksLikePrice(node) {
            found.append((.stripe, "a Stripe Price without its object (currency and \(has("unit_amount") ? "unit_amount" : "unit_amount_decimal"))"))
        } else if let object = node["object"]?.text, has("id") || object == "list" {
            // Another Stripe object (a Product, a list of them): the stripe reader says what to fetch instead.
            found.append((.stripe, "a Stripe object (object \(quoted(object)), not a Price)"))
        }
        ownModel(keys, into: &found)
        return found
    }

    /// Phases of an Android Publisher offer: each has a `duration` and a `recurrenceCount`.
    private static func isPlayOfferPhaseList(_ phases: JSONNode?) -> Bool {
        guard case .array(let elements)? = phases, !elements.isEmpty else { return false }
        return elements.allSatisfy { $0["duration"] != nil && $0["recurrenceCount"] != nil }
    }

    private static func isStripePriceList(_ data: JSONNode) -> Bool {
        guard case .array(let elements) = data else { return false }
        return elements.allSatisfy { $0["object"]?.text == "price" }
    }

    /// An app plugin's envelope, `{"products": […]}`, unwrapped: the array, with paths below
    /// `products`, and a warning for each other member, which is not read. Any other
    /// document is returned as it is (an Xcode StoreKit configuration has `products` too,
    /// beside fields that say what it is).
    static func unwrap(_ document: JSONNode) -> (root: JSONField, problems: [DocumentProblem]) {
        guard case .object(let members) = document, candidates(document).isEmpty, NonCatalogDocuments.refusal(document) == nil,
              let products = document["products"], case .array = products
        else { return (JSONField(document), []) }
        let problems = members.enumerated().filter { $0.element.key != "products" }.map { offset, member in
            DocumentProblem(index: 1, path: member.key, severity: .warning, error: PaywallTextError(
                .unused, path: member.key, message: "is not read: of an envelope {\"products\": […]}, only products is"))
        }
        return (JSONField(products, path: "products"), problems)
    }

    /// The members of a document that no reader reads, each a problem of the document with
    /// its position and path: one that is no catalog (a purchase, a notification, a legacy
    /// `SkuDetails`, another vendor's SDK object: ``NonCatalogDocuments``), and, when the
    /// format is to be detected, one that looks like no format. Empty when there is none.
    static func unreadable(_ root: JSONField, format: InputFormat?) -> [DocumentProblem] {
        let members: [JSONField] = if case .array = root.value, let elements = try? root.elements() { elements } else { [root] }
        return members.enumerated().compactMap { offset, member in unreadable(member, offset: offset, format: format) }
    }

    /// The problem of one member of a document at `offset` (from 0) when no reader reads it.
    static func unreadable(_ member: JSONField, offset: Int, format: InputFormat?) -> DocumentProblem? {
        let message: String
        if let refusal = NonCatalogDocuments.refusal(member.value) {
            message = refusal
        } else if format == nil, candidates(member.value).isEmpty {
            message = "does not look like any input format: \(describe(member.value)); name the format with --input (\(names))"
        } else {
            return nil
        }
        return DocumentProblem(index: offset + 1, path: member.path, severity: .error,
                               error: PaywallTextError(.unrecognizedFormat, path: member.path, message: message))
    }

    /// Refuses a document that looks like another format than the one named, saying what it
    /// looks like and which format reads it, before any of its fields is read.
    /// `skipping` holds the offsets of an array's members that are not read (their problems say
    /// why).
    static func checkFits(_ document: JSONNode, format: InputFormat, at base: String = "", skipping: Set<Int> = []) throws(PaywallTextError) {
        let items: [(path: String, node: JSONNode)] = if case .array(let elements) = document {
            elements.enumerated().filter { !skipping.contains($0.offset) }.map { ("\(base)[\($0)]", $1) }
        } else {
            [(base, document)]
        }
        for (path, node) in items {
            let found = candidates(node)
            guard !found.isEmpty, !found.contains(where: { $0.format == format }) else { continue }
            let place = path.isEmpty ? "the document" : path
            let readers = found.map { "\($0.evidence), which --input \($0.format.rawValue) reads" }.joined(separator: "; or ")
            throw unrecognized("\(place) looks like \(readers); it is not \(format.documentDescription)")
        }
    }

    private static func isJSONAPIResource(_ data: JSONNode) -> Bool {
        switch data {
        case .object: data["type"] != nil
        // A JSON:API resource is no Stripe price, which has a "type" of its own ("recurring"), with or
        // without its "object".
        case .array(let elements): elements.allSatisfy { $0["type"] != nil && $0["object"] == nil && !StripeReader.looksLikePrice($0) }
        case .null: true
        default: false
        }
    }

    /// The format of a document: the one format its top-level object (or every element
    /// of its top-level array) looks like.
    /// `base` is the document's own path (`products` below an envelope), which errors keep;
    /// `skipping` holds the offsets of an array's members that are not read (their problems say
    /// why), which are not looked at.
    static func detect(_ document: JSONNode, at base: String = "", skipping: Set<Int> = []) throws(PaywallTextError) -> InputFormat {
        let nodes: [(offset: Int, node: JSONNode)]
        let isArray: Bool
        switch document {
        case .array(let elements):
            guard !elements.isEmpty else { return .storeKit1 }
            (nodes, isArray) = (elements.enumerated().filter { !skipping.contains($0.offset) }.map { ($0.offset, $0.element) }, true)
        default:
            (nodes, isArray) = ([(0, document)], false)
        }
        // Paths are written for messages only.
        func path(_ offset: Int) -> String { isArray ? "\(base)[\(offset)]" : base }
        func place(_ offset: Int) -> String {
            let path = path(offset)
            return path.isEmpty ? "the document" : path
        }
        var format: InputFormat?
        var firstOffset = 0
        for (offset, node) in nodes {
            let found = candidates(node)
            if let refusal = NonCatalogDocuments.refusal(node) {
                throw PaywallTextError(.unrecognizedFormat, path: path(offset), message: refusal)
            }
            switch found.count {
            case 0:
                throw PaywallTextError(.unrecognizedFormat, path: path(offset), message:
                    "does not look like any input format: \(describe(node)); name the format with --input (\(names))")
            case 1:
                break
            default:
                let readings = found.map { "\($0.format.rawValue), as \($0.evidence)" }.joined(separator: "; ")
                throw unrecognized("\(place(offset)) could be read as more than one format: \(readings); name the format with --input")
            }
            if let format, format != found[0].format {
                throw unrecognized("\(place(offset)) looks like \(found[0].format.rawValue) (\(found[0].evidence)), "
                                   + "but \(place(firstOffset)) looks like \(format.rawValue); an array holds documents of one format")
            }
            if format == nil {
                format = found[0].format
                firstOffset = offset
            }
        }
        return format ?? .storeKit1
    }

    /// The formats' names, for messages.
    static let names = InputFormat.allCases.map(\.rawValue).joined(separator: ", ")

    /// What a value is, with the first keys of an object: `an object with keys a, b, c`.
    static func describe(_ node: JSONNode) -> String {
        guard case .object(let members) = node else { return node.kindDescription }
        guard !members.isEmpty else { return "an empty object" }
        let keys = members.prefix(6).map { quoted($0.key, limit: 32) }.joined(separator: ", ")
        return "an object with keys \(keys)\(members.count > 6 ? ", …" : "")"
    }

    private static func unrecognized(_ message: String) -> PaywallTextError {
        PaywallTextError(.unrecognizedFormat, message: message)
    }
}
