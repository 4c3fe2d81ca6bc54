#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `googleplay`: the Play Billing Library's `ProductDetails` as an app serializes it.
///
/// A subscription's `subscriptionOfferDetails` hold its base plans and their offers, each a
/// time-ordered list of pricing phases: `priceAmountMicros`, `priceCurrencyCode`,
/// `billingPeriod` (ISO 8601), `billingCycleCount` and `recurrenceMode` (1 infinite, 2 finite,
/// 3 non-recurring). Each base plan is one product, identified as `productId:basePlanId`: its
/// last, infinitely recurring phase is the regular price, and its offers are
/// ``Product/discounts``, identified by `offerId`, with one ``OfferPhase`` per phase before
/// the regular price. A phase at 0 is a free trial; a paid phase of one cycle is paid up
/// front; one of several cycles, pay as you go.
///
/// An entry without `offerId` is the base plan's own: Google documents
/// `SubscriptionOfferDetails.getOfferId()` as null for the base plan. What it charges before
/// its regular price (phases before the last) is charged to everyone who buys the base plan,
/// so it is read as the product's ``Product/introductoryPrice``; nothing of it is dropped. A
/// second entry without `offerId` for the same base plan cannot be told apart from the first
/// and is an error. The base plan's billing period is checked against the periods Google
/// offers (``GoogleBasePlans``), with a warning for another.
///
/// An installment base plan (its own entry has `installmentPlanDetails`) is a commitment and a
/// prepaid base plan (its own entry is one phase charged once) a prepaid plan (see
/// ``BillingPlan`` and ``GoogleBasePlans/billingPlan(of:regular:paths:more:)``). An installment
/// base plan's offers are read as an auto-renewing one's when they are free (a free trial),
/// and one with a paid phase is reported, not read
/// (``GoogleBasePlans/paidInstallmentOffer(_:at:phases:region:payments:)``); a prepaid base
/// plan's offers are reported, not read, since offer text for prepaid plans is not written yet.
///
/// Both shapes in use are read: `pricingPhases` as an array (the Billing Library's own JSON)
/// or as `{"pricingPhaseList": […]}` (getter names), micros as numbers or strings. A one-time
/// product (`productType` `inapp`) has `oneTimePurchaseOfferDetails` instead: a product without
/// a period.
///
/// Every problem of a product is named: a product without `productId` or `basePlanId` fails
/// with an error for each; an offer at fault (an unknown `recurrenceMode`, micros finer than
/// the currency, a `billingPeriod` that is no ISO 8601 duration) is left out with its errors,
/// and the base plan and its other offers are still read. A member of an entry of
/// `subscriptionOfferDetails` that the Billing Library does not write is a warning.
enum GooglePlayReader {
    /// The price of a one-time offer or purchase option: its `priceCurrencyCode` and
    /// `priceAmountMicros`, each problem in `own`, each field's path mapped for the checks.
    private static func microsPrice(
        of offer: JSONField, own: inout ProblemList, paths: inout DocumentPaths
    ) -> (currency: String?, price: Decimal?) {
        let currency = own.attempt { () throws(PaywallTextError) -> String in
            let currency = try offer.required("priceCurrencyCode", "a currency code")
            paths.map("currencyCode", to: currency.path)
            return try currency.string()
        }
        let price = own.attempt { () throws(PaywallTextError) -> Decimal in
            let micros = try offer.required("priceAmountMicros", "a whole number")
            paths.map("price", to: micros.path)
            return try micros.micros(currency: currency ?? "")
        }
        return (currency, price)
    }

    static func read(_ root: JSONField, _ context: ReadingContext) throws(PaywallTextError) -> Reading {
        Reading(items: StoreDocuments.eachObject(root, format: .googlePlay, identifierKey: "productId", details))
    }

