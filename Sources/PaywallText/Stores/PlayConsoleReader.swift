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
/// several, pay as you go. An installment base plan is a commitment and a prepaid base plan a
/// prepaid plan (see ``BillingPlan``). An installment base plan's offers are read as an
/// auto-renewing one's where they are free (a free trial: the committed payments follow it);
/// one with a paid phase in a region is reported there, not read, since Google does not
/// document whether its payments are among the committed ones. A prepaid base plan's offers
/// are reported, not read: offer text for prepaid plans is not written yet. An auto-renewing
/// base plan's billing period is checked against the periods Google offers
/// (``GoogleBasePlans``), with a warning for another.
///
/// Nothing is left out without a word: every problem of a product is named, an offer at fault
/// is left out of its product with its errors (the base plan and its other offers are still
/// read), and an array member that joins nothing is a ``DocumentProblem`` with its index and
/// path: an offer without `productId` or `basePlanId` (an error: it cannot say which base plan
/// it belongs to, as an offer body written for `offers.create` cannot, where the URL names
/// them), an offer of a base plan the documents do not hold or a regional configuration of an
/// offer for a region its base plan has no price in (warnings: the part is not read), and a
/// member that is no Android Publisher resource (a warning). A member of a subscription, a base
/// plan, an offer or an offer phase that the API does not define is a warning with the API's
/// spelling when close (``UnknownMembers``); lists with nothing in them, and a subscription
/// without base plans, are warnings that say what would make a product.
///
/// One-time products (`monetization.onetimeproducts`, one or `{"oneTimeProducts": […]}`) are
/// read by ``OneTimeProducts``: one product per purchase option and region. Their offers
/// (`monetization.onetimeproducts.purchaseOptions.offers`, one or `{"oneTimeProductOffers": […]}`)
/// are not rendered yet: each is a warning of the document, or an error when the documents do
/// not hold its product.
enum PlayConsoleReader {
    static func read(_ root: JSONField, _ context: ReadingContext) throws(PaywallTextError) -> Reading {
        var reading = Reading()
        var subscriptions: [(field: JSONField, index: Int)] = []
        var offers: [Offer] = []
        var oneTimeProducts: [JSONField] = []
        var oneTimeOffers: [(field: JSONField, index: Int)] = []
        let documents = if case .array = root.value { try root.elements() } else { [root] }
        for (offset, document) in documents.enumerated() {
            func problem(_ severity: DocumentProblem.Severity, _ error: PaywallTextError) {
                reading.problems.append(DocumentProblem(index: offset + 1, path: error.path, severity: severity, error: error))
            }
            do throws(PaywallTextError) {
                guard let (found, offerFields, oneTime, oneTimeOfferFields) = try resources(in: document) else {
                    problem(.warning, PaywallTextError(.unused, path: document.path, message:
                        "is not read: it is no Android Publisher API resource (a subscription with basePlans, an offer with phases, "
                        + "or a list of either), but \(FormatDetection.describe(document.value))"))
                    continue
                }
                subscriptions += found.map { ($0, offset + 1) }
                oneTimeProducts += oneTime
                oneTimeOffers += oneTimeOfferFields.map { ($0, offset + 1) }
                for field in offerFields {
                    reading.problems += offerMemberProblems(of: field, index: offset + 1)
                    switch Offer.joined(field, index: offset + 1) {
                    case .success(let offer): offers.append(offer)
                    case .failure(let error): problem(.error, error)
                    }
                }
            } catch {
                problem(.error, error)
            }
        }
        // A one-time product's offers are not rendered yet: each is named, and one whose product
        // the documents do not hold is an error saying what to add.
        let oneTimeIds = Set(oneTimeProducts.compactMap { $0.value["productId"]?.text })
        for (field, index) in oneTimeOffers {
            reading.problems += OneTimeProducts.offerMemberProblems(of: field, index: index)
            let productId = field.value["productId"]?.text
            let offerId = field.value["offerId"]?.text.map { " \(quoted($0))" } ?? ""
            let option = field.value["purchaseOptionId"]?.text.map { " of purchase option \(quoted($0))" } ?? ""
            if let productId, oneTimeIds.contains(productId) {
                reading.problems.append(DocumentProblem(index: index, path: field.path, severity: .warning, error: PaywallTextError(
                    .unused, path: field.path, message: "is not read: the one-time product offer\(offerId)\(option) of \(quoted(productId)) "
                        + "is not rendered yet; its purchase option's price is")))
            } else {
                reading.problems.append(DocumentProblem(index: index, path: field.path, severity: .error, error: PaywallTextError(
                    .invalidValue, path: field.path, message: "is an offer\(offerId)\(option) of the one-time product "
                        + "\(productId.map { quoted($0) } ?? "it does not name (no productId)"), which is not in the documents: add the one-time product "
                        + "(GET …/oneTimeProducts/{productId})")))
            }
        }
        guard !subscriptions.isEmpty || !oneTimeProducts.isEmpty else {
            // Nothing renders: the document's first error says why, if it has one.
            if let first = reading.problems.first(where: { $0.severity == .error }) { throw first.error }
            // A list with nothing in it (`{"subscriptions": []}`) is an empty document, not a wrong
            // one: a warning says what it holds and what to fetch.
            if offers.isEmpty, reading.problems.isEmpty {
                if !documents.isEmpty { reading.problems.append(emptyLists(documents, root: root)) }
                return reading
            }
            throw PaywallTextError(.invalidValue, path: offers.first?.field.path ?? root.path, message: offers.isEmpty
                ? "holds no Android Publisher API subscription (a resource with basePlans) or one-time product (with purchaseOptions)"
                : "offers need their subscription: add the subscription resource (GET …/subscriptions/{productId}) to the documents")
        }
        var basePlanRegions: [Offer.Key: Set<String>] = [:]
        for (subscription, index) in subscriptions {
            let items = products(of: subscription, offers: offers, regions: &basePlanRegions)
            if items.isEmpty {
                // A subscription without base plans has no price to show: said, not passed over.
                reading.problems.append(DocumentProblem(index: index, path: subscription.path(of: "basePlans"), severity: .warning,
                    error: PaywallTextError(.unused, path: subscription.path(of: "basePlans"), message:
                        "is empty: the subscription\(subscription.value["productId"]?.text.map { " \(quoted($0))" } ?? "") has no base plan, so no product; "
                        + "a base plan holds the subscription's prices (add one in Play Console, then GET …/subscriptions/{productId})")))
            }
            reading.items += items
        }
        for product in oneTimeProducts {
            reading.items += OneTimeProducts.products(of: product)
        }
        for offer in offers {
            guard let regions = basePlanRegions[offer.key] else {
                reading.problems.append(DocumentProblem(index: offer.index, path: offer.field.path, severity: .warning, error: PaywallTextError(
                    .unused, path: offer.field.path, message: "is not read: its base plan, \(quoted(offer.key.basePlanId)) of "
                        + "\(quoted(offer.key.productId)), is not in the documents; add its subscription (GET …/subscriptions/{productId})")))
                continue
            }
            for config in offer.regionalConfigs where !regions.contains(config.value["regionCode"]?.text ?? "") {
                reading.problems.append(DocumentProblem(index: offer.index, path: config.path, severity: .warning, error: PaywallTextError(
                    .unused, path: config.path, message: "is not read: the base plan has no price in region "
                        + "\(quoted(config.value["regionCode"]?.text ?? "")), which an offer's price is based on")))
            }
        }
        // In document order: the problems of each member, then those found on joining it.
        reading.problems = reading.problems.enumerated().sorted { ($0.element.index, $0.offset) < ($1.element.index, $1.offset) }.map(\.element)
        return reading
    }

