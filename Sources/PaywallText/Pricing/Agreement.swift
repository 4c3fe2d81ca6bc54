/// What the buyer of one product agrees to (PRODUCT §14–§16), worked out exactly from the
/// checked product and the options before any text is made: how the product is paid for,
/// what cancelling does under the store's rule, the regular charge and its prices per unit,
/// each offer's charges, discounts and length, and, when ``RenderOptions/asOf`` is given,
/// the days it all falls on (``AgreementDates``, with the render's calendar).
///
/// The text of a product is made from this value alone: its sentences, disclosures and copy
/// values format these figures and choose their messages by them, and compute none.
/// Periods are as shown (``RenderOptions/normalization``); amounts are exact, and every
/// amount a text shows is here as the ASCII decimal text handed to ICU.
struct Agreement: Sendable {
    /// How the product is paid for.
    enum Plan: Sendable {
        /// One payment for a product that does not expire.
        case oneTime
        /// The regular price every billing period until cancelled.
        case renewing
        /// A fixed number of payments (an App Store plan with a 12-month commitment, a
        /// Google Play installment plan).
        case commitment(Commitment)
        /// One payment for one billing period, never renewed (a Google Play prepaid plan).
        case prepaid

        /// The kinds of plan, named as copy messages select on them (`plan`, ``CopyArgument/plans``,
        /// in this order).
        enum Kind: String, Sendable, Hashable, CaseIterable {
            case renewing, commitment, prepaid, oneTime
        }

        /// The plan's kind, without its figures.
        var kind: Kind {
            switch self {
            case .oneTime: .oneTime
            case .renewing: .renewing
            case .commitment: .commitment
            case .prepaid: .prepaid
            }
        }

        /// The plan's name as copy messages select on it.
        var keyword: String { kind.rawValue }
    }

    /// A commitment: its payments, its term and what they come to.
    struct Commitment: Sendable {
        /// How many payments the subscriber commits to (12).
        let payments: Int
        /// The whole commitment, in the billing period's unit as shown: 12 monthly payments
        /// are `12 months`, not `1 year`, since the term counts payments.
        let term: SubscriptionPeriod
        /// What the payments come to, exactly.
        let total: ExactAmount
        /// ``total`` as ASCII decimal text with the currency's digits (exact: payments × a
        /// price of those digits has no more).
        let totalText: String
        /// What follows the last payment.
        let renewal: CommitmentRenewal

        /// How many payments the next commitment has: its own count for a new commitment,
        /// else this one's.
        var renewalPayments: Int {
            if case .newCommitment(let next) = renewal { return next }
            return payments
        }
    }

    /// What cancelling does, under the rule of the store that sells the plan.
    enum Cancellation: Sendable, Hashable {
        /// A one-time purchase: there is no subscription to cancel. (Not `none`, which would
        /// read as `Optional.none` where a cancellation is optional.)
        case notASubscription
        /// A prepaid plan: nothing renews, so there is nothing to cancel (Google Play).
        case nothingRenews
        /// A renewing plan: the next renewal does not happen, and access lasts to the end of
        /// the period paid for.
        case stopsNextRenewal
        /// A commitment: the next commitment (or what follows this one) does not begin, and
        /// every payment of the current commitment is still due (Apple: "you agree to complete
        /// all payments until your commitment is fulfilled"; Google Play installments: a
        /// cancellation "only stops the next renewal").
        case stopsNextCommitment

        /// Whether the plan renews until cancelled, so that cancelling is something to say.
        var renews: Bool { self == .stopsNextRenewal || self == .stopsNextCommitment }
    }

    /// One charge of the agreement: an offer's phase, or the regular price.
    struct Charge: Sendable, Equatable {
        /// How a charge is paid.
        enum Kind: Sendable, Hashable {
            /// Nothing is charged.
            case free
            /// One payment for ``Charge/period`` (a pay-up-front phase, a prepaid plan, a
            /// one-time purchase).
            case once
            /// A payment every ``Charge/period``.
            case recurring
        }