    /// The products of one `ProductDetails`: one per base plan, or one one-time product.
    private static func details(_ field: JSONField) throws(PaywallTextError) -> [DraftItem] {
        guard case .object = field.value else { throw field.invalid("must be an object: a Play Billing ProductDetails") }
        if let part = part(field.value) {
            throw field.invalid("is \(part), not a whole ProductDetails: read the ProductDetails, "
                                + "{\"productId\": …, \"subscriptionOfferDetails\": [ … ]}, {\"productId\": …, \"oneTimePurchaseOfferDetailsList\": [ … ]} "
                                + "or {\"productId\": …, \"oneTimePurchaseOfferDetails\": { … }}")
        }
        // Shared by every product of the details: the product is refused without its id.
        let productId = Result { () throws(PaywallTextError) in try field.required("productId", "a string").string() }
        let entries = try field.optional("subscriptionOfferDetails")?.elements()
        if let entries, !entries.isEmpty {
            return basePlans(of: entries).map { plan in subscription(plan, details: field, productId: productId) }
        }
        if let list = try field.optional("oneTimePurchaseOfferDetailsList"), list.value != .null {
            let options = try list.elements()
            if !options.isEmpty {
                return purchaseOptions(options, list: list, details: field, productId: productId)
            }
            // An empty list beside the single offer of Billing Library 7 and older: the offer is read.
            if field.value["oneTimePurchaseOfferDetails"].map(isEmptyOffer) != false {
                throw PaywallTextError(.invalidValue, path: list.path, message:
                    "must hold at least one purchase option, got an empty array")
            }
        }
        if let oneTime = try field.optional("oneTimePurchaseOfferDetails") {
            return [oneTimeProduct(oneTime, details: field, productId: productId)]
        }
        if entries != nil {
            throw PaywallTextError(.invalidValue, path: field.path(of: "subscriptionOfferDetails"), message:
                "must hold at least one base plan, got an empty array")
        }
        throw field.invalid("has neither subscriptionOfferDetails nor oneTimePurchaseOfferDetails(List)")
    }

    /// What part of a `ProductDetails` an object without `productId` is, for messages (and for
    /// detection, so that such a part is refused with what it is): one entry of
    /// `subscriptionOfferDetails`, one pricing phase, or a one-time purchase offer; `nil` for
    /// anything else.
    static func part(_ node: JSONNode) -> String? {
        guard case .object(let members) = node, node["productId"] == nil else { return nil }
        let keys = JSONKeys(members)
        if keys.contains("pricingPhases"), !keys.isDisjoint(with: ["basePlanId", "offerId", "offerToken", "offerIdToken"]) {
            return "one entry of a Play Billing ProductDetails' subscriptionOfferDetails (pricingPhases)"
        }
        if keys.isSuperset(of: ["priceAmountMicros", "priceCurrencyCode"]) {
            if !keys.isDisjoint(with: ["purchaseOptionId", "discountDisplayInfo", "fullPriceMicros", "rentalDetails", "preorderDetails"]) {
                return "one entry of a Play Billing ProductDetails' oneTimePurchaseOfferDetailsList (priceAmountMicros and "
                    + "\(["purchaseOptionId", "discountDisplayInfo", "fullPriceMicros", "rentalDetails", "preorderDetails"].first(where: keys.contains) ?? ""))"
            }
            return keys.contains("billingPeriod") ? "one pricing phase of a Play Billing ProductDetails (priceAmountMicros and billingPeriod)"
                : "the oneTimePurchaseOfferDetails of a Play Billing ProductDetails (priceAmountMicros)"
        }
        return nil
    }

    /// A one-time product: `oneTimePurchaseOfferDetails {priceAmountMicros, priceCurrencyCode}`.
    private static func oneTimeProduct(_ offer: JSONField, details: JSONField, productId: Result<String, PaywallTextError>) -> DraftItem {
        let source = ProductSource(format: .googlePlay, store: .googlePlay, path: offer.path, productIdentifier: try? productId.get())
        var warnings: [ProductWarning] = []
        var item = DraftItem(source) { (problems) throws(PaywallTextError) in
            var own = ProblemList()
            var paths = DocumentPaths(base: details.path)
            paths.map("productIdentifier", to: details.path(of: "productId"))
            let id = own.attempt { () throws(PaywallTextError) in try productId.get() }
            let (currency, price) = microsPrice(of: offer, own: &own, paths: &paths)
            var product = Product(productIdentifier: id, price: price ?? 0, currencyCode: currency)
            product.displayName = displayName(of: details, paths: &paths, warnings: &warnings)
            try problems.add(own: own, parts: ProblemList(), made: ProductDraft(product: product, paths: paths))
            return ProductDraft(product: product, paths: paths)
        }
        item.warnings = warnings
        return item
    }

    /// Whether a `oneTimePurchaseOfferDetails` holds nothing: `{}` or `null`, as a Billing
    /// Library 8 app that serializes the deprecated getter beside the list writes it.
    private static func isEmptyOffer(_ node: JSONNode) -> Bool {
        switch node {
        case .null: true
        case .object(let members): members.isEmpty
        default: false
        }
    }