    /// The warning of documents whose lists hold nothing (`{"subscriptions": []}`): which lists
    /// are empty, and what to fetch for a product.
    private static func emptyLists(_ documents: [JSONField], root: JSONField) -> DocumentProblem {
        let lists = ["subscriptions", "subscriptionOffers", "oneTimeProducts", "oneTimeProductOffers"]
        var empty: [String] = []
        for document in documents {
            for key in lists where document.value[key] != nil && !empty.contains(key) { empty.append(key) }
        }
        let path = documents.count == 1 ? documents[0].path : root.path
        let named = empty.isEmpty ? "" : " (\(JSONField.list(empty).replacing(" or ", with: " and ")) \(empty.count == 1 ? "is" : "are") empty)"
        return DocumentProblem(index: 1, path: path, severity: .warning, error: PaywallTextError(.unused, path: path, message:
            "holds no subscription or one-time product\(named), so no product: fetch the app's subscriptions with their base plans "
            + "(GET …/applications/{packageName}/subscriptions) or its one-time products (GET …/applications/{packageName}/oneTimeProducts)"))
    }

    /// What part of a subscription an object is, for messages (and for detection, so that such
    /// a part is refused with what it is): one base plan; `nil` for anything else.
    static func part(_ node: JSONNode) -> String? {
        guard node["basePlanId"] != nil, node["phases"] == nil,
              let key = ["autoRenewingBasePlanType", "prepaidBasePlanType", "installmentsBasePlanType"].first(where: { node[$0] != nil })
        else { return nil }
        return "one base plan of an Android Publisher API subscription (basePlanId and \(key))"
    }

