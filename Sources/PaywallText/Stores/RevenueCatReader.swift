#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `revenuecat`: the product JSON of RevenueCat's hybrid SDKs (React Native, Flutter,
/// Capacitor, Web Billing's mapping), as `getProducts` or a package's `product` delivers it:
///
/// ```json
/// {"identifier": "com.example.pro.monthly", "price": 9.99, "priceString": "$9.99",
///  "currencyCode": "USD", "subscriptionPeriod": "P1M",
///  "introPrice": {"price": 0, "period": "P1W", "periodUnit": "WEEK", "periodNumberOfUnits": 1, "cycles": 1},
///  "discounts": [{"identifier": "promo", "price": 4.99, "period": "P1M", "cycles": 3, …}]}
/// ```
///
/// or an `Offerings` object, read by ``RevenueCatOfferings``.
///
/// Prices are binary floating point numbers there (`3.9899999999999998` for 3.99) and are
/// read with ``JSONField/amount(currency:)``. The JSON has no payment mode: an offer at 0 is
/// a free trial, one of several `cycles` is pay as you go, one paid cycle is paid up front
/// (which reads the same as one period of pay as you go). `introPrice` is the introductory
/// offer and `discounts` are promotional offers. An offer's `period` (ISO 8601, `P2W2D` is
/// 16 days) is its billing period; `periodUnit` and `periodNumberOfUnits` say the same and
/// are read where `period` is absent, and must agree with it where both are given.
///
/// A product without `subscriptionPeriod` is a one-time purchase, unless it carries offers
/// (`introPrice`, `discounts` or `subscriptionOptions`) or is of `productType`
/// `AUTO_RENEWABLE_SUBSCRIPTION`: such a product is a subscription whose period is missing,
/// and is refused with what says so, rather than shown as a one-time purchase without its
/// offers. (`productCategory` `SUBSCRIPTION` alone does not say it: RevenueCat gives it to
/// non-renewing subscriptions too, which are sold once.)
///
/// A product from Google Play, Amazon or RevenueCat Web Billing carries `subscriptionOptions`
/// (an array, or an object by option id in some versions of the Web Billing mapping), and
/// `defaultOption`, one of them: each option that is not the base plan is a promotional
/// offer identified by the option's `id`, of its pricing phases before the regular price
/// (`pricingPhases`, or `freePhase`, `introPhase` and `fullPricePhase` in that order). There
/// `introPrice` only repeats one phase of the default option: it is compared with the offers
/// read, and reported as not read when none of them begins with it. The JSON does not say
/// which of the three stores sells such a product, so no store's offer rules are checked;
/// a product without options is an App Store product.
///
/// Every problem of a product is named; an offer or option at fault is left out, with its
/// errors, and the product is still rendered. A member of a product or of a subscription
/// option that RevenueCat does not write is a warning, with RevenueCat's name for it when one
/// is close or another SDK's name is used (``productAliases``).
enum RevenueCatReader {
    static func read(_ root: JSONField, _ context: ReadingContext) throws(PaywallTextError) -> Reading {
        if RevenueCatOfferings.isOfferings(root.value) { return try RevenueCatOfferings.read(root) }
        return Reading(items: StoreDocuments.eachObject(root, format: .revenueCat, identifierKey: "identifier") { element in
            [item(element)]
        })
    }