    /// A Billing Library 8 one-time product: `oneTimePurchaseOfferDetailsList`, one entry per
    /// purchase option (`purchaseOptionId`, a buy or a rent option) and per discount offer of
    /// one (an entry with `offerId`). Each purchase option is a product of its own,
    /// `productId:purchaseOptionId`, priced by its `priceAmountMicros` and `priceCurrencyCode`;
    /// a purchase option at fault is that product's failure only. A discount offer is not
    /// rendered yet: it is named in the warnings of its purchase option (of the first one when
    /// none has its `purchaseOptionId`), with its path. A rental's period and a pre-order's
    /// release date are not in the text: each is a warning. The deprecated single
    /// `oneTimePurchaseOfferDetails` beside the list is a copy of one of its entries, or `{}`;
    /// another value is named as not read.
    private static func purchaseOptions(
        _ entries: [JSONField], list: JSONField, details: JSONField, productId: Result<String, PaywallTextError>
    ) -> [DraftItem] {
        var items: [DraftItem] = []
        var optionIds: [String?] = []
        var seen: [String: String] = [:]
        var offers: [(purchaseOptionId: String?, warning: ProductWarning)] = []
        for entry in entries {
            let offerId = entry.value["offerId"]
            if case .object = entry.value, let offerId, offerId != .null {
                let option = entry.value["purchaseOptionId"]?.text
                let name = offerId.text.map { " \(quoted($0))" } ?? ""
                let kind = entry.value["preorderDetails"].map { _ in "pre-order offer" } ?? "discount offer"
                offers.append((option, ProductWarning(path: entry.path, message:
                    "is not read: the one-time product's \(kind)\(name)\(option.map { " of purchase option \(quoted($0))" } ?? "") "
                    + "is not rendered yet; its purchase option's full price is")))
                continue
            }
            let optionId = entry.value["purchaseOptionId"]?.text
            if let optionId, let first = seen[optionId] {
                let source = ProductSource(format: .googlePlay, store: .googlePlay, path: entry.path,
                                           productIdentifier: GoogleBasePlans.identifier(productId: try? productId.get(), basePlanId: optionId))
                items.append(DraftItem(source, failure: entry.invalid(
                    "is a second purchase option \(quoted(optionId)) without offerId, after \(first): it is not read; "
                    + "a discount offer needs its offerId")))
                optionIds.append(nil)
                continue
            }
            if let optionId { seen[optionId] = entry.path }
            items.append(purchaseOption(entry, details: details, productId: productId))
            optionIds.append(optionId)
        }
        for offer in offers {
            if let index = optionIds.firstIndex(where: { $0 != nil && $0 == offer.purchaseOptionId })
                ?? items.indices.first(where: { (try? items[$0].result.get()) != nil }) ?? items.indices.first {
                items[index].warnings.append(offer.warning)
            }
        }
        if items.isEmpty {
            let source = ProductSource(format: .googlePlay, store: .googlePlay, path: list.path, productIdentifier: try? productId.get())
            var item = DraftItem(source, failure: PaywallTextError(.invalidValue, path: list.path, message:
                "holds offers (entries with offerId) but no purchase option (an entry without offerId), whose price they discount: "
                + "add the purchase option's entry"))
            item.warnings = offers.map(\.warning)
            return [item]
        }
        if let single = details.value["oneTimePurchaseOfferDetails"], !isEmptyOffer(single),
           !entries.contains(where: { sameValue($0.value, single) }) {
            let path = details.path(of: "oneTimePurchaseOfferDetails")
            let index = items.indices.first(where: { (try? items[$0].result.get()) != nil }) ?? 0
            items[index].warnings.append(ProductWarning(path: path, message:
                "is not read: the purchase options are read from oneTimePurchaseOfferDetailsList, and this offer is none of its entries"))
        }
        return items
    }