    /// The subscriptions and offers of one document: a resource, or a list of them; `nil` for
    /// a document that is none.
    private static func resources(in document: JSONField) throws(PaywallTextError)
        -> (subscriptions: [JSONField], offers: [JSONField], oneTimeProducts: [JSONField], oneTimeOffers: [JSONField])? {
        guard case .object = document.value else { return nil }
        if let part = part(document.value) {
            throw document.invalid("is \(part), not a whole subscription: read the subscription, "
                                   + "{\"productId\": …, \"basePlans\": [ … ]} (GET …/subscriptions/{productId})")
        }
        var subscriptions: [JSONField] = []
        var offers: [JSONField] = []
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
        var oneTimeProducts: [JSONField] = []
        var oneTimeOffers: [JSONField] = []
        if let list = try document.optional("oneTimeProducts") {
            oneTimeProducts += try list.elements()
        } else if try document.optional("purchaseOptions") != nil {
            oneTimeProducts.append(document)
        }
        if let list = try document.optional("oneTimeProductOffers") {
            oneTimeOffers += try list.elements()
        } else if OneTimeProducts.isOffer(document.value) {
            oneTimeOffers.append(document)
        }
        let isResource = ["subscriptions", "basePlans", "subscriptionOffers", "phases", "oneTimeProducts", "purchaseOptions",
                          "oneTimeProductOffers"].contains { document.value[$0] != nil } || OneTimeProducts.isOffer(document.value)
        return isResource ? (subscriptions, offers, oneTimeProducts, oneTimeOffers) : nil
    }

    /// An offer resource with the base plan it names.
    struct Offer {
        struct Key: Hashable {
            let productId: String
            let basePlanId: String
        }

        let field: JSONField
        let key: Key
        /// The position, from 1, of the document that holds it.
        let index: Int
        /// Its regional configurations (where it is available), when it has a list of them.
        var regionalConfigs: [JSONField] { (try? field.optional("regionalConfigs")?.elements()) ?? [] }

        /// The offer, or the error of one that does not say which base plan it is of.
        static func joined(_ field: JSONField, index: Int) -> Result<Offer, PaywallTextError> {
            let productId = field.value["productId"]?.text
            let basePlanId = field.value["basePlanId"]?.text
            guard let productId, let basePlanId else {
                let missing = ["productId", "basePlanId"].filter { field.value[$0]?.text == nil }.map { key in
                    field.value[key] == nil ? "no \(key)" : "a \(key) that is not a string"
                }
                return .failure(field.invalid("has \(missing.joined(separator: " and ")), so it cannot be joined to its base plan: "
                    + "an offer names the base plan it belongs to by productId and basePlanId (a request body for offers.create "
                    + "leaves them to its URL; add them to read the offer)"))
            }
            return .success(Offer(field: field, key: Key(productId: productId, basePlanId: basePlanId), index: index))
        }
    }