    /// One product, and the packages that offer it.
    static func item(_ field: JSONField, packages: [ProductPackage] = []) -> DraftItem {
        let hasOptions = field.value["subscriptionOptions"].map { $0 != .null } ?? false
        let source = ProductSource(format: .revenueCat, store: hasOptions ? nil : .appStore, path: field.path,
                                   productIdentifier: field.value["identifier"]?.text, packages: packages)
        var warnings: [ProductWarning] = []
        var item = DraftItem(source) { (problems) throws(PaywallTextError) in
            guard case .object = field.value else { throw field.invalid("must be an object: a RevenueCat product") }
            var own = ProblemList()
            var parts = ProblemList()
            var paths = DocumentPaths(base: field.path)
            let identifier = own.attempt { () throws(PaywallTextError) -> String in
                let identifier = try field.required("identifier", "a string")
                paths.map("productIdentifier", to: identifier.path)
                return try identifier.string()
            }
            let currency = own.attempt { () throws(PaywallTextError) -> String in
                let currency = try field.required("currencyCode", "a currency code")
                paths.map("currencyCode", to: currency.path)
                return try currency.string()
            }
            let price = own.attempt { () throws(PaywallTextError) -> Decimal in
                let price = try field.required("price", "a number")
                paths.map("price", to: price.path)
                return try price.amount(currency: currency ?? "")
            }
            if let type = field.value["productType"], type.text == "PREPAID_SUBSCRIPTION" {
                own.append(PaywallTextError(.invalidValue, path: field.path(of: "productType"), message:
                    "a prepaid subscription (charged once, not renewed) is not read: paywall text here describes auto-renewing subscriptions"))
            }
            var product = Product(productIdentifier: identifier, price: price ?? 0, currencyCode: currency)
            product.displayName = DisplayNameFields.name(field, "title", paths: &paths, warnings: &warnings)
            let period = own.attempt { () throws(PaywallTextError) in try field.optional("subscriptionPeriod") } ?? nil
            if let period {
                paths.map("subscriptionPeriod", to: period.path)
                product.subscriptionPeriod = own.attempt { () throws(PaywallTextError) in try period.isoDuration() }
            } else if let missing = missingPeriod(field) {
                own.append(missing)
            }
            if hasOptions, let options = field.value["subscriptionOptions"] {
                product.discounts = optionOffers(
                    of: field, JSONField(options, path: field.path(of: "subscriptionOptions")), currency: currency,
                    paths: &paths, problems: &parts, warnings: &warnings)
                warnings += unreadSummaries(of: field, offers: product.discounts ?? [], currency: currency)
            } else {
                offers(of: field, into: &product, currency: currency, paths: &paths, problems: &parts)
            }
            warnings += UnknownMembers.warnings(of: field, known: productMembers, aliases: productAliases, what: "a RevenueCat product",
                                                writer: "RevenueCat")
            try problems.add(own: own, parts: parts, made: ProductDraft(product: product, paths: paths))
            return ProductDraft(product: product, paths: paths)
        }
        item.warnings += warnings
        return item
    }

    /// The members of a product as RevenueCat's hybrid SDKs write it (`PurchasesStoreProduct`,
    /// Flutter's `StoreProduct`, Web Billing's mapping): a member of another name is a warning,
    /// since an offer under a misspelt key (`introductoryPrice` for `introPrice`) would be lost.
    static let productMembers: Set<String> = [
        "identifier", "description", "title", "price", "priceString", "currencyCode", "pricePerWeek", "pricePerMonth",
        "pricePerYear", "pricePerWeekString", "pricePerMonthString", "pricePerYearString", "introPrice", "discounts",
        "productCategory", "productType", "subscriptionPeriod", "defaultOption", "subscriptionOptions",
        "presentedOfferingIdentifier", "presentedOfferingContext", "installmentsInfo",
    ]

    /// The names apps give fields of a product when they write it themselves: the Dart and
    /// Kotlin property names of what RevenueCat's JSON calls otherwise.
    static let productAliases: [String: String] = ["introductoryPrice": "introPrice", "period": "subscriptionPeriod"]

    /// The members of a subscription option (Google Play, Amazon, Web Billing): its phases
    /// are under `pricingPhases` or `freePhase`, `introPhase` and `fullPricePhase`.
    static let optionMembers: Set<String> = [
        "id", "storeProductId", "productId", "pricingPhases", "tags", "isBasePlan", "billingPeriod", "isPrepaid", "freePhase",
        "introPhase", "fullPricePhase", "presentedOfferingIdentifier", "presentedOfferingContext", "installmentsInfo",
    ]

    /// The error of a product without `subscriptionPeriod` that is a subscription all the
    /// same: it carries offers, or its `productType` says so; `nil` for a one-time purchase.
    private static func missingPeriod(_ field: JSONField) -> PaywallTextError? {
        var offers: [String] = []
        if let intro = field.value["introPrice"], intro != .null { offers.append("an introPrice") }
        if case .array(let discounts)? = field.value["discounts"], !discounts.isEmpty {
            offers.append(discounts.count == 1 ? "a discount" : "\(discounts.count) discounts")
        }
        if let options = field.value["subscriptionOptions"], options != .null { offers.append("subscriptionOptions") }
        let type = field.value["productType"]?.text
        let evidence: String
        if offers.isEmpty {
            guard type == "AUTO_RENEWABLE_SUBSCRIPTION" else { return nil }
            evidence = "is of productType \(quoted("AUTO_RENEWABLE_SUBSCRIPTION")), so it is a subscription"
        } else {
            let kinds = ["productType", "productCategory"].compactMap { key in field.value[key]?.text.map { "\(key) \(quoted($0))" } }
            evidence = "carries \(offers.count == 1 ? offers[0] : offers.dropLast().joined(separator: ", ") + " and " + offers[offers.count - 1])\(kinds.isEmpty ? "" : " (\(kinds.joined(separator: ", ")))"), "
                + "so it is a subscription, not a one-time purchase that could be shown without them"
        }
        return PaywallTextError(.invalidValue, path: field.path(of: "subscriptionPeriod"), message:
            "is required: the product \(evidence); without its billing period it cannot be described")
    }