    /// Equal JSON values, whatever the order of their objects' keys.
    private static func sameValue(_ a: JSONNode, _ b: JSONNode) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            return x.allSatisfy { member in y.contains { $0.key == member.key && sameValue($0.value, member.value) } }
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { sameValue($0, $1) }
        default:
            return a == b
        }
    }

    /// One purchase option of a Billing Library 8 one-time product: `productId:purchaseOptionId`
    /// at `priceAmountMicros` `priceCurrencyCode`. Every problem of the entry is named.
    private static func purchaseOption(_ entry: JSONField, details: JSONField, productId: Result<String, PaywallTextError>) -> DraftItem {
        let optionId = entry.value["purchaseOptionId"]?.text
        let identifier = GoogleBasePlans.identifier(productId: try? productId.get(), basePlanId: optionId)
        let source = ProductSource(format: .googlePlay, store: .googlePlay, path: entry.path, productIdentifier: identifier)
        var warnings: [ProductWarning] = []
        var item = DraftItem(source) { (problems) throws(PaywallTextError) in
            guard case .object = entry.value else {
                throw entry.invalid("must be an object: a purchase option or offer of a one-time product")
            }
            var own = ProblemList()
            var paths = DocumentPaths(base: details.path)
            paths.map("productIdentifier", to: details.path(of: "productId"))
            own.attempt { () throws(PaywallTextError) in _ = try productId.get() }
            own.attempt { () throws(PaywallTextError) in
                let id = try entry.required("purchaseOptionId", "a string: the purchase option's id, which names its price")
                _ = try id.string()
            }
            let (currency, price) = microsPrice(of: entry, own: &own, paths: &paths)
            try problems.add(own: own, parts: ProblemList(), made: ProductDraft(
                product: Product(productIdentifier: identifier, price: price ?? 0, currencyCode: currency), paths: paths))
            if let rental = entry.value["rentalDetails"], rental != .null {
                let period = rental["rentalPeriod"]?.text.map { " (rentalPeriod \(quoted($0)))" } ?? ""
                warnings.append(ProductWarning(path: entry.path(of: "rentalDetails"), message:
                    "is not in the text: this purchase option is a rental\(period), and its price is rendered as a one-time price"))
            }
            if let preorder = entry.value["preorderDetails"], preorder != .null {
                warnings.append(ProductWarning(path: entry.path(of: "preorderDetails"), message:
                    "is not in the text: this purchase option is a pre-order, and its release date is not shown"))
            }
            var product = Product(productIdentifier: identifier, price: price ?? 0, currencyCode: currency)
            product.displayName = displayName(of: details, paths: &paths, warnings: &warnings)
            return ProductDraft(product: product, paths: paths)
        }
        item.warnings += warnings
        return item
    }

    /// The product's name as Google Play shows it: `name`, else `title`, which Google writes
    /// with the app's name after it (`Premium (Example App)`).
    private static func displayName(of details: JSONField, paths: inout DocumentPaths, warnings: inout [ProductWarning]) -> String? {
        DisplayNameFields.name(details, "name", paths: &paths, warnings: &warnings)
            ?? DisplayNameFields.name(details, "title", paths: &paths, warnings: &warnings)
    }

    /// The members of an entry of `subscriptionOfferDetails` (`SubscriptionOfferDetails`), as the
    /// Billing Library's own JSON (`offerIdToken`) and apps' serializations of its getters
    /// (`offerToken`) write them: a phase list under another name would leave its base plan or
    /// offer without its prices in silence.
    private static let offerEntryMembers: Set<String> = [
        "basePlanId", "offerId", "offerToken", "offerIdToken", "offerTags", "pricingPhases", "installmentPlanDetails",
    ]

    /// A base plan's entries, in document order.
    struct BasePlan {
        /// `basePlanId`, or the problem of an entry without one (which is then a plan of its own).
        let id: Result<String, PaywallTextError>
        /// The base plan's own entry (no `offerId`), and any further entry without `offerId`.
        var base: [GoogleOfferEntry] = []
        var offers: [GoogleOfferEntry] = []
        /// Where the product is: its base plan's entry, else its first offer's.
        var path: String { (base.first ?? offers[0]).field.path }
    }

    private static func basePlans(of entries: [JSONField]) -> [BasePlan] {
        var plans: [BasePlan] = []
        for field in entries {
            let entry = GoogleOfferEntry(field)
            let id = Result { () throws(PaywallTextError) in try field.required("basePlanId", "a string").string() }
            var index = plans.count
            if case .success(let name) = id, let found = plans.firstIndex(where: { (try? $0.id.get()) == name }) { index = found }
            if index == plans.count { plans.append(BasePlan(id: id)) }
            if entry.isBasePlan {
                plans[index].base.append(entry)
            } else {
                plans[index].offers.append(entry)
            }
        }
        return plans
    }

    /// One base plan's product: its regular price, what its own entry charges first, its offers.
    private static func subscription(_ plan: BasePlan, details: JSONField, productId: Result<String, PaywallTextError>) -> DraftItem {
        let basePlanId = try? plan.id.get()
        let identifier = GoogleBasePlans.identifier(productId: details.value["productId"]?.text, basePlanId: basePlanId)
        let source = ProductSource(format: .googlePlay, store: .googlePlay, path: plan.path, productIdentifier: identifier)
        var warnings: [ProductWarning] = []
        var item = DraftItem(source) { (problems) throws(PaywallTextError) in
            var own = ProblemList()
            var paths = DocumentPaths(base: details.path)
            paths.map("productIdentifier", to: details.path(of: "productId"))
            own.attempt { () throws(PaywallTextError) in _ = try productId.get() }
            own.attempt { () throws(PaywallTextError) in _ = try plan.id.get() }
            // The regular price: the last phase of the base plan's own entry, else of its first offer's.
            let regularEntry = plan.base.first ?? plan.offers[0]
            // A prepaid base plan's own entry is one phase charged once.
            let regular = regularEntry.regularPhase(own: &own, paths: &paths, allowsPrepaid: !plan.base.isEmpty)
            var product = Product(productIdentifier: identifier, price: regular?.price ?? 0, currencyCode: regular?.currency,
                                  subscriptionPeriod: regular?.period)
            var planProblems = ProblemList()
            product.billingPlan = own.attempt { () throws(PaywallTextError) in
                try GoogleBasePlans.billingPlan(of: regularEntry.field, regular: regular, paths: &paths, more: &planProblems)
            } ?? nil
            for error in planProblems.errors { own.append(error) }
            // The periods Google lists are an auto-renewing base plan's; those of installment and
            // prepaid plans are not checked.
            if product.billingPlan == nil, let regular, let warning = GoogleBasePlans.periodWarning(
                for: regular.period, written: regularEntry.phases.last?.field.value["billingPeriod"]?.text ?? "", at: regular.periodPath) {
                warnings.append(warning)
            }
            product.displayName = displayName(of: details, paths: &paths, warnings: &warnings)
            for entry in plan.base + plan.offers {
                warnings += UnknownMembers.warnings(of: entry.field, known: offerEntryMembers,
                                                    what: "an entry of a ProductDetails' subscriptionOfferDetails", writer: "the Billing Library")
            }
            if product.billingPlan == .prepaid {
                // Offers of a prepaid base plan are not rendered yet: each is reported.
                let entries = plan.base.filter { $0.phases.count > 1 } + plan.offers
                for entry in entries {
                    warnings.append(ProductWarning(path: entry.field.path, message:
                        "is not read: offers on a prepaid base plan are not rendered yet"))
                }
                try problems.add(own: own, parts: ProblemList(), made: ProductDraft(product: product, paths: paths))
                return ProductDraft(product: product, paths: paths)
            }
            // An installment base plan's offer is read where it is free; one with a paid phase is reported.
            func paid(_ offer: Discount, of entry: GoogleOfferEntry) -> ProductWarning? {
                guard product.billingPlan != nil else { return nil }
                return GoogleBasePlans.paidInstallmentOffer(offer, at: entry.field.path, phases: "pricingPhases",
                                                            payments: "commitmentPaymentsCount")
            }

            var parts = ProblemList()
            if let base = plan.base.first {
                let before = paths
                let intro = parts.part(paths: &paths) { (own, paths) in
                    base.offer(identifier: nil, type: .introductory, model: "introductoryPrice", regular: regular, isRegular: true,
                               paths: &paths, own: &own)
                }
                if let intro, let warning = paid(intro, of: base) {
                    paths = before
                    warnings.append(warning)
                } else {
                    product.introductoryPrice = intro
                }
            }
            for extra in plan.base.dropFirst() {
                parts.append(extra.field.invalid(
                    "is a second entry without offerId for base plan \(quoted(basePlanId ?? "")), after \(plan.base[0].field.path): "
                    + "Google gives a base plan one entry with a null offerId, so this one is not read; an offer needs its offerId"))
            }
            var discounts: [Discount] = []
            for offer in plan.offers {
                let model = "discounts[\(discounts.count)]"
                let before = paths
                let discount = parts.part(paths: &paths) { (own, paths) -> Discount? in
                    let identifier = own.attempt { () throws(PaywallTextError) -> String in
                        let offerId = try offer.field.required("offerId", "a string")
                        paths.map(model + ".identifier", to: offerId.path)
                        return try offerId.string()
                    }
                    // Read even without its id, so that the problems of its phases are named too.
                    let discount = offer.offer(identifier: identifier, type: .promotional, model: model, regular: regular,
                                               isRegular: offer.field.path == regularEntry.field.path, paths: &paths, own: &own)
                    return identifier == nil ? nil : discount
                }
                if let discount, let warning = paid(discount, of: offer) {
                    paths = before
                    warnings.append(warning)
                } else if let discount {
                    discounts.append(discount)
                } else if offer.phases.count == 1, offer.problems.isEmpty, offer.phases[0].problems.isEmpty {
                    warnings.append(ProductWarning(path: offer.field.path, message:
                        "is not shown: the offer has no phase before the regular price, so it charges what the base plan does"))
                }
            }
            product.discounts = discounts.isEmpty ? nil : discounts
            try problems.add(own: own, parts: parts, made: ProductDraft(product: product, paths: paths))
            return ProductDraft(product: product, paths: paths)
        }
        item.warnings += warnings
        return item
    }
}

