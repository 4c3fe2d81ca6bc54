#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `storekitconfig`: an Xcode StoreKit configuration file (`.storekit`), format versions 2 to 5,
/// the file an app is tested with before its products exist in App Store Connect.
///
/// ```json
/// {"settings": {"_storefront": "USA"}, "version": {"major": 4, "minor": 0},
///  "subscriptionGroups": [{"name": "pro", "subscriptions": [
///      {"productID": "com.example.pro.monthly", "displayPrice": "9.99", "recurringSubscriptionPeriod": "P1M",
///       "introductoryOffer": {"paymentMode": "free", "subscriptionPeriod": "P1W", "numberOfPeriods": 1},
///       "adHocOffers": [], "codeOffers": [], "winbackOffers": []}]}],
///  "nonRenewingSubscriptions": [], "products": [{"productID": "com.example.lifetime", "displayPrice": "99.99", "type": "NonConsumable"}]}
/// ```
///
/// Each subscription of `subscriptionGroups[].subscriptions` is a product named by its
/// `productID`, priced `displayPrice` every `recurringSubscriptionPeriod` (ISO 8601). Its
/// `introductoryOffer` is the introductory offer, `adHocOffers` (also read as
/// `subscriptionOffers`) its promotional offers, `codeOffers` its offer codes and
/// `winbackOffers` its win-back offers, identified by `offerID` (an offer code by its
/// `referenceName` when it has none). An offer's `paymentMode` is `free`, `payAsYouGo` or
/// `payUpFront`; `subscriptionPeriod` is its billing period and `numberOfPeriods` the count,
/// as in StoreKit (1 when a free trial or a payment up front leaves it out); a free offer
/// needs no `displayPrice`. `nonRenewingSubscriptions` and `products` (`Consumable`,
/// `NonConsumable`) are one-time purchases. `localizations` give the product's display name
/// per locale (``Product/localizedDisplayNames``).
///
/// `displayPrice` is a number without a currency: the currency is the one of the storefront
/// Xcode tests in, `settings._storefront` (`USA`, ISO 3166-1 alpha-3), through ICU's region
/// and currency data; a file without one takes ``ReadOptions/storefront`` or
/// ``ReadOptions/currency`` (`--storefront USA`, `--currency USD`), and without those its
/// products are refused with an error that asks for them. Each product carries the
/// storefront as its territory.
///
/// A file may hold a team's identifiers and other settings (`_developerTeamID`, certificates):
/// only `settings._storefront` is read, and no message quotes another setting's value. What
/// the file holds that is not read is reported: members of the file this reader does not
/// know, members of a subscription, an offer or a billing plan that Xcode does not write (with
/// Xcode's spelling when close), billing plans other than the one billed up front and the monthly one (whose 12-month
/// commitment is a product of its own, ``commitmentPlans(of:storefront:)``), introductory
/// offers beyond the first. Format 5 writes the introductory offer twice, in
/// `introductoryOffer` and as `introductoryOffers[0]` with the same `internalID`: that copy is
/// reported only when it differs from the offer read. A file that yields no product (its
/// subscription groups empty) is a warning saying what it holds.
enum StoreKitConfigReader {
    static func read(_ root: JSONField, _ context: ReadingContext) throws(PaywallTextError) -> Reading {
        let files = if case .array = root.value { try root.elements() } else { [root] }
        var reading = Reading()
        for (index, file) in files.enumerated() {
            try read(file, index: index + 1, context, into: &reading)
        }
        if reading.items.isEmpty, !reading.problems.contains(where: { $0.severity == .error }) {
            // No product and nothing wrong: say what the files hold and what would make a product.
            for (index, file) in files.enumerated() {
                let groups = ((try? file.optional("subscriptionGroups")?.elements()) ?? []).map { group in
                    group.value["name"]?.text.map { quoted($0) } ?? group.path
                }
                let holds = groups.isEmpty ? "no subscription group, non-renewing subscription or product"
                    : "the subscription group\(groups.count == 1 ? "" : "s") \(JSONField.list(groups).replacing(" or ", with: " and ")) with no "
                        + "subscription, and no non-renewing subscription or product"
                reading.problems.append(DocumentProblem(index: index + 1, path: file.path, severity: .warning, error: PaywallTextError(
                    .unused, path: file.path, message: "holds \(holds), so no product: add products to the configuration in Xcode's "
                        + "StoreKit configuration editor")))
            }
        }
        return reading
    }

