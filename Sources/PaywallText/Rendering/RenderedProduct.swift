/// The text of one product in one locale.
public struct RenderedProduct: Sendable, Hashable {
    /// The display locale as a BCP 47 tag (`en-US`).
    public var locale: String
    /// The catalog that supplied the sentences (`pt` for `pt-BR`, `en` for `sw-KE`).
    public var catalog: String
    /// The product's identifier, as given.
    public var productIdentifier: String?
    /// The ISO 4217 code of the prices, from `currencyCode` or the `priceLocale` (`USD`).
    public var currencyCode: String
    /// The regular price: `$9.99`.
    public var price: String
    /// The billing period: `1 month`; `nil` for a one-time purchase.
    public var period: String?
    /// The price with its period: `$9.99/month`, `$24.99 every 3 months`; `nil` for a one-time
    /// purchase and a prepaid plan (nothing recurs).
    public var recurringPrice: String?
    /// The price with its period in short, where space is tight: `$9.99/mo`, `$24.99/3 mos`;
    /// `nil` for a one-time purchase and a prepaid plan.
    public var recurringPriceShort: String?
    /// The plan's name from its billing period: `Monthly`, `Every 2 weeks`, `Quarterly`,
    /// `Annual`; `nil` for a one-time purchase.
    public var planName: String?
    /// The regular price per day, week, month and year; `nil` for a one-time purchase.
    public var pricePer: PricePer?
    /// The savings against the dearest plan of the same currency in a batch (or the one
    /// named by ``RenderOptions/savingsReference``); `nil` when rendered alone, for the
    /// reference itself, and for a plan that is not cheaper per month.
    public var savings: PercentText?
    /// The renewal terms: `Renews automatically at $9.99/month until canceled.`; for a billing
    /// plan, the plan's terms (`You commit to 12 monthly payments of €4.99, …`); `nil` for a
    /// one-time purchase.
    public var terms: String?
    /// The introductory offer first, then the other offers in input order.
    public var offers: [RenderedOffer]
    /// Your own messages (``PaywallCopy``) rendered for this product, by key, with the
    /// arguments of its introductory offer; `nil` when the renderer has no copy folder. A
    /// message that needs an argument the product lacks is left out and named in
    /// ``copyWarnings``.
    public var copy: [String: String]?
    /// What happened to the copy messages: each left out (its key and the argument the
    /// product lacks), each shown in the source language (its key, missing from the
    /// language's file), for the product's copy and its offers' (`offers[1].copy.winBack`).
    public var copyWarnings: [ProductWarning]
    /// The fields the render was asked for (``RenderOptions/fields``): what
    /// ``visitFields(_:)`` visits; `nil` for every field.
    public internal(set) var selection: FieldSelection? = nil
    /// The first charge and the first charge at the regular price, when
    /// ``RenderOptions/asOf`` is given; `nil` without it and for a one-time purchase.
    public var dates: ProductDates? = nil
    /// The text of the product's billing plan (a commitment or a prepaid plan); `nil` for a
    /// plain subscription and a one-time purchase. With a plan, ``terms`` are the plan's
    /// terms, ``planName`` the plan's name, and a prepaid plan has no ``recurringPrice``.
    public var billingPlan: RenderedBillingPlan?
    // Asked for with ``RenderOptions/include`` (<doc:SpokenTextAndParts>).
    /// The language and direction of the result's text (the catalog's); `nil` unless
    /// ``RenderOptions/Include/spoken`` or ``RenderOptions/Include/parts`` was asked for.
    public var language: TextLanguage?
    /// Each field as a screen reader should say it, where that differs from the text
    /// (`recurringPrice`: `9.99 US dollars per month`); empty unless
    /// ``RenderOptions/Include/spoken`` was asked for.
    public var spoken = FieldMap<String>()
    /// Each text field as runs with their roles (`recurringPrice`: `$9.99` ``TextRole/regularPrice``,
    /// then `/month`); empty unless ``RenderOptions/Include/parts`` was asked for.
    public var parts = FieldMap<[TextRun]>()
    /// The fields in another language than ``language`` (a message that fell back to its
    /// source language), each with its own.
    public var fieldLanguages = FieldMap<TextLanguage>()
    /// The store whose rules ``disclosures`` follow: ``RenderOptions/store``, else the store
    /// the product's document came from, else the App Store; `nil` unless disclosures are
    /// included (``RenderOptions/Include/disclosures``).
    public var store: Store?
    /// What the store requires the purchase screen to say, in order (``Disclosure/Role``):
    /// the purchase of the plan with its introductory offer, if it has one (what a new
    /// subscriber gets); `nil` unless included (``RenderOptions/Include/disclosures``).
    public var disclosures: [Disclosure]?