/// One entry of `subscriptionOfferDetails`, its phases read, each with its own problems.
struct GoogleOfferEntry {
    let field: JSONField
    /// Whether it is a base plan's own entry: `offerId` absent or null.
    let isBasePlan: Bool
    /// The problem of the entry itself (`pricingPhases` missing, or not an array).
    var problems: [PaywallTextError] = []
    /// Each phase, `nil` when it is at fault, with its problems.
    var phases: [(field: JSONField, phase: GoogleBillingPhase?, problems: [PaywallTextError])] = []

    init(_ field: JSONField) {
        self.field = field
        isBasePlan = field.value["offerId"] == nil || field.value["offerId"] == .null
        do {
            // `pricingPhases` as an array, or as `{"pricingPhaseList": […]}`.
            let phases = try field.required("pricingPhases", "an array")
            let list = if case .object = phases.value { try phases.required("pricingPhaseList", "an array") } else { phases }
            let elements = try list.elements()
            if elements.isEmpty { problems = [list.invalid("must hold at least one pricing phase, got an empty array")] }
            self.phases = elements.map { phase in
                var problems = ProblemList()
                return (phase, GoogleBillingPhase.read(phase, problems: &problems), problems.errors)
            }
        } catch {
            problems = [error]
        }
    }

    /// The last phase, the regular price, read for the product: its problems and the
    /// entry's are the product's own. With `allowsPrepaid`, a phase charged once is a prepaid
    /// plan's price.
    func regularPhase(own: inout ProblemList, paths: inout DocumentPaths, allowsPrepaid: Bool = false) -> GoogleBillingPhase? {
        for error in problems + (phases.last?.problems ?? []) { own.append(error) }
        guard let regular = phases.last?.phase else {
            // A phase at fault is still named when it would not be a regular price either.
            if let mode = try? phases.last?.field.required("recurrenceMode", "1, 2 or 3"),
               let recurrence = try? mode.choice(GoogleBillingPhase.recurrenceModes, naming: "recurrenceMode"),
               !(allowsPrepaid && recurrence == .once) {
                own.attempt { () throws(PaywallTextError) in try GoogleBillingPhase.checkRegular(recurrence, at: mode.path) }
            }
            return nil
        }
        if !(allowsPrepaid && regular.recurrence == .once) {
            own.attempt { () throws(PaywallTextError) in try regular.checkRegular() }
        }
        paths.map("price", to: regular.pricePath)
        paths.map("currencyCode", to: regular.currencyPath)
        paths.map("subscriptionPeriod", to: regular.periodPath)
        return regular
    }