    /// The members of a file that hold no product, or what the reader needs besides products.
    private static let known: Set<String> = [
        "identifier", "settings", "version", "appPolicies", "subscriptionGroups", "nonRenewingSubscriptions", "products",
    ]

    private static func read(_ file: JSONField, index: Int, _ context: ReadingContext, into reading: inout Reading) throws(PaywallTextError) {
        guard case .object(let members) = file.value else { throw file.invalid("must be an object: an Xcode StoreKit configuration file") }
        guard ["subscriptionGroups", "nonRenewingSubscriptions", "products"].contains(where: { file.value[$0] != nil }) else {
            throw PaywallTextError(.unrecognizedFormat, path: file.path, message:
                "does not look like an Xcode StoreKit configuration file: it has none of subscriptionGroups, nonRenewingSubscriptions and products")
        }
        func unused(_ path: String, _ message: String) {
            reading.problems.append(DocumentProblem(index: index, path: path, severity: .warning,
                                                    error: PaywallTextError(.unused, path: path, message: message)))
        }
        try checkVersion(file, unused: unused)
        for member in members where !known.contains(member.key) {
            unused(file.path(of: member.key), "is not read: an Xcode StoreKit configuration's products are in subscriptionGroups, nonRenewingSubscriptions and products")
        }
        let storefront = self.storefront(of: file, context, unused: unused)

        // A list that cannot be read is a problem of the file; the other lists are still read.
        func each(_ list: () throws(PaywallTextError) -> [JSONField], _ read: (JSONField) throws(PaywallTextError) -> Void) {
            do throws(PaywallTextError) {
                for element in try list() { try read(element) }
            } catch {
                reading.problems.append(DocumentProblem(index: index, path: error.path, severity: .error, error: error))
            }
        }
        each({ () throws(PaywallTextError) in try file.optional("subscriptionGroups")?.elements() ?? [] }) { (group) throws(PaywallTextError) in
            each({ () throws(PaywallTextError) in try group.required("subscriptions", "an array").elements() }) { subscription in
                reading.items.append(item(subscription, storefront: storefront, kind: .subscription))
                reading.items += commitmentPlans(of: subscription, storefront: storefront)
            }
        }
        for (key, kind) in [("nonRenewingSubscriptions", Kind.nonRenewing), ("products", .oneTime)] {
            each({ () throws(PaywallTextError) in try file.optional(key)?.elements() ?? [] }) { product in
                reading.items.append(item(product, storefront: storefront, kind: kind))
            }
        }
    }

    /// Format versions 2 to 5 are read; a newer one is read as version 5 with a warning.
    private static func checkVersion(_ file: JSONField, unused: (String, String) -> Void) throws(PaywallTextError) {
        guard let version = try file.optional("version") else {
            unused(file.path(of: "version"), "is absent: the file is read as a file of format versions 2 to 5")
            return
        }
        let major = try version.required("major", "an integer")
        let number = try major.integer()
        if number < 2 {
            throw major.invalid("format version \(number) is not read (2 to 5 are): open and save the file in a current Xcode")
        }
        if number > 5 {
            unused(major.path, "format version \(number) is newer than those read (2 to 5): members of later versions are not read")
        }
    }