        let kind: Kind
        /// The amount of one payment, exactly; zero when free.
        let amount: ExactAmount
        /// ``amount`` as the ASCII decimal text handed to ICU (`9.99`, `0` when free).
        let price: String
        /// How many periods: `nil` until cancelled (a renewing plan's regular price).
        let count: Int?
        /// How often, or what one payment buys, as shown; `nil` for a one-time purchase.
        let period: SubscriptionPeriod?
    }

    /// The price of one day, week, month and year when an amount buys a period, as ASCII
    /// decimal text with the currency's digits, rounded by ``RenderOptions/unitPriceRounding``.
    struct UnitPrices: Sendable {
        let day, week, month, year: String
        /// The period the amount buys: one billing period, or a pay-up-front phase's whole length.
        let period: SubscriptionPeriod
        /// Whether the amount is one payment for ``period`` (a pay-up-front phase), not a
        /// payment every period.
        let paidOnce: Bool

        /// - Parameters:
        ///   - amount: What is paid for `period`.
        ///   - digits: The currency's fraction digits.
        init(_ amount: ExactAmount, per period: SubscriptionPeriod, paidOnce: Bool, digits: Int, rounding: UnitPriceRounding) {
            func price(_ unit: PeriodUnit) -> String {
                PaywallMath.price(amount, per: period, in: unit).decimalText(digits: digits, rounding: rounding)
            }
            day = price(.day)
            week = price(.week)
            month = price(.month)
            year = price(.year)
            self.period = period
            self.paidOnce = paidOnce
        }

        subscript(unit: PeriodUnit) -> String {
            switch unit {
            case .day: day
            case .week: week
            case .month: month
            case .year: year
            }
        }
    }

    /// Which figures that only some fields show are worked out (``RenderOptions/fields``):
    /// exact arithmetic costs little, but a decimal text per unit of time is kept only where
    /// a field or a copy value shows it.
    struct Figures: Sendable {
        /// The regular price per day, week, month and year (`pricePer`).
        var unitPrices = true
        /// Each paid phase's price per day, week, month and year (`offers.phases.pricePer`).
        var phaseUnitPrices = true
    }

    /// What the plan saves against the paywall's reference plan (``Savings``).
    struct Saving: Sendable {
        /// The whole percent, rounded down.
        let percent: Int
        /// What it saves in a year, as decimal text with the currency's digits, rounded
        /// toward zero so that a claim never overstates.
        let perYearText: String
    }

    let plan: Plan
    /// The product's own price: one payment, with the billing period it buys as shown, paid
    /// once (a one-time purchase, a prepaid plan), as many times as a commitment's payments, or
    /// until cancelled.
    let regular: Charge
    /// The regular price per unit of time; `nil` for a one-time purchase or where no field
    /// shows it (``Figures/unitPrices``).
    let unitPrices: UnitPrices?
    /// Each offer, in the product's order (the introductory offer first).
    let offers: [OfferAgreement]
    /// The position of the introductory offer in ``offers``: what a new subscriber buys.
    let introductoryOffer: Int?
    /// What the plan saves against the paywall's reference plan, when the paywall's plans are compared.
    let saving: Saving?
    /// The days the agreement falls on, when ``RenderOptions/asOf`` is given.
    var dates: AgreementDates?