    /// The offer of the phases before the last, which must be the regular price (unless
    /// `isRegular`: the entry the regular price was read from, whose own problems are the
    /// product's); `nil` when there are none, or with the problems in `own` when it cannot be
    /// made.
    func offer(
        identifier: String?, type: DiscountType, model: String, regular: GoogleBillingPhase?, isRegular: Bool,
        paths: inout DocumentPaths, own: inout ProblemList
    ) -> Discount? {
        let before = own.count
        if !isRegular {
            for error in problems + (phases.last?.problems ?? []) { own.append(error) }
        }
        for phase in phases.dropLast() {
            for error in phase.problems { own.append(error) }
        }
        guard own.count == before, let regular, let last = phases.last?.phase, phases.count > 1 else { return nil }
        if !isRegular {
            guard last.recurrence == .infinite, last.price == regular.price, last.currency == regular.currency,
                  last.period == regular.period
            else {
                own.append(PaywallTextError(.invalidValue, path: last.path, message:
                    "the offer's last phase is the base plan's regular price, \(regular.price) \(regular.currency) every "
                    + "\(PeriodLength(regular.period).map(String.init(describing:)) ?? "period") recurring until cancelled; "
                    + "this one is not, so the offer is not read"))
                return nil
            }
        }
        paths.map(model, to: field.path)
        return own.attempt { () throws(PaywallTextError) in
            try GoogleBillingPhase.offer(identifier: identifier, type: type, phases.dropLast().compactMap(\.phase), model: model,
                                         currency: regular.currency, paths: &paths)
        }
    }
}

/// What both Google readers know of base plans: how a product is named, and the billing
/// periods Google Play offers for an auto-renewing base plan.
enum GoogleBasePlans {
    /// Why an offer of an installment base plan is not read: a phase that charges a price.
    /// Google documents the plan's payments count as the number of payments the user is
    /// committed to, and not whether the payments of an offer's paid phase are among them, so
    /// the commitment's payments, total and end could not be stated. A free phase is no
    /// payment: an offer of free phases (a free trial) is read, and the committed payments
    /// follow it. `nil` for an offer that is free throughout.
    ///
    /// - Parameters:
    ///   - phases: The key of the offer's phases in the document, which the warning names.
    ///   - region: The region the offer's price is for, where the document has several.
    ///   - payments: The key of the plan's number of committed payments.
    static func paidInstallmentOffer(
        _ offer: Discount, at path: String, phases: String, region: String? = nil, payments: String
    ) -> ProductWarning? {
        guard let paid = offer.phases.firstIndex(where: { $0.paymentMode != .freeTrial }) else { return nil }
        return ProductWarning(path: path, message: "is not read: \(phases)[\(paid)] charges a price\(region.map { " in \($0)" } ?? ""), "
            + "and Google does not document whether the payments of an offer's paid phase are among an installment base plan's "
            + "\(payments) payments, so the commitment's payments, total and end could not be stated; an offer of free phases is rendered")
    }