    /// The storefront the file's prices are in: `settings._storefront`, else the options'.
    private static func storefront(
        of file: JSONField, _ context: ReadingContext, unused: (String, String) -> Void
    ) -> Result<(currency: String, territory: String?), PaywallTextError> {
        do {
            if let code = try file.optional("settings")?.optional("_storefront") {
                if context.options.storefront != nil || context.options.currency != nil {
                    unused(code.path, "names the file's storefront, which prices it: --storefront and --currency are not used")
                }
                let storefront = try Storefronts.storefront(try code.string(), path: code.path)
                return .success((storefront.currency, storefront.territory))
            }
            let (currency, storefront) = try context.options.currency(forDocumentAt: file.path(of: "settings._storefront"),
                                                                      why: "is absent: the file names no storefront, so its prices have no currency")
            return .success((currency, storefront?.territory))
        } catch {
            return .failure(error)
        }
    }

    private enum Kind {
        case subscription, nonRenewing, oneTime

        /// The `type` Xcode writes for each.
        var types: [String] {
            switch self {
            case .subscription: ["RecurringSubscription"]
            case .nonRenewing: ["NonRenewingSubscription"]
            case .oneTime: ["Consumable", "NonConsumable"]
            }
        }
    }

    private static func item(
        _ field: JSONField, storefront: Result<(currency: String, territory: String?), PaywallTextError>, kind: Kind
    ) -> DraftItem {
        let territory = try? storefront.get().territory
        let source = ProductSource(format: .storeKitConfig, store: .appStore, path: field.path,
                                   productIdentifier: field.value["productID"]?.text, territory: territory)
        var warnings: [ProductWarning] = []
        var item = DraftItem(source) { (problems) throws(PaywallTextError) in
            guard case .object = field.value else { throw field.invalid("must be an object: a product") }
            var own = ProblemList()
            var paths = DocumentPaths(base: field.path)
            let identifier = own.attempt { () throws(PaywallTextError) -> String in
                let id = try field.required("productID", "a string")
                paths.map("productIdentifier", to: id.path)
                return try id.string()
            }
            own.attempt { () throws(PaywallTextError) in
                guard let type = try field.optional("type") else { return }
                let text = try type.string()
                guard kind.types.contains(text) else {
                    throw type.invalid("\(quoted(text)) is not a type of this list; expected \(JSONField.list(kind.types))")
                }
            }
            let currency = own.attempt { () throws(PaywallTextError) in try storefront.get().currency }
            let price = own.attempt { () throws(PaywallTextError) -> Decimal in
                let price = try field.required("displayPrice", "a decimal number")
                paths.map("price", to: price.path)
                return try price.amount(in: currency)
            }
            var product = Product(productIdentifier: identifier, price: price ?? 0, currencyCode: currency)
            product.localizedDisplayNames = DisplayNameFields.localized(
                field.value["localizations"].map { JSONField($0, path: field.path(of: "localizations")) },
                localeKey: "locale", nameKey: "displayName", paths: &paths, warnings: &warnings)
            var parts = ProblemList()
            if kind == .subscription {
                product.subscriptionPeriod = own.attempt { () throws(PaywallTextError) -> SubscriptionPeriod in
                    let period = try field.required("recurringSubscriptionPeriod", "an ISO 8601 duration")
                    paths.map("subscriptionPeriod", to: period.path)
                    return try period.isoDuration()
                }
                offers(of: field, into: &product, currency: currency, paths: &paths, problems: &parts, warnings: &warnings)
                checkMembers(of: field, warnings: &warnings)
                billingPlans(of: field, price: price, currency: currency, problems: &parts, warnings: &warnings)
            }
            try problems.add(own: own, parts: parts, made: ProductDraft(product: product, paths: paths))
            return ProductDraft(product: product, paths: paths)
        }
        item.warnings = warnings
        return item
    }

    /// The kinds of offer after the introductory one, each in its list.
    private static let offerLists: [(key: String, type: DiscountType)] = [
        ("adHocOffers", .promotional), ("subscriptionOffers", .promotional), ("codeOffers", .offerCode), ("winbackOffers", .winBack),
    ]