    /// Creates a result.
    public init(
        locale: String, catalog: String, productIdentifier: String?, currencyCode: String, price: String,
        period: String?, recurringPrice: String?, recurringPriceShort: String? = nil, planName: String? = nil,
        pricePer: PricePer? = nil, savings: PercentText? = nil, terms: String? = nil, offers: [RenderedOffer],
        copy: [String: String]? = nil, copyWarnings: [ProductWarning] = [],
        billingPlan: RenderedBillingPlan? = nil
    ) {
        self.locale = locale
        self.catalog = catalog
        self.productIdentifier = productIdentifier
        self.currencyCode = currencyCode
        self.price = price
        self.period = period
        self.recurringPrice = recurringPrice
        self.recurringPriceShort = recurringPriceShort
        self.planName = planName
        self.pricePer = pricePer
        self.savings = savings
        self.terms = terms
        self.offers = offers
        self.copy = copy
        self.copyWarnings = copyWarnings
        self.billingPlan = billingPlan
    }
}

/// The text of one offer in one locale.
///
/// ``price``, ``period``, ``duration`` and ``paymentMode`` describe the offer's first
/// phase (its only one, for a StoreKit offer); ``phases`` lists every phase.
public struct RenderedOffer: Sendable, Hashable {
    /// The kind of offer.
    public var type: DiscountType
    /// The offer's identifier, as given.
    public var identifier: String?
    /// How the subscriber pays during the (first) phase.
    public var paymentMode: PaymentMode
    /// The (first) phase's price: `$1.99`, or the catalog's word for free (`Free`).
    public var price: String
    /// One billing period of the (first) phase: `1 month`.
    public var period: String
    /// The whole offer's length, normalized: its one phase's period × number of periods
    /// (`3 months`), or for several phases their lengths together, in ICU's words for a list
    /// (`3 months and 1 week`); each phase's own length is in ``phases``.
    public var duration: String
    /// The offer's large text: `1 week free`, `$1.99/month for 3 months`,
    /// `3 months for $4.99, paid once`; for several phases, every phase in order.
    public var headline: String
    /// One line saying what is paid during and after the offer:
    /// `Free for 1 week, then $9.99/month`.
    public var summary: String
    /// The renewal terms after the offer: `After the free trial, the subscription renews
    /// automatically at $9.99/month until canceled.`
    public var terms: String
    /// The discount of the first phase that has one; `nil` for a free trial, or an offer
    /// that is not cheaper than the regular price.
    public var discount: PercentText?
    /// Every phase, in order.
    public var phases: [RenderedPhase]
    /// The plan's regular price, the same as ``RenderedProduct/price``, for a struck-through
    /// "was" price beside the offer's: `$9.99`.
    public var regularPrice: String
    /// Your own messages (``PaywallCopy``) rendered with this offer's arguments, by key;
    /// `nil` when the renderer has no copy folder. Messages left out are named in the
    /// product's ``RenderedProduct/copyWarnings``.
    public var copy: [String: String]?
    /// ``headline`` with the day the offer ends instead of its length: `Free until February
    /// 28, 2026`; `nil` unless ``RenderOptions/asOf`` is given.
    public var datedHeadline: String? = nil
    /// ``summary`` with the day the offer ends: `Free until February 28, 2026, then
    /// $9.99/month`; `nil` unless ``RenderOptions/asOf`` is given.
    public var datedSummary: String? = nil
    /// The day the offer ends, when ``RenderOptions/asOf`` is given.
    public var dates: OfferDates? = nil
    // Asked for with ``RenderOptions/include``, as the product's are (<doc:SpokenTextAndParts>).
    /// The offer's fields as a screen reader should say them, where that differs from the
    /// text (`summary`); empty unless ``RenderOptions/Include/spoken`` was asked for.
    public var spoken = FieldMap<String>()
    /// The offer's text fields as runs with their roles; empty unless
    /// ``RenderOptions/Include/parts`` was asked for.
    public var parts = FieldMap<[TextRun]>()
    /// The offer's fields in another language than the product's ``RenderedProduct/language``.
    public var fieldLanguages = FieldMap<TextLanguage>()
    /// What the store requires the purchase screen to say when the plan is bought with this
    /// offer, in order (``Disclosure/Role``); `nil` unless included
    /// (``RenderOptions/Include/disclosures``).
    public var disclosures: [Disclosure]?

    /// Creates a result.
    public init(
        type: DiscountType, identifier: String?, paymentMode: PaymentMode, price: String, period: String,
        duration: String, headline: String, summary: String, terms: String = "", discount: PercentText? = nil,
        phases: [RenderedPhase] = [], regularPrice: String = "", copy: [String: String]? = nil
    ) {
        self.type = type
        self.identifier = identifier
        self.paymentMode = paymentMode
        self.price = price
        self.period = period
        self.duration = duration
        self.headline = headline
        self.summary = summary
        self.terms = terms
        self.discount = discount
        self.phases = phases
        self.regularPrice = regularPrice
        self.copy = copy
    }
}
