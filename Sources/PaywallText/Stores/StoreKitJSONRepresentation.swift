#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// StoreKit 2's own `Product.jsonRepresentation`, read by `storekit2`: the App Store's JSON
/// for a product, as StoreKit hands it to an app.
///
/// ```json
/// {"id": "6447", "type": "in-apps", "href": "/v1/catalog/usa/in-apps/6447",
///  "attributes": {"kind": "Auto-Renewable Subscription", "offerName": "com.example.pro.monthly",
///                 "offers": [{"currencyCode": "USD", "price": "9.99", "recurringSubscriptionPeriod": "P1M",
///                             "discounts": [{"type": "IntroOffer", "modeType": "FreeTrial", "numOfPeriods": 1,
///                                            "recurringSubscriptionPeriod": "P1W", "priceString": "0.00"}]}]}}
/// ```
///
/// `attributes.offerName` is the product identifier (`id` is the App Store's own number);
/// `kind` is `Auto-Renewable Subscription`, `Non-Renewing Subscription`, `Consumable` or
/// `Non-Consumable`, and only the first is a subscription (with `recurringSubscriptionPeriod`,
/// ISO 8601). The first of `offers` holds the price (`price`, or `priceString` as some SDK
/// versions write it) and its `currencyCode`; its `discounts` are the offers: `type`
/// `IntroOffer` (the introductory offer), `AdhocOffer` (promotional) or `Winback`, each with
/// `modeType` (`FreeTrial`, `PayAsYouGo`, `PayUpFront`), its billing period
/// `recurringSubscriptionPeriod`, `numOfPeriods`, `priceString` and `offerId`. A member of the
/// product, its attributes, its price or an offer that StoreKit does not write is a warning,
/// with StoreKit's spelling when one is close (``unknownMembers(of:)``).
enum StoreKitJSONRepresentation {
    /// One product.
    static func item(_ field: JSONField, _ context: ReadingContext) -> DraftItem {
        let name = (field.value["attributes"]?["offerName"]).flatMap(\.text)
        let source = ProductSource(format: .storeKit2, store: .appStore, path: field.path, productIdentifier: name)
        var warnings = unknownMembers(of: field)
        var item = DraftItem(source) { (problems) throws(PaywallTextError) in
            let attributes = try field.required("attributes", "an object")
            guard case .object = attributes.value else { throw attributes.invalid("must be an object: the product's attributes") }
            var own = ProblemList()
            var paths = DocumentPaths(base: field.path)
            let identifier = own.attempt { () throws(PaywallTextError) -> String? in
                guard let name = try attributes.optional("offerName") else { return nil }
                paths.map("productIdentifier", to: name.path)
                return try name.string()
            } ?? nil
            let renews = own.attempt { () throws(PaywallTextError) -> Bool in
                try attributes.required("kind", "a product kind").choice(kinds, naming: "kind")
            }
            let offer = own.attempt { () throws(PaywallTextError) -> JSONField in
                let field = try attributes.required("offers", "an array")
                let offers = try field.elements()
                guard let first = offers.first else { throw field.invalid("must hold the product's price, got an empty array") }
                for other in offers.dropFirst() {
                    warnings.append(ProductWarning(path: other.path, message: "is not read: a product has one price, the first of offers"))
                }
                guard case .object = first.value else { throw first.invalid("must be an object: the product's price") }
                return first
            }
            var product = Product(productIdentifier: identifier, price: 0)
            product.displayName = DisplayNameFields.name(attributes, "name", paths: &paths, warnings: &warnings)
            var parts = ProblemList()
            if let offer {
                read(offer, renews: renews, into: &product, options: context.options, paths: &paths, own: &own, parts: &parts, warnings: &warnings)
            }
            try problems.add(own: own, parts: parts, made: ProductDraft(product: product, paths: paths))
            return ProductDraft(product: product, paths: paths)
        }
        item.warnings = warnings
        return item
    }