    private static func offers(
        of subscription: JSONField, into product: inout Product, currency: String?, paths: inout DocumentPaths,
        problems: inout ProblemList, warnings: inout [ProductWarning]
    ) {
        var intros: [JSONField] = []
        if let intro = problems.attempt({ () throws(PaywallTextError) in try subscription.optional("introductoryOffer") }) ?? nil {
            intros.append(intro)
        }
        intros += problems.attempt { () throws(PaywallTextError) in try subscription.optional("introductoryOffers")?.elements() ?? [] } ?? []
        for other in intros.dropFirst() {
            // Format 5 writes the introductory offer twice, in introductoryOffer and as
            // introductoryOffers[0] with the same internalID: a copy that says the same is no news.
            let differing = introductoryOfferFields.filter { key in
                switch (intros[0].value[key], other.value[key]) {
                case (nil, nil): false
                case (let first?, let second?): !first.isSameValue(as: second)
                default: true
                }
            }
            if differing.isEmpty, intros[0].value["internalID"] != nil { continue }
            let sameID = intros[0].value["internalID"] != nil && !differing.contains("internalID")
            warnings.append(ProductWarning(path: other.path, message: "is not read: a subscription has one introductory offer, \(intros[0].path)"
                + (sameID ? ", and this copy of it differs in \(JSONField.list(differing))" : "")))
        }
        if let intro = intros.first {
            product.introductoryPrice = problems.part(paths: &paths) { (own, paths) in
                offer(intro, type: .introductory, model: "introductoryPrice", currency: currency, paths: &paths, own: &own)
            }
        }
        var discounts: [Discount] = []
        for (key, type) in offerLists {
            let elements = problems.attempt { () throws(PaywallTextError) in try subscription.optional(key)?.elements() ?? [] } ?? []
            for element in elements {
                let model = "discounts[\(discounts.count)]"
                if let discount = problems.part(paths: &paths, { (own, paths) in
                    offer(element, type: type, model: model, currency: currency, paths: &paths, own: &own)
                }) {
                    discounts.append(discount)
                }
            }
        }
        product.discounts = discounts.isEmpty ? nil : discounts
    }

    /// The members Xcode writes in a subscription, format versions 2 to 5, and those read.
    private static let subscriptionMembers: Set<String> = [
        "adHocOffers", "billingPlans", "codeOffers", "displayPrice", "familyShareable", "groupNumber", "internalID",
        "introductoryOffer", "introductoryOffers", "localizations", "productID", "recurringSubscriptionPeriod", "referenceName",
        "subscriptionGroupID", "subscriptionOffers", "type", "winbackOffers",
    ]

    /// The members Xcode writes in an offer, format versions 2 to 5: an offer code's
    /// `eligibility` and `isStackable`, a win-back offer's `isEligible`, format 5's
    /// `billingPlanType` (the plan an offer is for), beside the fields read.
    private static let offerMembers: Set<String> = [
        "billingPlanType", "displayPrice", "eligibility", "internalID", "isEligible", "isStackable", "numberOfPeriods", "offerID",
        "paymentMode", "referenceName", "subscriptionPeriod",
    ]

    /// The members Xcode writes in a billing plan (format 5), and the lists of offers one may hold.
    private static let billingPlanMembers: Set<String> = Set(
        ["billingPlanType", "commitmentDisplayPrice", "displayPrice", "internalID", "isEnabled"] + planOfferKeys)

    /// A subscription holds its offers under keys of its own, and an offer its fields: a member
    /// of another name (a win-back offer under `winBackOffers`, which Xcode writes
    /// `winbackOffers`; an offer's `numberOfPeriod`, which would leave its count at 1) would be
    /// lost in silence, so each is a warning, with the known spelling when one is close. The
    /// members of its billing plans are checked too.
    private static func checkMembers(of subscription: JSONField, warnings: inout [ProductWarning]) {
        warnings += UnknownMembers.warnings(of: subscription, known: subscriptionMembers,
                                            what: "a StoreKit configuration subscription", writer: "Xcode")
        func offers(of holder: JSONField) {
            for key in planOfferKeys {
                guard let list = holder.value[key] else { continue }
                let field = JSONField(list, path: holder.path(of: key))
                let elements: [JSONField] = if case .array = list, let elements = try? field.elements() { elements } else { [field] }
                for offer in elements {
                    warnings += UnknownMembers.warnings(of: offer, known: offerMembers,
                                                        what: "a StoreKit configuration offer", writer: "Xcode")
                }
            }
        }
        offers(of: subscription)
        guard let plans = try? subscription.optional("billingPlans")?.elements() else { return }
        for plan in plans {
            warnings += UnknownMembers.warnings(of: plan, known: billingPlanMembers,
                                                what: "a StoreKit configuration billing plan", writer: "Xcode")
        }
    }