    /// `productId:basePlanId`, or whichever of the two the document gives.
    static func identifier(productId: String?, basePlanId: String?) -> String? {
        guard let productId, let basePlanId else { return productId ?? basePlanId }
        return "\(productId):\(basePlanId)"
    }

    /// The billing plan of a base plan's own entry: prepaid when its one phase is charged once
    /// (`recurrenceMode` 3, `NON_RECURRING`), a commitment when it has `installmentPlanDetails`
    /// (Billing Library 7: `commitmentPaymentsCount` payments of the regular price, then
    /// `subsequentCommitmentPaymentsCount` more as a new commitment, or, for 0, the regular
    /// price without one: "this subscription plan will fall back to a normal non-installment
    /// monthly plan"); `nil` for an auto-renewing base plan. The getter names
    /// (`installmentPlanCommitmentPaymentsCount`, `subsequentInstallmentPlanCommitmentPaymentsCount`)
    /// are read too, and an absent count of subsequent payments is 0, as JSON that leaves out
    /// zeros writes it. Every problem of the two counts is named: the first is thrown, the
    /// other goes into `more`.
    static func billingPlan(
        of entry: JSONField, regular: GoogleBillingPhase?, paths: inout DocumentPaths, more: inout ProblemList
    ) throws(PaywallTextError) -> BillingPlan? {
        if regular?.recurrence == .once {
            paths.map("billingPlan", to: regular?.recurrencePath ?? entry.path)
            return .prepaid
        }
        guard let details = try entry.optional("installmentPlanDetails") else { return nil }
        guard case .object = details.value else { throw details.invalid("must be an object: the installment plan's commitment") }
        paths.map("billingPlan", to: details.path)
        func count(_ names: [String], required: Bool) throws(PaywallTextError) -> Int? {
            guard let name = names.first(where: { details.value[$0] != nil && details.value[$0] != .null }) else {
                if required { throw PaywallTextError(.invalidValue, path: details.path(of: names[0]), message: "is required: the number of payments committed to") }
                return nil
            }
            let field = try details.required(name, "an integer")
            let value = try field.integer()
            guard value >= 0 else { throw field.invalid("must not be negative, got \(value)") }
            paths.map(required ? "billingPlan.numberOfPayments" : "billingPlan.renewalPayments", to: field.path)
            return value
        }
        var problems = ProblemList()
        let payments = problems.attempt { () throws(PaywallTextError) in
            try count(["commitmentPaymentsCount", "installmentPlanCommitmentPaymentsCount"], required: true) ?? 0
        }
        let subsequent = problems.attempt { () throws(PaywallTextError) in
            try count(["subsequentCommitmentPaymentsCount", "subsequentInstallmentPlanCommitmentPaymentsCount"], required: false) ?? 0
        }
        guard let payments, let subsequent else {
            for error in problems.errors.dropFirst() { more.append(error) }
            throw problems.errors[0]
        }
        return .commitment(Commitment(numberOfPayments: payments, renewal: subsequent == 0 ? .regularPrice : .newCommitment(numberOfPayments: subsequent)))
    }

    /// Weekly, every 4 weeks, monthly, every 2, 3, 4, 6 or 8 months, yearly (`P1W`, `P4W`,
    /// `P1M`, `P2M`, `P3M`, `P4M`, `P6M`, `P8M`, `P1Y`), as Play Console offers them.
    static let offeredPeriods: Set<PeriodLength> = [
        PeriodLength(days: 7), PeriodLength(days: 28),
        PeriodLength(months: 1), PeriodLength(months: 2), PeriodLength(months: 3), PeriodLength(months: 4),
        PeriodLength(months: 6), PeriodLength(months: 8), PeriodLength(months: 12),
    ]