    /// One product per region of each of the subscription's base plans; `regions` records the
    /// regions of each base plan read.
    private static func products(of subscription: JSONField, offers: [Offer], regions: inout [Offer.Key: Set<String>]) -> [DraftItem] {
        let productId = Result { () throws(PaywallTextError) in try subscription.required("productId", "a string").string() }
        let plans: [JSONField]
        do {
            plans = try subscription.required("basePlans", "an array").elements()
        } catch {
            let source = ProductSource(format: .playConsole, store: .googlePlay, path: subscription.path,
                                       productIdentifier: subscription.value["productId"]?.text)
            var errors = ProblemList()
            errors.attempt { () throws(PaywallTextError) in _ = try productId.get() }
            errors.append(error)
            return [failed(source, errors)]
        }
        var items: [DraftItem] = []
        for plan in plans {
            let firstOfPlan = items.count
            defer {
                // A base plan's members are named once, on its first product.
                if items.count > firstOfPlan {
                    items[firstOfPlan].warnings = UnknownMembers.warnings(of: plan, known: basePlanMembers, what: "an Android Publisher API "
                                                                          + "base plan", writer: "the Android Publisher API") + items[firstOfPlan].warnings
                }
            }
            let planId = Result { () throws(PaywallTextError) in try plan.required("basePlanId", "a string").string() }
            let names = (subscription.value["productId"]?.text, plan.value["basePlanId"]?.text)
            let identifier = GoogleBasePlans.identifier(productId: names.0, basePlanId: names.1)
            let key = names.0.flatMap { product in names.1.map { Offer.Key(productId: product, basePlanId: $0) } }
            let planOffers = offers.filter { $0.key == key }
            let configs = Result { () throws(PaywallTextError) -> [JSONField] in
                let configs = try plan.required("regionalConfigs", "an array").elements()
                if configs.isEmpty {
                    throw PaywallTextError(.invalidValue, path: plan.path(of: "regionalConfigs"), message:
                        "must hold at least one region's price, got an empty array")
                }
                return configs
            }
            guard let regionList = try? configs.get() else {
                // A base plan priced in no region is one failed product, so that it is not lost.
                var errors = ProblemList()
                for check in [productId.map { _ in () }, planId.map { _ in () }, configs.map { _ in () }] {
                    errors.attempt { () throws(PaywallTextError) in try check.get() }
                }
                items.append(failed(ProductSource(format: .playConsole, store: .googlePlay, path: plan.path, productIdentifier: identifier),
                                    errors))
                continue
            }
            if let key { regions[key, default: []].formUnion(regionList.compactMap { $0.value["regionCode"]?.text }) }
            for region in regionList {
                let source = ProductSource(format: .playConsole, store: .googlePlay, path: region.path, productIdentifier: identifier,
                                           territory: region.value["regionCode"]?.text)
                var warnings: [ProductWarning] = []
                var item = DraftItem(source) { (problems) throws(PaywallTextError) in
                    var own = ProblemList()
                    var paths = DocumentPaths(base: subscription.path)
                    paths.map("productIdentifier", to: plan.path(of: "basePlanId"))
                    own.attempt { () throws(PaywallTextError) in _ = try productId.get() }
                    own.attempt { () throws(PaywallTextError) in _ = try planId.get() }
                    // The plan type's problems after its first, which is thrown.
                    var planProblems = ProblemList()
                    let billing = own.attempt { () throws(PaywallTextError) in
                        try self.billingPeriod(of: plan, paths: &paths, warnings: &warnings, more: &planProblems)
                    }
                    for error in planProblems.errors { own.append(error) }
                    let billingPeriod = billing?.period
                    let regionCode = own.attempt { () throws(PaywallTextError) in try region.required("regionCode", "a region code").string() }
                    let price = region.regionalPrice(paths: &paths, warnings: &warnings, problems: &own)
                    var product = Product(productIdentifier: identifier, price: price?.amount ?? 0, currencyCode: price?.currency,
                                          subscriptionPeriod: billingPeriod, billingPlan: billing?.plan)
                    // The subscription's store listings: its title per language.
                    product.localizedDisplayNames = DisplayNameFields.localized(
                        subscription.value["listings"].map { JSONField($0, path: subscription.path(of: "listings")) },
                        localeKey: "languageCode", nameKey: "title", paths: &paths, warnings: &warnings)
                    if billing?.plan == .prepaid {
                        // Offers of a prepaid base plan are not rendered yet: each is reported.
                        for offer in planOffers {
                            warnings.append(ProductWarning(path: offer.field.path, message:
                                "is not read: offers on a prepaid base plan are not rendered yet"))
                        }
                        try problems.add(own: own, parts: ProblemList(), made: ProductDraft(product: product, paths: paths))
                        return ProductDraft(product: product, paths: paths)
                    }
                    var parts = ProblemList()
                    if let regionCode, let billingPeriod, let price {
                        var discounts: [Discount] = []
                        for offer in planOffers {
                            let model = "discounts[\(discounts.count)]"
                            let before = paths
                            guard let discount = parts.part(paths: &paths, { (own, paths) in
                                self.offer(offer.field, region: regionCode, model: model, base: (price.amount, price.currency, billingPeriod),
                                           paths: &paths, own: &own, warnings: &warnings)
                            }) else { continue }
                            // An installment base plan's offer is rendered where it is free (see
                            // GoogleBasePlans.paidInstallmentOffer); another is reported.
                            if billing?.plan != nil, let warning = GoogleBasePlans.paidInstallmentOffer(
                                discount, at: offer.field.path, phases: "phases", region: regionCode, payments: "committedPaymentsCount") {
                                paths = before
                                warnings.append(warning)
                                continue
                            }
                            discounts.append(discount)
                        }
                        product.discounts = discounts.isEmpty ? nil : discounts
                    }
                    try problems.add(own: own, parts: parts, made: ProductDraft(product: product, paths: paths))
                    return ProductDraft(product: product, paths: paths)
                }
                item.warnings += warnings
                items.append(item)
            }
        }
        // The subscription's members are named once, on its first product.
        if !items.isEmpty {
            items[0].warnings = UnknownMembers.warnings(of: subscription, known: subscriptionMembers,
                                                        what: "an Android Publisher API subscription", writer: "the Android Publisher API")
                + items[0].warnings
        }
        return items
    }

    /// The members of a `Subscription` resource (Android Publisher API, `monetization.subscriptions`).
    private static let subscriptionMembers: Set<String> = [
        "packageName", "productId", "basePlans", "listings", "archived", "taxAndComplianceSettings", "restrictedPaymentCountries",
    ]

    /// The members of a `BasePlan`.
    private static let basePlanMembers: Set<String> = [
        "basePlanId", "state", "regionalConfigs", "otherRegionsConfig", "offerTags", "autoRenewingBasePlanType",
        "prepaidBasePlanType", "installmentsBasePlanType",
    ]

    /// The members of a `SubscriptionOffer`.
    private static let offerMembers: Set<String> = [
        "packageName", "productId", "basePlanId", "offerId", "state", "phases", "targeting", "regionalConfigs",
        "otherRegionsConfig", "offerTags",
    ]

    /// The members of a `SubscriptionOfferPhase`.
    private static let phaseMembers: Set<String> = ["duration", "recurrenceCount", "regionalConfigs", "otherRegionsConfig"]

    /// An offer's members, and its phases', that the Android Publisher API does not define,
    /// each a warning of the document (an offer is a resource of its own, joined to each region
    /// of its base plan): a phase under a misspelt `phases` would leave the offer without it.
    private static func offerMemberProblems(of offer: JSONField, index: Int) -> [DocumentProblem] {
        let writer = "the Android Publisher API"
        var problems = UnknownMembers.problems(of: offer, index: index, known: offerMembers,
                                               what: "an Android Publisher API subscription offer", writer: writer)
        for phase in (try? offer.optional("phases")?.elements()) ?? [] {
            problems += UnknownMembers.problems(of: phase, index: index, known: phaseMembers,
                                                what: "an Android Publisher API offer phase", writer: writer)
        }
        return problems
    }