    /// What two copies of an introductory offer are compared by: its identity and every field
    /// read from it.
    private static let introductoryOfferFields = ["internalID", "paymentMode", "displayPrice", "subscriptionPeriod", "numberOfPeriods"]

    private static let modes: KeyValuePairs<String, PaymentMode> = ["free": .freeTrial, "payAsYouGo": .payAsYouGo, "payUpFront": .payUpFront]

    /// One offer; every field at fault is named.
    private static func offer(
        _ field: JSONField, type: DiscountType, model: String, currency: String?, paths: inout DocumentPaths, own: inout ProblemList
    ) -> Discount? {
        guard case .object = field.value else {
            own.append(field.invalid("must be an object: an offer"))
            return nil
        }
        paths.map(model, to: field.path)
        let identifier = own.attempt { () throws(PaywallTextError) -> String? in
            guard type != .introductory else { return nil }
            let keys = type == .offerCode ? ["offerID", "referenceName"] : ["offerID"]
            guard let key = keys.first(where: { field.value[$0] != nil }), let id = try field.optional(key) else { return nil }
            paths.map(model + ".identifier", to: id.path)
            return try id.string()
        } ?? nil
        let mode = own.attempt { () throws(PaywallTextError) -> PaymentMode in
            let mode = try field.required("paymentMode", "a payment mode")
            paths.map(model + ".paymentMode", to: mode.path)
            return try mode.choice(modes, naming: "paymentMode")
        }
        let price = own.attempt { () throws(PaywallTextError) -> Decimal in
            guard let price = try field.optional("displayPrice") else {
                guard mode == .freeTrial else { throw PaywallTextError(.invalidValue, path: field.path(of: "displayPrice"), message: "is required") }
                return 0
            }
            paths.map(model + ".price", to: price.path)
            return try price.amount(in: currency)
        }
        let period = own.attempt { () throws(PaywallTextError) -> SubscriptionPeriod in
            let period = try field.required("subscriptionPeriod", "an ISO 8601 duration")
            paths.map(model + ".subscriptionPeriod", to: period.path)
            return try period.isoDuration()
        }
        let count = own.attempt { () throws(PaywallTextError) -> Int in
            guard let count = try field.optional("numberOfPeriods") else {
                guard mode != .payAsYouGo else {
                    throw PaywallTextError(.invalidValue, path: field.path(of: "numberOfPeriods"), message: "is required for pay as you go")
                }
                return 1
            }
            paths.map(model + ".numberOfPeriods", to: count.path)
            return try count.integer()
        }
        guard let mode, let price, let period, let count else { return nil }
        return Discount(identifier: identifier, type: type, paymentMode: mode, price: price, subscriptionPeriod: period, numberOfPeriods: count)
    }