    /// `introPrice` as the introductory offer and `discounts` as promotional offers; each
    /// offer at fault is left out, with its problems.
    private static func offers(
        of field: JSONField, into product: inout Product, currency: String?, paths: inout DocumentPaths, problems: inout ProblemList
    ) {
        if let intro = problems.attempt({ () throws(PaywallTextError) in try field.optional("introPrice") }) ?? nil {
            product.introductoryPrice = problems.part(paths: &paths) { (own, paths) in
                offer(intro, model: "introductoryPrice", type: .introductory, currency: currency, paths: &paths, own: &own)
            }
        }
        var discounts: [Discount] = []
        let elements = problems.attempt { () throws(PaywallTextError) in try field.optional("discounts")?.elements() ?? [] } ?? []
        for element in elements {
            let model = "discounts[\(discounts.count)]"
            if let discount = problems.part(paths: &paths, { (own, paths) in
                offer(element, model: model, type: .promotional, currency: currency, paths: &paths, own: &own)
            }) {
                discounts.append(discount)
            }
        }
        product.discounts = discounts.isEmpty ? nil : discounts
    }

    /// `introPrice` or an entry of `discounts`: `cycles` charges of `price`, one every period.
    private static func offer(
        _ field: JSONField, model: String, type: DiscountType, currency: String?, paths: inout DocumentPaths, own: inout ProblemList
    ) -> Discount? {
        guard case .object = field.value else {
            own.append(field.invalid("must be an object: an offer, got \(field.value.kindDescription)"))
            return nil
        }
        paths.map(model, to: field.path)
        let identifier = own.attempt { () throws(PaywallTextError) -> String? in
            guard let identifier = try field.optional("identifier") else { return nil }
            paths.map(model + ".identifier", to: identifier.path)
            return try identifier.string()
        } ?? nil
        let price = own.attempt { () throws(PaywallTextError) -> Decimal in
            let price = try field.required("price", "a number")
            paths.map(model + ".price", to: price.path)
            return try price.amount(currency: currency ?? "")
        }
        let cycles = own.attempt { () throws(PaywallTextError) -> Int in
            let cycles = try field.required("cycles", "an integer")
            paths.map(model + ".numberOfPeriods", to: cycles.path)
            return try cycles.integer()
        }
        let period = own.attempt { () throws(PaywallTextError) in try offerPeriod(field, model: model, paths: &paths) }
        guard let price, let cycles, let period else { return nil }
        let mode: PaymentMode = price == 0 ? .freeTrial : cycles > 1 ? .payAsYouGo : .payUpFront
        return Discount(identifier: identifier, type: type, paymentMode: mode, price: price, subscriptionPeriod: period, numberOfPeriods: cycles)
    }

    private static let periodUnits: KeyValuePairs<String, PeriodUnit> = ["DAY": .day, "WEEK": .week, "MONTH": .month, "YEAR": .year]

    /// An offer's billing period: `period` (ISO 8601), or `periodUnit` and
    /// `periodNumberOfUnits`; where both are given they must be the same length (the SDKs
    /// write a week as `P1W` beside `DAY` and 7).
    private static func offerPeriod(_ field: JSONField, model: String, paths: inout DocumentPaths) throws(PaywallTextError) -> SubscriptionPeriod {
        let iso = try field.optional("period")
        if iso == nil, field.value["periodUnit"] == nil {
            throw PaywallTextError(.invalidValue, path: field.path(of: "period"), message:
                "is required (or periodUnit and periodNumberOfUnits): the offer's billing period")
        }
        var units: SubscriptionPeriod?
        if iso == nil || field.value["periodUnit"] != nil {
            let unit = try field.required("periodUnit", "a unit")
            let count = try field.required("periodNumberOfUnits", "an integer")
            paths.map(model + ".subscriptionPeriod", to: unit.path)
            paths.map(model + ".subscriptionPeriod.numberOfUnits", to: count.path)
            units = SubscriptionPeriod(unit: try unit.choice(periodUnits, naming: "periodUnit"), numberOfUnits: try count.integer())
        }
        guard let iso else { return units! }
        paths.map(model + ".subscriptionPeriod", to: iso.path)
        let period = try iso.isoDuration()
        if let units, PeriodLength(units) != PeriodLength(period) {
            throw iso.invalid("\(quoted(try iso.string())) disagrees with periodUnit \(units.unit.rawValue.uppercased()) "
                              + "and periodNumberOfUnits \(units.numberOfUnits)")
        }
        return period
    }