    /// A product that cannot be read: the first of `errors` is its failure (there is at least
    /// one), the others beside it.
    private static func failed(_ source: ProductSource, _ errors: ProblemList) -> DraftItem {
        var item = DraftItem(source, failure: errors.errors[0])
        item.errors = Array(errors.errors.dropFirst())
        return item
    }

    /// A base plan's `billingPeriodDuration` and its billing plan: an auto-renewing base plan
    /// (with a warning for a period Google does not offer) has none; an installment base plan
    /// (`installmentsBasePlanType`) is a commitment of `committedPaymentsCount` payments that
    /// `renewalType` renews with a new commitment of as many (`RENEWAL_TYPE_RENEWS_WITH_COMMITMENT`,
    /// "renews with the commitment of the same duration as the initial one") or without one
    /// (`RENEWAL_TYPE_RENEWS_WITHOUT_COMMITMENT`); a prepaid base plan (`prepaidBasePlanType`)
    /// is paid once and "does not automatically renew at the end of the base plan" (Android
    /// Publisher API reference, `monetization.subscriptions`).
    ///
    /// Every problem of an installment plan's members is named: the first is thrown, the
    /// others go into `more`.
    private static func billingPeriod(
        of plan: JSONField, paths: inout DocumentPaths, warnings: inout [ProductWarning], more: inout ProblemList
    ) throws(PaywallTextError) -> (period: SubscriptionPeriod, plan: BillingPlan?) {
        func period(of type: JSONField) throws(PaywallTextError) -> SubscriptionPeriod {
            let field = try type.required("billingPeriodDuration", "an ISO 8601 duration")
            paths.map("subscriptionPeriod", to: field.path)
            return try field.isoDuration()
        }
        if let installments = try plan.optional("installmentsBasePlanType") {
            paths.map("billingPlan", to: installments.path)
            guard case .object = installments.value else { throw installments.invalid("must be an object: the installment plan's terms") }
            var problems = ProblemList()
            let billing = problems.attempt { () throws(PaywallTextError) in try period(of: installments) }
            let payments = problems.attempt { () throws(PaywallTextError) in
                let count = try installments.required("committedPaymentsCount", "an integer")
                paths.map("billingPlan.numberOfPayments", to: count.path)
                return try count.integer()
            }
            let renews = problems.attempt { () throws(PaywallTextError) in
                let renewal = try installments.required("renewalType", "a renewal type")
                paths.map("billingPlan.renewalPayments", to: renewal.path)
                return try renewal.choice(renewalTypes, naming: "renewalType")
            }
            guard let billing, let payments, let renews else {
                for error in problems.errors.dropFirst() { more.append(error) }
                throw problems.errors[0]
            }
            return (billing, .commitment(Commitment(numberOfPayments: payments,
                                                    renewal: renews ? .newCommitment(numberOfPayments: payments) : .regularPrice)))
        }
        if let prepaid = try plan.optional("prepaidBasePlanType") {
            paths.map("billingPlan", to: prepaid.path)
            return (try period(of: prepaid), .prepaid)
        }
        guard let renewing = try plan.optional("autoRenewingBasePlanType") else {
            throw plan.invalid("has none of autoRenewingBasePlanType, installmentsBasePlanType and prepaidBasePlanType: "
                               + "the type of the base plan says how its price is paid")
        }
        let billing = try period(of: renewing)
        let written = try renewing.required("billingPeriodDuration", "an ISO 8601 duration")
        if let warning = GoogleBasePlans.periodWarning(for: billing, written: try written.string(), at: written.path) { warnings.append(warning) }
        return (billing, nil)
    }

    /// `renewalType`: whether a new commitment follows the installments.
    private static let renewalTypes: KeyValuePairs<String, Bool> = [
        "RENEWAL_TYPE_RENEWS_WITH_COMMITMENT": true, "RENEWAL_TYPE_RENEWS_WITHOUT_COMMITMENT": false,
    ]

