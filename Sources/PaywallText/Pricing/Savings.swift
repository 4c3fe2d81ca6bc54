/// What each plan of a paywall saves against a reference plan (PRODUCT §10): the percent of
/// the reference's price per month, from exact figures, rounded down.
///
/// Only plans of different kinds are compared: of different billing periods, or of the same
/// billing period with a different commitment (a plain monthly plan, 12 monthly payments,
/// 24 monthly payments, a prepaid month). Two plain monthly plans are tiers of different
/// content, not two ways to pay for one thing, and "Save 75%" between them is wrong copy; so
/// each plan's default reference is the dearest per month among the plans it may be compared
/// with, and a plan has no savings against a reference of its own kind.
enum Savings {
    /// What a plan is, as savings compare plans: its billing period as a length (7 days is
    /// 1 week, 12 months is 1 year) and how it is paid. Plans of one kind are never compared.
    struct Kind: Hashable {
        enum Payment: Hashable {
            /// Every period until cancelled.
            case renewing
            /// A commitment of this many payments.
            case commitment(Int)
            /// Once, not renewed.
            case prepaid
        }

        /// The billing period as the stores compare lengths; the period itself where it has no
        /// such length (never for a checked product, whose counts are bounded).
        let length: PeriodLength?
        let period: SubscriptionPeriod?
        let payment: Payment

        init(_ product: ValidatedProduct) {
            length = product.period.flatMap(PeriodLength.init)
            period = length == nil ? product.period : nil
            switch product.billingPlan {
            case nil: payment = .renewing
            case .commitment(let payments, _, _)?: payment = .commitment(payments)
            case .prepaid?: payment = .prepaid
            }
        }
    }

    /// A subscription, as savings compare it.
    struct Plan {
        let productIdentifier: String?
        let currency: String
        /// Its regular price per month, exactly.
        let pricePerMonth: ExactAmount
        let kind: Kind

        init(_ product: ValidatedProduct) {
            productIdentifier = product.productIdentifier
            currency = product.currency
            pricePerMonth = product.period.map { PaywallMath.price(product.amount, per: $0, in: .month) } ?? .zero
            kind = Kind(product)
        }
    }

    /// What a plan saves: the whole percent, rounded down, and the amount over a year, exact.
    struct Saving {
        let percent: Int
        /// The reference's price for a year less the plan's, exactly (12 months).
        let perYear: ExactAmount
    }

    /// What each plan saves, `nil` for the reference itself, a plan of the reference's kind, a
    /// plan that is not cheaper, one-time purchases (`nil` plans) and plans of a currency
    /// without a reference.
    ///
    /// - Parameter reference: The product identifier of the plan to compare against; when
    ///   `nil`, for each plan the dearest per month of the plans of its currency it may be
    ///   compared with (of another kind). Plans in different currencies are never compared.
    static func savings(_ plans: [Plan?], reference: String?) -> [Saving?] {
        if let reference {
            let named = plans.lazy.compactMap({ $0 }).first(where: { $0.productIdentifier == reference })
            return plans.map { plan in
                guard let plan, let named, plan.currency == named.currency, plan.kind != named.kind else { return nil }
                return saving(plan, against: named.pricePerMonth)
            }
        }
        var dearest = Dearest<Void>()
        for plan in plans.compactMap({ $0 }) { dearest.add(plan, ()) }
        return plans.map { plan in
            guard let plan, let reference = dearest.reference(for: plan) else { return nil }
            return saving(plan, against: reference.pricePerMonth)
        }
    }

    /// Per currency, the dearest plan and the dearest of another kind than that one: every
    /// plan's default reference is one of the two. Plans are added in the paywall's order (of
    /// equally dear plans, the first is the dearest); each carries a tag (where it is).
    struct Dearest<Tag> {
        typealias Entry = (plan: Plan, tag: Tag)
        private(set) var byCurrency: [String: (first: Entry, second: Entry?)] = [:]