    /// Works out the agreement of a checked product.
    ///
    /// - Parameters:
    ///   - options: The normalization of periods, the rounding of unit prices.
    ///   - saving: What the plan saves, computed over the paywall before any product is rendered.
    ///   - figures: Which figures only some fields show are worked out.
    init(_ product: ValidatedProduct, options: RenderOptions, saving: Savings.Saving?, figures: Figures = Figures()) {
        let normalization = options.normalization
        let period = product.period.map(normalization.normalize)
        switch (product.billingPlan, period) {
        case (_, nil):
            plan = .oneTime
            regular = Charge(kind: .once, amount: product.amount, price: product.price, count: 1, period: nil)
        case (nil, let period?):
            plan = .renewing
            regular = Charge(kind: .recurring, amount: product.amount, price: product.price, count: nil, period: period)
        case (.prepaid?, let period?):
            plan = .prepaid
            regular = Charge(kind: .once, amount: product.amount, price: product.price, count: 1, period: period)
        case (.commitment(let payments, let total, let renewal)?, let period?):
            plan = .commitment(Commitment(
                payments: payments, term: SubscriptionPeriod(unit: period.unit, numberOfUnits: period.numberOfUnits * payments),
                total: total, totalText: total.decimalText(digits: product.digits, rounding: .towardZero), renewal: renewal))
            regular = Charge(kind: .recurring, amount: product.amount, price: product.price, count: payments, period: period)
        }
        unitPrices = figures.unitPrices ? period.map {
            UnitPrices(product.amount, per: $0, paidOnce: false, digits: product.digits, rounding: options.unitPriceRounding)
        } : nil
        if let period {
            // Every offer's phases in one array, each offer a view of its own: two arrays per
            // product, none per offer.
            var phases: [PhaseCharge] = []
            phases.reserveCapacity(product.offers.reduce(0) { $0 + $1.phases.count })
            for offer in product.offers {
                for phase in offer.phases {
                    phases.append(PhaseCharge(phase, regular: product.amount, per: period, digits: product.digits, options: options,
                                              unitPrices: figures.phaseUnitPrices))
                }
            }
            var first = 0
            offers = product.offers.map { offer in
                defer { first += offer.phases.count }
                return OfferAgreement(offer, phases: phases[first..<first + offer.phases.count], regular: product.amount, per: period,
                                      normalization: normalization)
            }
        } else {
            // A one-time purchase: validation allows no offers on it.
            offers = []
        }
        introductoryOffer = product.offers.firstIndex { $0.type == .introductory }
        self.saving = saving.map { saving in
            Saving(percent: saving.percent, perYearText: saving.perYear.decimalText(digits: product.digits, rounding: .towardZero))
        }
    }

    /// What cancelling does: stop the next renewal of a renewing plan; stop the next
    /// commitment, every payment of the current one still due, for a commitment; nothing for a
    /// prepaid plan or a one-time purchase, which do not renew.
    var cancellation: Cancellation {
        switch plan {
        case .oneTime: .notASubscription
        case .renewing: .stopsNextRenewal
        case .commitment: .stopsNextCommitment
        case .prepaid: .nothingRenews
        }
    }

    /// The commitment, for a commitment plan.
    var commitment: Commitment? {
        if case .commitment(let commitment) = plan { return commitment }
        return nil
    }

    /// What a new buyer is charged, in order: the introductory offer's phases, if any, then
    /// the regular price (a commitment's payments; once for a prepaid plan or a one-time
    /// purchase; until cancelled for a renewing plan).
    var charges: [Charge] {
        guard let introductoryOffer else { return [regular] }
        return offers[introductoryOffer].phases.map(\.charge) + [regular]
    }
}

/// What one offer charges (PRODUCT §15): its phases in order, its discount and its length.
struct OfferAgreement: Sendable {
    /// An offer's phases in order, indexed from 0: a view of the product's phases.
    struct Phases: RandomAccessCollection, Sendable {
        fileprivate let base: ArraySlice<PhaseCharge>

        var startIndex: Int { 0 }
        var endIndex: Int { base.count }
        subscript(position: Int) -> PhaseCharge { base[base.startIndex + position] }
    }

    /// The offer's phases, in order.
    let phases: Phases
    /// For an offer of several phases, its whole length as shown (see ``length``).
    private let severalPhasesLength: [SubscriptionPeriod]
    /// For an offer of several phases, what the whole offer charges and what the regular price
    /// charges over the same time (``PaywallMath/wholeOffer(_:regularPrice:per:)``); `nil` for
    /// one phase, whose discount is its own (exact arithmetic reduces fractions, which costs a
    /// render measurable time, so it is not worked out where nothing shows it).
    let whole: (charged: ExactAmount, regular: ExactAmount)?
    /// The offer's discount: its one phase's, or for several phases the whole offer's against
    /// the regular price over the same time; `nil` for an offer free throughout, or less than 1 %.
    let discount: Int?