    /// The offer in a region where it is available (`nil`, with no problem, where it is not);
    /// every problem of it goes into `own`.
    private static func offer(
        _ offer: JSONField, region: String, model: String, base: (amount: Decimal, currency: String, period: SubscriptionPeriod),
        paths: inout DocumentPaths, own: inout ProblemList, warnings: inout [ProductWarning]
    ) -> Discount? {
        let available = own.attempt { () throws(PaywallTextError) in
            try offer.optional("regionalConfigs")?.elements().contains { $0.value["regionCode"]?.text == region } ?? true
        }
        guard available == true else { return nil }
        let before = own.count
        paths.map(model, to: offer.path)
        let identifier = own.attempt { () throws(PaywallTextError) in
            let offerId = try offer.required("offerId", "a string")
            paths.map(model + ".identifier", to: offerId.path)
            return try offerId.string()
        }
        let phases: [JSONField] = own.attempt { () throws(PaywallTextError) -> [JSONField] in
            let phases = try offer.required("phases", "an array").elements()
            if phases.isEmpty {
                throw PaywallTextError(.invalidValue, path: offer.path(of: "phases"), message: "must hold at least one phase, got an empty array")
            }
            return phases
        } ?? []
        var list: [OfferPhase] = []
        for (index, phase) in phases.enumerated() {
            let phaseModel = phases.count == 1 ? model : "\(model).phases[\(index)]"
            if let read = self.phase(phase, region: region, model: phaseModel, base: base, paths: &paths, own: &own, warnings: &warnings) {
                list.append(read)
            }
        }
        guard own.count == before, let identifier else { return nil }
        return Discount(identifier: identifier, type: .promotional, phaseList: list)
    }

    /// One phase of an offer in a region; `nil` with its problems in `own`.
    private static func phase(
        _ phase: JSONField, region: String, model: String, base: (amount: Decimal, currency: String, period: SubscriptionPeriod),
        paths: inout DocumentPaths, own: inout ProblemList, warnings: inout [ProductWarning]
    ) -> OfferPhase? {
        paths.map(model, to: phase.path)
        let duration = own.attempt { () throws(PaywallTextError) in
            let field = try phase.required("duration", "an ISO 8601 duration")
            paths.map(model + ".subscriptionPeriod", to: field.path)
            return (field: field, period: try field.isoDuration())
        }
        let count = own.attempt { () throws(PaywallTextError) in
            let field = try phase.required("recurrenceCount", "an integer")
            paths.map(model + ".numberOfPeriods", to: field.path)
            return try field.integer()
        }
        // A Money's problems after its first, which is thrown.
        var moneyProblems = ProblemList()
        let price = own.attempt { () throws(PaywallTextError) -> Decimal? in
            guard let config = try phase.optional("regionalConfigs")?.elements().first(where: { $0.value["regionCode"]?.text == region })
            else {
                throw PaywallTextError(.invalidValue, path: phase.path(of: "regionalConfigs"), message:
                    "has no entry for \(region), where the offer is available")
            }
            return try self.price(of: config, duration: duration, base: base, model: model, paths: &paths, warnings: &warnings,
                                  more: &moneyProblems)
        } ?? nil
        for error in moneyProblems.errors { own.append(error) }
        guard let duration, let count, let price else { return nil }
        let mode: PaymentMode = price == 0 ? .freeTrial : count == 1 ? .payUpFront : .payAsYouGo
        return OfferPhase(paymentMode: mode, price: price, subscriptionPeriod: duration.period, numberOfPeriods: count)
    }

    /// A phase's price in a region: `free`, a `price`, or a discount on the base plan's price
    /// prorated over the phase's duration; `nil` when the duration, which a discount needs, is
    /// at fault (its own error says so).
    private static func price(
        of config: JSONField, duration: (field: JSONField, period: SubscriptionPeriod)?,
        base: (amount: Decimal, currency: String, period: SubscriptionPeriod), model: String, paths: inout DocumentPaths,
        warnings: inout [ProductWarning], more: inout ProblemList
    ) throws(PaywallTextError) -> Decimal? {
        if try config.optional("free") != nil {
            paths.map(model + ".price", to: config.path(of: "free"))
            return 0
        }
        if let fixed = try config.optional("price") {
            paths.map(model + ".price", to: fixed.path)
            return try amount(fixed, in: base.currency, warnings: &warnings, more: &more)
        }
        if let absolute = try config.optional("absoluteDiscount") {
            paths.map(model + ".price", to: absolute.path)
            let discount = try amount(absolute, in: base.currency, warnings: &warnings, more: &more)
            guard let duration else { return nil }
            let prorated = try prorate(base, over: duration.period, at: duration.field)
            return try rounded(prorated - exact(discount), currency: base.currency, at: absolute)
        }
        if let relative = try config.optional("relativeDiscount") {
            paths.map(model + ".price", to: relative.path)
            let fraction = try exact(relative.decimal())
            guard ExactAmount.zero < fraction, fraction < ExactAmount(1) else {
                throw relative.invalid("must be a fraction strictly between 0 and 1, got \(try relative.decimal())")
            }
            guard let duration else { return nil }
            let prorated = try prorate(base, over: duration.period, at: duration.field)
            return try rounded(prorated * (ExactAmount(1) - fraction), currency: base.currency, at: relative)
        }
        throw config.invalid("needs free, price, absoluteDiscount or relativeDiscount")
    }