    /// The offers among `subscriptionOptions` (and `defaultOption`, when it is not one of
    /// them): every option that is not the base plan and has phases before the regular price.
    /// An option at fault is left out, with its problems.
    private static func optionOffers(
        of field: JSONField, _ options: JSONField, currency: String?, paths: inout DocumentPaths, problems: inout ProblemList,
        warnings: inout [ProductWarning]
    ) -> [Discount]? {
        var list: [JSONField]
        switch options.value {
        case .array: list = problems.attempt { () throws(PaywallTextError) in try options.elements() } ?? []
        case .object(let members): list = members.map { JSONField($0.value, path: options.path(of: $0.key)) }
        default:
            problems.append(options.invalid("must be an array of subscription options, got \(options.value.kindDescription)"))
            list = []
        }
        if let defaultOption = field.value["defaultOption"], let id = defaultOption["id"],
           !list.contains(where: { $0.value["id"] == id }) {
            list.append(JSONField(defaultOption, path: field.path(of: "defaultOption")))
        }
        for option in list {
            warnings += UnknownMembers.warnings(of: option, known: optionMembers, what: "a RevenueCat subscription option", writer: "RevenueCat")
        }
        var discounts: [Discount] = []
        for option in list where option.value["isBasePlan"] != .bool(true) {
            let model = "discounts[\(discounts.count)]"
            if let discount = problems.part(paths: &paths, { (own, paths) in
                self.option(option, model: model, currency: currency, paths: &paths, own: &own)
            }) {
                discounts.append(discount)
            }
        }
        return discounts.isEmpty ? nil : discounts
    }

    /// A subscription option's offer: its phases before the regular price, `nil` when it has none.
    private static func option(
        _ option: JSONField, model: String, currency: String?, paths: inout DocumentPaths, own: inout ProblemList
    ) -> Discount? {
        guard case .object = option.value else {
            own.append(option.invalid("must be an object: a subscription option, got \(option.value.kindDescription)"))
            return nil
        }
        let before = own.count
        let id = own.attempt { () throws(PaywallTextError) in try option.required("id", "a string") }
        let identifier = id.flatMap { id in own.attempt { () throws(PaywallTextError) in try id.string() } }
        let phaseFields: [JSONField]
        if let list = own.attempt({ () throws(PaywallTextError) in try option.optional("pricingPhases") }) ?? nil {
            phaseFields = own.attempt { () throws(PaywallTextError) in try list.elements() } ?? []
        } else {
            phaseFields = ["freePhase", "introPhase", "fullPricePhase"].compactMap { key in
                own.attempt { () throws(PaywallTextError) in try option.optional(key) } ?? nil
            }
        }
        let phases = phaseFields.compactMap { GoogleBillingPhase.read($0, layout: .revenueCat, problems: &own) }
        guard own.count == before, let id, let identifier else { return nil }
        guard let regular = phases.last else {
            own.append(option.invalid("has no pricing phases (pricingPhases, or freePhase, introPhase and fullPricePhase)"))
            return nil
        }
        return own.attempt { () throws(PaywallTextError) -> Discount? in
            try regular.checkRegular()
            guard phases.count > 1 else { return nil }  // the regular price alone: nothing to show
            paths.map(model, to: option.path)
            paths.map(model + ".identifier", to: id.path)
            return try GoogleBillingPhase.offer(identifier: identifier, Array(phases.dropLast()), model: model,
                                                currency: currency ?? regular.currency, paths: &paths)
        } ?? nil
    }

    /// `introPrice` and `discounts` of a product read from its options only summarize them:
    /// a warning for each that the offers read do not cover, so that nothing is left out
    /// without a word.
    private static func unreadSummaries(of field: JSONField, offers: [Discount], currency: String?) -> [ProductWarning] {
        var warnings: [ProductWarning] = []
        if let intro = field.value["introPrice"], intro != .null {
            var problems = ProblemList()
            var paths = DocumentPaths(base: field.path)
            let introField = JSONField(intro, path: field.path(of: "introPrice"))
            let phase = offer(introField, model: "introductoryPrice", type: .introductory, currency: currency, paths: &paths, own: &problems)
            let covered = phase.map { phase in
                offers.contains {
                    $0.price == phase.price && $0.numberOfPeriods == phase.numberOfPeriods
                        && PeriodLength($0.subscriptionPeriod) == PeriodLength(phase.subscriptionPeriod)
                }
            } ?? false
            if !covered {
                warnings.append(ProductWarning(path: introField.path, message:
                    "is not read: the offers are read from subscriptionOptions, and none of them begins with this phase"))
            }
        }
        if case .array(let discounts)? = field.value["discounts"], !discounts.isEmpty {
            warnings.append(ProductWarning(path: field.path(of: "discounts"), message:
                "is not read: the offers of a product with subscriptionOptions are read from its options"))
        }
        return warnings
    }
}