    /// The first of `offers`: the price, its currency and the period, and the offers.
    private static func read(
        _ offer: JSONField, renews: Bool?, into product: inout Product, options: ReadOptions, paths: inout DocumentPaths,
        own: inout ProblemList, parts: inout ProblemList, warnings: inout [ProductWarning]
    ) {
        let currency = own.attempt { () throws(PaywallTextError) -> String in
            if let code = try offer.optional("currencyCode") {
                paths.map("currencyCode", to: code.path)
                return try code.string()
            }
            return try options.currency(forDocumentAt: offer.path(of: "currencyCode"), why: "is required: the product names no currency").currency
        }
        product.currencyCode = currency
        if let price = own.attempt({ () throws(PaywallTextError) -> Decimal in
            let price = try offer.firstPresent("price", "priceString")
            paths.map("price", to: price.path)
            return try price.amount(in: currency)
        }) {
            product.price = price
        }
        if renews == true {
            product.subscriptionPeriod = own.attempt { () throws(PaywallTextError) -> SubscriptionPeriod in
                let field = try offer.required("recurringSubscriptionPeriod", "an ISO 8601 duration")
                paths.map("subscriptionPeriod", to: field.path)
                return try field.isoDuration()
            }
        } else if renews == false, offer.value["recurringSubscriptionPeriod"] != nil {
            warnings.append(ProductWarning(path: offer.path(of: "recurringSubscriptionPeriod"), message:
                "is not read: only an auto-renewable subscription renews"))
        }
        discounts(of: offer, into: &product, currency: currency, paths: &paths, problems: &parts)
    }

    /// The members of the product, its attributes, its price (the first of `offers`, the one
    /// read) and its offers (`discounts`) that StoreKit does not write, each a warning with
    /// StoreKit's spelling when one is close: an offer under a misspelt `discounts`, or an
    /// `offerId` spelt `offerID`, would otherwise be lost in silence.
    ///
    /// Apple documents `jsonRepresentation` only as "the JSON representation of the product
    /// information", not its keys; the keys known here are those StoreKit writes (the App
    /// Store's `in-apps` resource: `id`, `type`, `href`, `attributes`), as the dumps of it that
    /// apps and their developers have published show them, among them the keys this reader
    /// does not need (`icuLocale`, `subscriptionFamilyRank`, `buyParams`, `priceFormatted`,
    /// `billingPlanType`…), which are never warned.
    private static func unknownMembers(of resource: JSONField) -> [ProductWarning] {
        let what = "StoreKit's jsonRepresentation"
        var warnings = UnknownMembers.warnings(of: resource, known: resourceMembers, what: "a product in \(what)", writer: "StoreKit")
        guard let attributes = try? resource.optional("attributes") else { return warnings }
        warnings += UnknownMembers.warnings(of: attributes, known: attributeMembers, what: "a product's attributes in \(what)",
                                            writer: "StoreKit")
        guard let offer = try? attributes.optional("offers")?.elements().first else { return warnings }
        warnings += UnknownMembers.warnings(of: offer, known: offerMembers, what: "a price (offers) in \(what)", writer: "StoreKit")
        for discount in (try? offer.optional("discounts")?.elements()) ?? [] {
            warnings += UnknownMembers.warnings(of: discount, known: discountMembers, what: "an offer (discounts) in \(what)",
                                                writer: "StoreKit")
        }
        return warnings
    }

    /// The members of the `in-apps` resource.
    private static let resourceMembers: Set<String> = ["id", "type", "href", "attributes"]

    /// The members of its `attributes`.
    private static let attributeMembers: Set<String> = [
        "description", "icuLocale", "isFamilyShareable", "isMerchandisedEnabled", "isMerchandisedVisibleByDefault", "isSubscription",
        "kind", "name", "offerName", "offers", "releaseDate", "subscriptionFamilyId", "subscriptionFamilyName",
        "subscriptionFamilyRank", "url",
    ]

    /// The members of an entry of `offers`, a price.
    private static let offerMembers: Set<String> = [
        "assets", "billingPlanType", "buyParams", "currencyCode", "discounts", "price", "priceFormatted", "priceString",
        "recurringSubscriptionPeriod", "type",
    ]

    /// The members of an entry of `discounts`, an offer.
    private static let discountMembers: Set<String> = [
        "billingPlanType", "modeType", "numOfPeriods", "offerId", "price", "priceFormatted", "priceString",
        "recurringSubscriptionPeriod", "type",
    ]

    /// The currency code of the first offer of a `jsonRepresentation` that an app's encoding
    /// carries as a string; `nil` when it has none. Errors name the path inside it.
    static func currencyCode(embeddedIn field: JSONField) throws(PaywallTextError) -> JSONField? {
        let json: JSONNode
        do {
            json = try ProductDecoder.parse(Data(try field.string().utf8))
        } catch {
            throw field.invalid("must be StoreKit's jsonRepresentation, a string of JSON: \(error.message)")
        }
        let root = JSONField(json, path: field.path)
        return try root.optional("attributes")?.optional("offers")?.elements().first?.optional("currencyCode")
    }