    /// A Money object in the base plan's currency: its first problem is thrown, and the others
    /// go into `more`.
    private static func amount(
        _ money: JSONField, in currency: String, warnings: inout [ProductWarning], more: inout ProblemList
    ) throws(PaywallTextError) -> Decimal {
        var problems = ProblemList()
        guard let (amount, code) = money.money(warnings: &warnings, problems: &problems) else {
            for error in problems.errors.dropFirst() { more.append(error) }
            throw problems.errors[0]
        }
        guard code.uppercased() == currency.uppercased() else {
            throw PaywallTextError(.invalidValue, path: money.path(of: "currencyCode"), message:
                "\(quoted(code)) differs from the base plan's currency in the region, \(currency)")
        }
        return amount
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

/// Android Publisher API `monetization.onetimeproducts`: a one-time product's
/// `purchaseOptions`, each priced per region in `regionalPricingAndAvailabilityConfigs`
/// (`{regionCode, price, availability}`). Each purchase option is one product per region,
/// identified as `productId:purchaseOptionId` (a buy option and a rent option are two
/// prices), with the territory set to the region code. A rental (`rentOption`) and a region
/// where the option is not plainly `AVAILABLE` are warnings: the text shows the price only.
/// A purchase option at fault fails alone; the product's other options are still read.
/// Offers (`monetization.onetimeproducts.purchaseOptions.offers`) are not rendered yet. A
/// member of the product, a purchase option, its rent option, a regional configuration or an
/// offer that the API does not define is a warning with the API's spelling when close; the
/// product's and an option's are named once, on their first product.
enum OneTimeProducts {
    /// Whether an object is a one-time product offer resource: a `purchaseOptionId` and an
    /// `offerId`, and its discount, its pre-order or its regional configurations.
    static func isOffer(_ node: JSONNode) -> Bool {
        node["purchaseOptionId"] != nil && node["offerId"] != nil && node["phases"] == nil
            && ["discountedOffer", "preOrderOffer", "regionalPricingAndAvailabilityConfigs"].contains { node[$0] != nil }
    }

    static func products(of resource: JSONField) -> [DraftItem] {
        let productId = Result { () throws(PaywallTextError) in try resource.required("productId", "a string").string() }
        let options: [JSONField]
        do throws(PaywallTextError) {
            options = try resource.required("purchaseOptions", "an array").elements()
            if options.isEmpty {
                throw PaywallTextError(.invalidValue, path: resource.path(of: "purchaseOptions"), message:
                    "must hold at least one purchase option, got an empty array")
            }
        } catch {
            var item = DraftItem(ProductSource(format: .playConsole, store: .googlePlay, path: resource.path,
                                               productIdentifier: resource.value["productId"]?.text), failure: error)
            if case .failure(let missing) = productId { item.errors = [missing] }
            return [item]
        }
        var items: [DraftItem] = []
        for option in options {
            let firstOfOption = items.count
            defer {
                // A purchase option's members, and its rental's, are named once, on its first product.
                if items.count > firstOfOption {
                    let rent = option.value["rentOption"].map { JSONField($0, path: option.path(of: "rentOption")) }
                    items[firstOfOption].warnings = UnknownMembers.warnings(of: option, known: optionMembers, what: "an Android "
                                                                            + "Publisher API purchase option", writer: writer)
                        + (rent.map { UnknownMembers.warnings(of: $0, known: rentMembers, what: "an Android Publisher API rent option",
                                                              writer: writer) } ?? [])
                        + items[firstOfOption].warnings
                }
            }
            // A product of one purchase option may leave its id out (a create body): named by the product.
            let optionId = Result { () throws(PaywallTextError) -> String? in
                guard case .object = option.value else { throw option.invalid("must be an object: a purchase option") }
                if option.value["purchaseOptionId"] == nil, options.count == 1 { return nil }
                return try option.required("purchaseOptionId", "a string").string()
            }
            let identifier = GoogleBasePlans.identifier(productId: resource.value["productId"]?.text,
                                                        basePlanId: option.value["purchaseOptionId"]?.text)
            let configs = Result { () throws(PaywallTextError) -> [JSONField] in
                let configs = try option.required("regionalPricingAndAvailabilityConfigs", "an array").elements()
                if configs.isEmpty {
                    throw PaywallTextError(.invalidValue, path: option.path(of: "regionalPricingAndAvailabilityConfigs"), message:
                        "must hold at least one region's price, got an empty array")
                }
                return configs
            }
            guard let regions = try? configs.get(), (try? optionId.get()) != nil || option.value["purchaseOptionId"] == nil else {
                var errors: [PaywallTextError] = []
                for check in [productId.map { _ in () }, optionId.map { _ in () }, configs.map { _ in () }] {
                    if case .failure(let error) = check { errors.append(error) }
                }
                var item = DraftItem(ProductSource(format: .playConsole, store: .googlePlay, path: option.path, productIdentifier: identifier),
                                     failure: errors[0])
                item.errors = Array(errors.dropFirst())
                items.append(item)
                continue
            }
            for region in regions {
                let source = ProductSource(format: .playConsole, store: .googlePlay, path: region.path, productIdentifier: identifier,
                                           territory: region.value["regionCode"]?.text)
                var warnings = UnknownMembers.warnings(of: region, known: regionMembers, what: "an Android Publisher API regional "
                                                       + "pricing and availability configuration", writer: writer)
                var item = DraftItem(source) { (problems) throws(PaywallTextError) in
                    var own = ProblemList()
                    var paths = DocumentPaths(base: resource.path)
                    paths.map("productIdentifier", to: option.value["purchaseOptionId"] == nil
                              ? resource.path(of: "productId") : option.path(of: "purchaseOptionId"))
                    own.attempt { () throws(PaywallTextError) in _ = try productId.get() }
                    own.attempt { () throws(PaywallTextError) in _ = try optionId.get() }
                    own.attempt { () throws(PaywallTextError) in _ = try region.required("regionCode", "a region code").string() }
                    let price = region.regionalPrice(paths: &paths, warnings: &warnings, problems: &own)
                    try problems.add(own: own, parts: ProblemList(), made: ProductDraft(
                        product: Product(productIdentifier: identifier, price: price?.amount ?? 0, currencyCode: price?.currency), paths: paths))
                    if let availability = region.value["availability"]?.text, availability != "AVAILABLE" {
                        warnings.append(ProductWarning(path: region.path(of: "availability"), message:
                            "is \(quoted(availability)), not AVAILABLE: the price is rendered, though the purchase option may not be sold in this region"))
                    }
                    if let rent = option.value["rentOption"], rent != .null {
                        let period = rent["rentalPeriod"]?.text.map { " (rentalPeriod \(quoted($0)))" } ?? ""
                        warnings.append(ProductWarning(path: option.path(of: "rentOption"), message:
                            "is not in the text: this purchase option is a rental\(period), and its price is rendered as a one-time price"))
                    }
                    var product = Product(productIdentifier: identifier, price: price?.amount ?? 0, currencyCode: price?.currency)
                    product.localizedDisplayNames = DisplayNameFields.localized(
                        resource.value["listings"].map { JSONField($0, path: resource.path(of: "listings")) },
                        localeKey: "languageCode", nameKey: "title", paths: &paths, warnings: &warnings)
                    return ProductDraft(product: product, paths: paths)
                }
                item.warnings += warnings
                items.append(item)
            }
        }
        // The product's members are named once, on its first product.
        if !items.isEmpty {
            items[0].warnings = UnknownMembers.warnings(of: resource, known: productMembers, what: "an Android Publisher API one-time product",
                                                        writer: writer) + items[0].warnings
        }
        return items
    }

    private static let writer = "the Android Publisher API"

    /// The members of a `OneTimeProduct` resource (Android Publisher API, `monetization.onetimeproducts`).
    private static let productMembers: Set<String> = [
        "packageName", "productId", "listings", "taxAndComplianceSettings", "purchaseOptions", "restrictedPaymentCountries",
        "offerTags", "regionsVersion",
    ]

    /// The members of a `OneTimeProductPurchaseOption`.
    private static let optionMembers: Set<String> = [
        "purchaseOptionId", "state", "buyOption", "rentOption", "offerTags", "taxAndComplianceSettings",
        "regionalPricingAndAvailabilityConfigs", "newRegionsConfig",
    ]

    /// The members of a `OneTimeProductRentPurchaseOption`.
    private static let rentMembers: Set<String> = ["rentalPeriod", "expirationPeriod"]

    /// The members of a `OneTimeProductPurchaseOptionRegionalPricingAndAvailabilityConfig`.
    private static let regionMembers: Set<String> = ["regionCode", "price", "availability"]

    /// The members of a `OneTimeProductOffer` (`monetization.onetimeproducts.purchaseOptions.offers`).
    private static let offerMembers: Set<String> = [
        "packageName", "productId", "purchaseOptionId", "offerId", "state", "regionalPricingAndAvailabilityConfigs", "offerTags",
        "regionsVersion", "preOrderOffer", "discountedOffer",
    ]

    /// A one-time product offer's members that the Android Publisher API does not define, each
    /// a warning of the document (an offer is a resource of its own): a misspelt `productId`
    /// would leave the offer without its product.
    static func offerMemberProblems(of offer: JSONField, index: Int) -> [DocumentProblem] {
        UnknownMembers.problems(of: offer, index: index, known: offerMembers, what: "an Android Publisher API one-time product offer",
                                writer: writer)
    }
}

extension JSONField {
    /// A regional configuration's `price` (a Money), its problems in `problems`. The price's
    /// paths are the model's only once it is read: a Money without its amount says nothing of
    /// the currency beside it.
    fileprivate func regionalPrice(
        paths: inout DocumentPaths, warnings: inout [ProductWarning], problems: inout ProblemList
    ) -> (amount: Decimal, currency: String)? {
        guard let field = problems.attempt({ () throws(PaywallTextError) in try required("price", "a Money object") }) else { return nil }
        guard let money = field.money(warnings: &warnings, problems: &problems) else { return nil }
        paths.map("price", to: field.path)
        paths.map("currencyCode", to: field.path(of: "currencyCode"))
        return money
    }
}
