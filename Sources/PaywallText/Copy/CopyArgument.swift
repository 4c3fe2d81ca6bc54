/// The named arguments a copy message may use, with their kinds: the one declaration that
/// the checks, the renderer and the documentation's table (CopyFolders.md) follow.
///
/// The order of the cases is each argument's ``index``, and the order a message receives
/// the arguments it uses in (``CopyMessageArguments``).
enum CopyArgument: String, CaseIterable, Sendable {
    case price, regularPrice, recurringPrice, recurringPriceShort, period, unit, count, planName
    case pricePerDay, pricePerWeek, pricePerMonth, pricePerYear
    case savings, savingsPercent, savingsAmount
    case offerPrice, offerDuration, offerUnit, offerCount, offerPaymentMode, offerSummary, discount
    case offerTotalDuration, offerPhases, plan

    /// What a product or offer must have for the argument to have a value.
    enum Source: Sendable {
        /// Every product: its price.
        case product
        /// A subscription: its billing period and the prices derived from it.
        case subscription
        /// A plan cheaper per month than the reference plan of its paywall.
        case savings
        /// An offer: the product's introductory offer, or the offer itself.
        case offer
        /// An offer with a discount against the regular price.
        case discount
    }

    /// How a message may use the argument.
    var kind: MessageArgumentKind {
        switch self {
        case .count, .savingsPercent, .offerCount, .offerPhases: .number
        case .unit, .offerUnit, .offerPaymentMode, .plan: .keyword
        default: .text
        }
    }

    /// The values a keyword argument takes (for `select`); empty for the others.
    var keywords: [String] {
        switch self {
        case .unit, .offerUnit: CopyArgument.units
        case .offerPaymentMode: CopyArgument.paymentModes
        case .plan: CopyArgument.plans
        default: []
        }
    }

    private static let units = PeriodUnit.allCases.map(\.rawValue)
    private static let paymentModes = PaymentMode.allCases.map(\.rawValue)
    /// What the buyer agrees to (``plan``): a plan that renews until canceled; a commitment
    /// (an App Store plan with a 12-month commitment, a Google Play installment plan), whose
    /// payments are all due; a prepaid plan, which nothing renews; a one-time purchase.
    static let plans = Agreement.Plan.Kind.allCases.map(\.rawValue)

    var source: Source {
        switch self {
        case .price, .regularPrice, .plan: .product
        case .recurringPrice, .recurringPriceShort, .period, .unit, .count, .planName,
             .pricePerDay, .pricePerWeek, .pricePerMonth, .pricePerYear: .subscription
        case .savings, .savingsPercent, .savingsAmount: .savings
        case .offerPrice, .offerDuration, .offerUnit, .offerCount, .offerPaymentMode, .offerSummary,
             .offerTotalDuration, .offerPhases: .offer
        case .discount: .discount
        }
    }

    /// The argument's position among the cases, as they are declared: its place in
    /// ``CopyValues`` and its bit in a ``CopyArgumentSet``. A search of the cases, compared by
    /// their tags: no table kept beside the declaration.
    var index: Int { CopyArgument.ordered.firstIndex(of: self)! }

    /// The argument's bit in a set of arguments (``CopyArgumentSet``).
    var bit: UInt32 { 1 << UInt32(index) }

    /// Every argument in order, made once (`allCases` makes a new array at each call, and
    /// the renderer goes through them for every product).
    static let ordered: [CopyArgument] = allCases

    /// The names, in order.
    static let names: [String] = allCases.map(\.rawValue)

    /// The name a message gives the argument (`price`).
    var name: String { rawValue }

    /// The arguments an offer gives, in order.
    static let ofOffers: [CopyArgument] = allCases.filter { $0.source == .offer || $0.source == .discount }

    /// The argument of a name, `nil` for a name no copy message receives.
    init?(name: String) {
        self.init(rawValue: name)
    }

    /// The offer arguments that describe its first phase only: beside a whole-offer argument
    /// (``ofWholeOffers``), they are true of an offer of one phase only.
    static let ofFirstPhases: [CopyArgument] = [.offerPrice, .offerDuration, .offerUnit, .offerCount]
    /// The offer arguments that describe the whole offer, every phase.
    static let ofWholeOffers: [CopyArgument] = [.discount, .offerSummary, .offerTotalDuration]

    /// The price per day, week, month or year.
    static func pricePer(_ unit: PeriodUnit) -> CopyArgument {
        switch unit {
        case .day: .pricePerDay
        case .week: .pricePerWeek
        case .month: .pricePerMonth
        case .year: .pricePerYear
        }
    }
}

/// A set of copy arguments, as bits: what a message uses, what a product has.
struct CopyArgumentSet: Hashable, Sendable {
    var bits: UInt32 = 0

    mutating func insert(_ argument: CopyArgument) { bits |= argument.bit }

    func contains(_ argument: CopyArgument) -> Bool { bits & argument.bit != 0 }

    /// Whether `other` has every argument of `self`.
    func isSubset(of other: CopyArgumentSet) -> Bool { bits & ~other.bits == 0 }

    /// The arguments of `self` that `other` lacks, in order.
    func missing(from other: CopyArgumentSet) -> [CopyArgument] {
        isSubset(of: other) ? [] : CopyArgument.ordered.filter { contains($0) && !other.contains($0) }
    }
}