    /// `kind`: whether the product renews.
    private static let kinds: KeyValuePairs<String, Bool> = [
        "Auto-Renewable Subscription": true, "Non-Renewing Subscription": false, "Consumable": false, "Non-Consumable": false,
    ]
    private static let types: KeyValuePairs<String, DiscountType> = ["IntroOffer": .introductory, "AdhocOffer": .promotional, "Winback": .winBack]
    private static let modes: KeyValuePairs<String, PaymentMode> = ["FreeTrial": .freeTrial, "PayAsYouGo": .payAsYouGo, "PayUpFront": .payUpFront]

    /// `discounts`: the introductory offer and the others; each one at fault is left out, with
    /// its problems.
    private static func discounts(
        of offer: JSONField, into product: inout Product, currency: String?, paths: inout DocumentPaths, problems: inout ProblemList
    ) {
        let elements = problems.attempt { () throws(PaywallTextError) in try offer.optional("discounts")?.elements() ?? [] } ?? []
        var discounts: [Discount] = []
        for element in elements {
            let isIntroductory = element.value["type"]?.text == "IntroOffer"
            if isIntroductory, product.introductoryPrice != nil {
                problems.append(element.invalid("is a second introductory offer (type \"IntroOffer\"); a product has one"))
                continue
            }
            let model = isIntroductory ? "introductoryPrice" : "discounts[\(discounts.count)]"
            guard let discount = problems.part(paths: &paths, { (own, paths) in
                self.discount(element, model: model, currency: currency, paths: &paths, own: &own)
            }) else { continue }
            if isIntroductory { product.introductoryPrice = discount } else { discounts.append(discount) }
        }
        product.discounts = discounts.isEmpty ? nil : discounts
    }

    private static func discount(
        _ field: JSONField, model: String, currency: String?, paths: inout DocumentPaths, own: inout ProblemList
    ) -> Discount? {
        guard case .object = field.value else {
            own.append(field.invalid("must be an object: an offer"))
            return nil
        }
        paths.map(model, to: field.path)
        let type = own.attempt { () throws(PaywallTextError) in try field.required("type", "an offer type").choice(types, naming: "offer type") }
        // Where the identifier is, or would be: an offer that needs one and has none is named there.
        paths.map(model + ".identifier", to: field.path(of: "offerId"))
        let identifier = own.attempt { () throws(PaywallTextError) -> String? in
            guard let id = try field.optional("offerId") else { return nil }
            return try id.string()
        } ?? nil
        let mode = own.attempt { () throws(PaywallTextError) -> PaymentMode in
            let mode = try field.required("modeType", "a payment mode")
            paths.map(model + ".paymentMode", to: mode.path)
            return try mode.choice(modes, naming: "modeType")
        }
        let price = own.attempt { () throws(PaywallTextError) -> Decimal in
            let price = try field.firstPresent("priceString", "price")
            paths.map(model + ".price", to: price.path)
            return try price.amount(in: currency)
        }
        let period = own.attempt { () throws(PaywallTextError) -> SubscriptionPeriod in
            let period = try field.required("recurringSubscriptionPeriod", "an ISO 8601 duration")
            paths.map(model + ".subscriptionPeriod", to: period.path)
            return try period.isoDuration()
        }
        let count = own.attempt { () throws(PaywallTextError) -> Int in
            let count = try field.required("numOfPeriods", "an integer")
            paths.map(model + ".numberOfPeriods", to: count.path)
            return try count.integer()
        }
        guard let type, let mode, let price, let period, let count else { return nil }
        return Discount(identifier: identifier, type: type, paymentMode: mode, price: price, subscriptionPeriod: period, numberOfPeriods: count)
    }
}

private extension JSONField {
    /// The first of two members that is present: SDK versions name the price differently.
    func firstPresent(_ key: String, _ other: String) throws(PaywallTextError) -> JSONField {
        if let field = try optional(key) { return field }
        guard let field = try optional(other) else {
            throw PaywallTextError(.invalidValue, path: path(of: key), message: "is required (or \(other)): a decimal number")
        }
        return field
    }
}