    /// The subscription's billing plans (Xcode 26.5): the plan billed up front is the
    /// subscription itself, and its `displayPrice`, where given, must be the subscription's;
    /// the monthly plan with a 12-month commitment is a product of its own
    /// (``commitmentPlans(of:storefront:)``); another plan is reported, not read.
    private static func billingPlans(
        of subscription: JSONField, price: Decimal?, currency: String?, problems: inout ProblemList, warnings: inout [ProductWarning]
    ) {
        let plans = problems.attempt { () throws(PaywallTextError) in try subscription.optional("billingPlans")?.elements() ?? [] } ?? []
        for plan in plans {
            switch plan.value["billingPlanType"]?.text {
            case "MONTHLY":
                continue
            case "BILLED_UPFRONT":
                problems.attempt { () throws(PaywallTextError) in
                    guard let field = try plan.optional("displayPrice"), let price else { return }
                    let amount = try field.amount(in: currency)
                    if amount != price {
                        throw field.invalid("\(amount) disagrees with the subscription's displayPrice, \(price): the plan billed up front is the subscription")
                    }
                }
            default:
                let type = plan.value["billingPlanType"]?.text.map { " \(quoted($0))" } ?? ""
                warnings.append(ProductWarning(path: plan.path, message:
                    "is not read: the plans read are the one billed up front and the monthly one (MONTHLY), and this billing plan\(type) is another"))
            }
        }
    }

    /// The lists of offers a billing plan may hold, none of which is read yet.
    private static let planOfferKeys = ["introductoryOffer", "introductoryOffers"] + offerLists.map(\.key)

    /// The subscription's monthly plan with a 12-month commitment (`billingPlanType`
    /// `MONTHLY`), a product of its own with the subscription's `productID`: 12 payments of the
    /// plan's `displayPrice`, one a month, then a new 12-month commitment, as Apple's monthly
    /// plans are. No public sample of Xcode's file holds one yet: the plan is read with the
    /// names the file already uses (`billingPlanType`, as App Store Connect names the plans,
    /// and `displayPrice`). Its offers are reported, not read (offer text for commitments is
    /// not written yet); Apple offers the plan on one-year subscriptions only, and another
    /// period gets a warning.
    private static func commitmentPlans(
        of subscription: JSONField, storefront: Result<(currency: String, territory: String?), PaywallTextError>
    ) -> [DraftItem] {
        guard let plans = try? subscription.optional("billingPlans")?.elements() else { return [] }
        return plans.filter { $0.value["billingPlanType"]?.text == "MONTHLY" }.map { plan in
            let source = ProductSource(format: .storeKitConfig, store: .appStore, path: plan.path,
                                       productIdentifier: subscription.value["productID"]?.text, territory: try? storefront.get().territory)
            var warnings: [ProductWarning] = []
            var item = DraftItem(source) { (problems) throws(PaywallTextError) in
                var own = ProblemList()
                var paths = DocumentPaths(base: plan.path)
                paths.map("billingPlan", to: plan.path)
                let identifier = own.attempt { () throws(PaywallTextError) -> String in
                    let id = try subscription.required("productID", "a string")
                    paths.map("productIdentifier", to: id.path)
                    return try id.string()
                }
                let currency = own.attempt { () throws(PaywallTextError) in try storefront.get().currency }
                let price = own.attempt { () throws(PaywallTextError) -> Decimal in
                    let price = try plan.required("displayPrice", "a decimal number")
                    paths.map("price", to: price.path)
                    return try price.amount(in: currency)
                }
                if let field = subscription.value["recurringSubscriptionPeriod"]?.text, StoreDurations.period(iso: field).flatMap(PeriodLength.init) != PeriodLength(months: 12) {
                    warnings.append(ProductWarning(path: subscription.path(of: "recurringSubscriptionPeriod"), message:
                        "Apple offers the monthly plan with a 12-month commitment on one-year subscriptions; this one renews every \(quoted(field))"))
                }
                for key in planOfferKeys where plan.value[key] != nil {
                    warnings.append(ProductWarning(path: plan.path(of: key), message: "is not read: offers on a commitment plan are not rendered yet"))
                }
                let commitment = Commitment(numberOfPayments: 12, renewal: .newCommitment(numberOfPayments: 12))
                let draft = ProductDraft(product: Product(productIdentifier: identifier, price: price ?? 0, currencyCode: currency,
                                                          subscriptionPeriod: .months(1), billingPlan: .commitment(commitment)),
                                         paths: paths)
                try problems.add(own: own, parts: ProblemList(), made: draft)
                return draft
            }
            item.warnings = warnings
            return item
        }
    }
}
