/// The price of one day, week, month and year of a plan or an offer phase, each worked
/// out exactly and rounded to the currency's digits (toward zero unless
/// ``RenderOptions/unitPriceRounding`` says otherwise).
public struct PricePer: Sendable, Hashable {
    /// The price of one day.
    public var day: UnitPrice
    /// The price of one week.
    public var week: UnitPrice
    /// The price of one month (a month is 365/12 days).
    public var month: UnitPrice
    /// The price of one year (365 days).
    public var year: UnitPrice

    /// Creates prices per unit.
    public init(day: UnitPrice, week: UnitPrice, month: UnitPrice, year: UnitPrice) {
        self.day = day
        self.week = week
        self.month = month
        self.year = year
    }

    /// The price of one `unit`.
    public subscript(unit: PeriodUnit) -> UnitPrice {
        switch unit {
        case .day: day
        case .week: week
        case .month: month
        case .year: year
        }
    }
}

/// The price of one unit of time.
public struct UnitPrice: Sendable, Hashable {
    /// The formatted price: `$4.49`.
    public var price: String
    /// The same figure as ASCII decimal text with the currency's digits, for clients that
    /// compute: `4.49`, `160.00`, `1200`.
    public var amount: String
    /// The price with its unit, from the catalog's `recurringPrice`: `$4.49/month`.
    public var recurringPrice: String
    /// The price with its unit and what is billed, from the catalog's `billedPrice`:
    /// `$4.49/month, billed annually at $53.99`; for a phase paid up front, from
    /// `billedPrice.once`: `$0.16/day, one payment of $29.99 for 6 months`. `nil` when the
    /// billing period (or the phase paid up front) is exactly one of this unit.
    public var billed: String?

    /// Creates a unit price.
    public init(price: String, amount: String, recurringPrice: String, billed: String?) {
        self.price = price
        self.amount = amount
        self.recurringPrice = recurringPrice
        self.billed = billed
    }
}

/// A percentage with its text and its badge: a plan's savings against another plan, or an
/// offer's discount against the regular price.
///
/// The percent is computed from exact prices and rounded down, so that a claim never
/// overstates: 35.64 % is `35`.
public struct PercentText: Sendable, Hashable {
    /// The whole percent: `35`.
    public var percent: Int
    /// The percent formatted by ICU for the locale: `35%`, `35 %` (French), `%35` (Turkish).
    public var text: String
    /// The badge, from the catalog: `Save 35%` (savings), `80% off` (discount).
    public var headline: String
    /// For savings, what the plan saves in a year against the reference, as a price rounded
    /// toward zero (`$30.00`); `nil` for a discount.
    public var amount: String?
    /// For savings, the catalog's line for ``amount``: `Save $30.00 a year`; `nil` for a discount.
    public var amountHeadline: String?

    /// Creates a percentage.
    public init(percent: Int, text: String, headline: String, amount: String? = nil, amountHeadline: String? = nil) {
        self.percent = percent
        self.text = text
        self.headline = headline
        self.amount = amount
        self.amountHeadline = amountHeadline
    }
}

/// One phase of an offer, in one locale.
public struct RenderedPhase: Sendable, Hashable {
    /// How the subscriber pays during the phase.
    public var paymentMode: PaymentMode
    /// The phase price: `$1.99`, or the catalog's word for free.
    public var price: String
    /// One billing period of the phase: `1 month`.
    public var period: String
    /// The whole phase: `3 months`.
    public var duration: String
    /// The phase as a sentence of its own: `Free for 1 week`, `$1.99/month for 3 months`.
    public var headline: String
    /// The phase's discount against the regular price over the same time; `nil` for a
    /// free trial or a phase that is not cheaper.
    public var discount: PercentText?
    /// The phase's price per day, week, month and year; `nil` for a free trial.
    public var pricePer: PricePer?
    // Asked for with ``RenderOptions/include``, as the product's are (<doc:SpokenTextAndParts>).
    /// The phase's fields as a screen reader should say them, where that differs from the
    /// text (`headline`); empty unless ``RenderOptions/Include/spoken`` was asked for.
    public var spoken = FieldMap<String>()
    /// The phase's text fields as runs with their roles; empty unless
    /// ``RenderOptions/Include/parts`` was asked for.
    public var parts = FieldMap<[TextRun]>()
    /// The phase's fields in another language than the product's ``RenderedProduct/language``.
    public var fieldLanguages = FieldMap<TextLanguage>()

    /// Creates a rendered phase.
    public init(
        paymentMode: PaymentMode, price: String, period: String, duration: String, headline: String,
        discount: PercentText?, pricePer: PricePer?
    ) {
        self.paymentMode = paymentMode
        self.price = price
        self.period = period
        self.duration = duration
        self.headline = headline
        self.discount = discount
        self.pricePer = pricePer
    }
}