        mutating func add(_ plan: Plan, _ tag: Tag) {
            guard let top = byCurrency[plan.currency] else {
                byCurrency[plan.currency] = ((plan, tag), nil)
                return
            }
            if top.first.plan.pricePerMonth < plan.pricePerMonth {
                byCurrency[plan.currency] = ((plan, tag), plan.kind == top.first.plan.kind ? top.second : top.first)
            } else if plan.kind != top.first.plan.kind, top.second.map({ $0.plan.pricePerMonth < plan.pricePerMonth }) ?? true {
                byCurrency[plan.currency]?.second = (plan, tag)
            }
        }

        /// The plan a plan's savings are measured against: the dearest of its currency, or the
        /// dearest of another kind when it is of the dearest's kind; `nil` when there is none.
        func reference(for plan: Plan) -> Plan? {
            guard let top = byCurrency[plan.currency] else { return nil }
            return plan.kind != top.first.plan.kind ? top.first.plan : top.second?.plan
        }
    }

    /// What a plan saves against a reference's price per month; `nil` unless it is at least 1 %.
    private static func saving(_ plan: Plan, against reference: ExactAmount) -> Saving? {
        guard let percent = PaywallMath.percentBelow(plan.pricePerMonth, reference: reference) else { return nil }
        return Saving(percent: percent, perYear: (reference - plan.pricePerMonth) * ExactAmount(12))
    }
}

/// The products a paywall's savings are measured against, found by reading its products one
/// at a time: per territory, for each currency the dearest plan per month and the dearest of
/// another kind (or, with a savings reference, the first plan of that identifier). A paywall
/// too large to hold (a streamed JSON array) renders each part of it beside these products
/// only, and each product's savings are then those of the whole paywall, because every
/// plan's reference is one of them: only these products, and each plan's price per month,
/// currency and kind while it is read, are kept.
struct SavingsReferences {
    private let reference: String?
    private var dearest: [String?: Savings.Dearest<Int>] = [:]
    private var named: [String?: Int] = [:]
    private var items: [Int: ImportedProduct] = [:]

    /// - Parameter reference: ``RenderOptions/savingsReference``.
    init(reference: String?) {
        self.reference = reference
    }

    /// Considers an item of the paywall, at its position among the items (added in order).
    ///
    /// An item is a plan when it was read and checked and has a billing period, as
    /// ``PaywallRenderer`` compares plans; one whose rendering would fail is still counted.
    mutating func add(_ item: ImportedProduct, at index: Int) {
        guard case .success(let product) = item.result, product.model.period != nil else { return }
        let territory = item.source.territory
        let plan = Savings.Plan(product.model)
        if let reference {
            if named[territory] == nil, plan.productIdentifier == reference { named[territory] = index; items[index] = item }
            return
        }
        dearest[territory, default: Savings.Dearest()].add(plan, index)
        // Only the products that are still references are kept.
        let kept = Set(named.values).union(dearest.values.flatMap { $0.byCurrency.values.flatMap { [$0.first.tag] + ($0.second.map { [$0.tag] } ?? []) } })
        if kept.contains(index) { items[index] = item }
        items = items.filter { kept.contains($0.key) }
    }

    /// The reference products with their positions, in the paywall's order.
    var members: [(index: Int, item: ImportedProduct)] {
        items.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}

extension PaywallRenderer {
    /// The products this renderer measures a paywall's savings against (``SavingsReferences``,
    /// with ``RenderOptions/savingsReference``), for a paywall read one product at a time:
    /// `reading` gives each item, with its position among the paywall's items, in order, to
    /// the function it receives. Only the references are kept: `paywall-text render` renders
    /// a JSON array too large to hold a part at a time beside them.
    ///
    /// - Returns: The reference products with their positions, in the paywall's order.
    package func savingsReferences<Failure: Error>(
        reading: (_ add: (_ item: ImportedProduct, _ index: Int) -> Void) throws(Failure) -> Void
    ) throws(Failure) -> [(index: Int, item: ImportedProduct)] {
        var references = SavingsReferences(reference: options.savingsReference)
        try reading { item, index in references.add(item, at: index) }
        return references.members
    }
}