    /// Whether nothing is charged in any phase.
    var allFree: Bool { phases.allSatisfy { $0.charge.kind == .free } }

    /// The whole offer's length as shown: its one phase's duration, or each unit's total of
    /// several phases, the largest unit first (``PeriodNormalization/total(_:)``: 1 week then
    /// 3 months is `[3 months, 1 week]`).
    var length: [SubscriptionPeriod] { phases.count == 1 ? [phases[0].duration] : severalPhasesLength }

    /// - Parameters:
    ///   - phases: The offer's phases' charges, in order.
    ///   - regular: The regular price, for `period`.
    init(
        _ offer: ValidatedOffer, phases: ArraySlice<PhaseCharge>, regular: ExactAmount, per period: SubscriptionPeriod,
        normalization: PeriodNormalization
    ) {
        self.phases = Phases(base: phases)
        if phases.count == 1 {
            severalPhasesLength = []
            whole = nil
            discount = phases.first?.discount
        } else {
            severalPhasesLength = normalization.total(offer.phases.map(\.duration))
            let whole = PaywallMath.wholeOffer(offer.phases, regularPrice: regular, per: period)
            self.whole = whole
            discount = phases.allSatisfy { $0.charge.kind == .free } ? nil
                : PaywallMath.percentBelow(whole.charged, reference: whole.regular)
        }
    }
}

/// One phase of an offer: what it charges, for how long, and against the regular price.
struct PhaseCharge: Sendable {
    /// What the phase charges: free; once for its whole length (pay up front); or its price
    /// every period, ``Agreement/Charge/count`` times (pay as you go).
    let charge: Agreement.Charge
    /// How the store names the way it is paid.
    let paymentMode: PaymentMode
    /// How many billing periods the phase lasts (1 for a pay-up-front phase of one period).
    let numberOfPeriods: Int
    /// One billing period, as shown.
    let period: SubscriptionPeriod
    /// The whole phase, as shown.
    let duration: SubscriptionPeriod
    /// The whole percent the phase's price is below the regular price for the same time (per
    /// period for pay as you go, over the whole phase for pay up front), rounded down; `nil`
    /// when free or less than 1 %.
    let discount: Int?
    /// The phase's price per unit of time: per period, or for a pay-up-front phase its one
    /// payment over its length; `nil` for a free phase, or when no field shows them.
    let unitPrices: Agreement.UnitPrices?

    init(_ phase: ValidatedPhase, regular: ExactAmount, per regularPeriod: SubscriptionPeriod, digits: Int, options: RenderOptions,
         unitPrices wanted: Bool) {
        let period = options.normalization.normalize(phase.period)
        let duration = options.normalization.normalize(phase.duration)
        self.period = period
        self.duration = duration
        paymentMode = phase.paymentMode
        numberOfPeriods = phase.numberOfPeriods
        switch phase.paymentMode {
        case .freeTrial:
            charge = Agreement.Charge(kind: .free, amount: phase.amount, price: phase.price, count: phase.numberOfPeriods, period: period)
            discount = nil
            unitPrices = nil
        case .payAsYouGo:
            charge = Agreement.Charge(kind: .recurring, amount: phase.amount, price: phase.price, count: phase.numberOfPeriods,
                                      period: period)
            // Per period, against the regular price for the same length of time.
            discount = PaywallMath.percentBelow(phase.amount, reference: PaywallMath.price(regular, per: regularPeriod, over: period))
            unitPrices = wanted ? Agreement.UnitPrices(phase.amount, per: period, paidOnce: false, digits: digits,
                                                       rounding: options.unitPriceRounding) : nil
        case .payUpFront:
            charge = Agreement.Charge(kind: .once, amount: phase.amount, price: phase.price, count: 1, period: duration)
            // One price for the whole phase, against the regular price over the whole phase.
            discount = PaywallMath.percentBelow(phase.amount, reference: PaywallMath.price(regular, per: regularPeriod, over: duration))
            unitPrices = wanted ? Agreement.UnitPrices(phase.amount, per: duration, paidOnce: true, digits: digits,
                                                       rounding: options.unitPriceRounding) : nil
        }
    }
}