    /// A warning for a base plan period Google does not offer, `written` as the document
    /// writes it; `nil` for one it offers. Another period is a valid duration that Play Console
    /// does not let a developer choose, such as `P4W2D` (30 days): a warning, not an error,
    /// since Google may add periods and the text of the period is still right.
    static func periodWarning(for period: SubscriptionPeriod, written: String, at path: String) -> ProductWarning? {
        guard let length = PeriodLength(period), !offeredPeriods.contains(length) else { return nil }
        return ProductWarning(path: path, message:
            "\(quoted(written)) (\(length)) is not a billing period Google Play offers for a base plan "
            + "(P1W, P4W, P1M, P2M, P3M, P4M, P6M, P8M or P1Y); the text shows it as it is")
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

    /// Where a phase's price, currency and period are: the Billing Library's own JSON has
    /// them as members (`priceAmountMicros`, `priceCurrencyCode`, `billingPeriod`), RevenueCat's
    /// products inside objects (`price.amountMicros`, `price.currencyCode`, `billingPeriod.iso8601`).
    struct Layout {
        let micros: [String]
        let currency: [String]
        let period: [String]

        static let billingLibrary = Layout(micros: ["priceAmountMicros"], currency: ["priceCurrencyCode"], period: ["billingPeriod"])
        static let revenueCat = Layout(
            micros: ["price", "amountMicros"], currency: ["price", "currencyCode"], period: ["billingPeriod", "iso8601"])
    }

    /// A `PricingPhase`, its members where `layout` says; every field at fault is added to
    /// `problems`, and the phase is then `nil`.
    static func read(_ phase: JSONField, layout: Layout = .billingLibrary, problems: inout ProblemList) -> GoogleBillingPhase? {
        /// The member at `keys`, each but the last an object.
        func member(_ keys: [String], _ description: String) throws(PaywallTextError) -> JSONField {
            var field = phase
            for key in keys.dropLast() { field = try field.required(key, "an object") }
            return try field.required(keys[keys.count - 1], description)
        }
        let before = problems.count
        let currency = problems.attempt { () throws(PaywallTextError) in try member(layout.currency, "a currency code") }
        let code = currency.flatMap { field in problems.attempt { () throws(PaywallTextError) in try field.string() } }
        // Where one object holds the amount and the currency (RevenueCat's `price`), a fault of
        // that object is named once, with the currency.
        let parentAtFault = layout.micros.count > 1 && layout.micros.first == layout.currency.first
            && { if case .object? = phase.value[layout.micros[0]] { false } else { true } }()
        let micros = parentAtFault ? nil
            : problems.attempt { () throws(PaywallTextError) in try member(layout.micros, "a whole number") }
        let price = micros.flatMap { field in problems.attempt { () throws(PaywallTextError) in try field.micros(currency: code ?? "") } }
        let period = problems.attempt { () throws(PaywallTextError) in try member(layout.period, "an ISO 8601 duration") }
        let duration = period.flatMap { field in problems.attempt { () throws(PaywallTextError) in try field.isoDuration() } }
        let cyclesField = problems.attempt { () throws(PaywallTextError) in try phase.optional("billingCycleCount") } ?? nil
        let cycles = problems.attempt { () throws(PaywallTextError) in try cyclesField?.integer() ?? 0 }
        let mode = problems.attempt { () throws(PaywallTextError) in try phase.required("recurrenceMode", "1, 2 or 3") }
        let recurrence = mode.flatMap { field in
            problems.attempt { () throws(PaywallTextError) in try field.choice(recurrenceModes, naming: "recurrenceMode") }
        }
        if recurrence == .finite, cyclesField == nil {
            // How many periods a finite phase lasts has no default: never read as 0.
            problems.append(PaywallTextError(.invalidValue, path: phase.path(of: "billingCycleCount"), message:
                "is required for a finite phase (recurrenceMode \(mode.map { $0.value.text ?? "2" } ?? "2")): how many billing periods it lasts"))
        }
        guard problems.count == before, let currency, let code, let micros, let price, let period, let duration, let cycles,
              let mode, let recurrence
        else { return nil }
        return GoogleBillingPhase(
            path: phase.path, price: price, pricePath: micros.path, currency: code, currencyPath: currency.path,
            period: duration, periodPath: period.path, cycles: cycles, cyclesPath: cyclesField?.path ?? phase.path(of: "billingCycleCount"),
            recurrence: recurrence, recurrencePath: mode.path)
    }

    /// The regular price recurs until cancelled; a base plan charged once is prepaid.
    func checkRegular() throws(PaywallTextError) {
        try Self.checkRegular(recurrence, at: recurrencePath)
    }

    /// That `recurrence`, read at `recurrencePath`, is a regular price's.
    static func checkRegular(_ recurrence: Recurrence, at recurrencePath: String) throws(PaywallTextError) {
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

    /// An offer of the phases before the regular price (at least one): promotional unless
    /// `type` says otherwise.
    static func offer(
        identifier: String?, type: DiscountType = .promotional, _ phases: [GoogleBillingPhase], model: String, currency: String,
        paths: inout DocumentPaths
    ) throws(PaywallTextError) -> Discount {
        let list = try offerPhases(phases, model: model, currency: currency, paths: &paths)
        return Discount(identifier: identifier, type: type, phases: list[0], then: Array(list.dropFirst()))
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
