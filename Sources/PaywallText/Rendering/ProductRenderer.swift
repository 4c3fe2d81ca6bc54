/// Turns a checked product into every string of one locale: its periods as shown, then
/// formatted pieces (prices, periods, percentages), then the catalog's sentences built
/// from them.
struct ProductRenderer {
    /// The formatters and messages of the locale, for this render alone.
    let context: RenderContext
    let options: RenderOptions
    /// The locale as results name it (``DisplayLocale/identifier``).
    let locale: String

    var messages: MessageSet { context.messages }

    /// The regular price, as every offer sentence and the terms refer to it.
    struct Regular {
        let price: String
        /// The price as the product's own field shows it (``RenderedOffer/regularPrice``).
        let standalonePrice: String
        let amount: ExactAmount
        let period: SubscriptionPeriod
        let periodText: String
        let recurringPrice: String
    }

    /// - Parameter origin: The store and territory of the product's document, which its
    ///   disclosures follow unless ``RenderOptions/store`` names the store.
    func render(_ product: ValidatedProduct, origin: DocumentOrigin = DocumentOrigin()) throws(PaywallTextError) -> RenderedProduct {
        try render(product, origin: origin, collectingCopy: false).text
    }

    /// Renders a product and, when `collectingCopy`, the values its copy messages receive:
    /// the very pieces its fields and sentences are made of (``ProductCopyValues``).
    func render(
        _ product: ValidatedProduct, origin: DocumentOrigin = DocumentOrigin(), collectingCopy: Bool
    ) throws(PaywallTextError) -> (text: RenderedProduct, copy: ProductCopyValues?) {
        let normalization = options.normalization
        let formatter = try context.priceFormatter(currency: product.currency, path: "price")
        let price = try context.price(product.price, with: formatter, role: .regularPrice, path: "price")
        let store = options.store ?? origin.store ?? .appStore
        guard let billing = product.period.map(normalization.normalize) else {
            // A one-time purchase: validation allows no offers on it.
            var text = RenderedProduct(locale: locale, catalog: context.catalog,
                                       productIdentifier: product.productIdentifier, currencyCode: product.currency,
                                       price: price, period: nil, recurringPrice: nil, offers: [])
            if let writer = try disclosureWriter(product, store: store, territory: origin.territory, length: nil, price: price) {
                text.store = store
                text.disclosures = try writer.disclosures(autoRenew: nil, trial: nil)
            }
            guard collectingCopy else { return (text, nil) }
            let piece = try context.sentencePrice(product.price, with: formatter, standalone: price, role: .regularPrice, path: "price")
            return (text, ProductCopyValues(price: piece, isolatesPieces: messages.isRightToLeft))
        }
        let periodText = try context.periodText(billing, role: .period, path: "subscriptionPeriod")
        let piece = try context.sentencePrice(product.price, with: formatter, standalone: price, role: .regularPrice, path: "price")
        let regular = Regular(price: piece, standalonePrice: price, amount: product.amount, period: billing, periodText: periodText,
                              recurringPrice: try recurring(price: piece, period: billing, periodText: periodText))
        let pricePer = try unitPrices(of: product.amount, billed: piece, period: billing, periodText: periodText,
                                      digits: product.digits, formatter: formatter, path: "price")
        let periodArguments = PeriodArguments(period: periodText, count: billing.numberOfUnits, unit: billing.unit.rawValue)
        let writer = try disclosureWriter(product, store: store, territory: origin.territory, length: periodArguments, price: regular.recurringPrice)
        var offers: [RenderedOffer] = []
        offers.reserveCapacity(product.offers.count)
        var offerCopy: [OfferCopyValues] = []
        for offer in product.offers {
            let (text, copy) = try render(offer, regular: regular, digits: product.digits, formatter: formatter,
                                          disclosures: writer, collectingCopy: collectingCopy)
            offers.append(text)
            if let copy { offerCopy.append(copy) }
        }
        let planName = try messages.format(Messages.planName, periodArguments)
        let renewal = try renewalTerms(Messages.termsRenewal, regular: regular)
        var text: RenderedProduct
        if let plan = product.billingPlan {
            // Its own name, terms and text (BillingPlanText.swift).
            text = try render(plan, of: product, regular: regular, planName: planName, price: price, pricePer: pricePer,
                              formatter: formatter)
        } else {
            text = RenderedProduct(locale: locale, catalog: context.catalog,
                                   productIdentifier: product.productIdentifier, currencyCode: product.currency,
                                   price: price, period: periodText, recurringPrice: regular.recurringPrice,
                                   recurringPriceShort: try recurringShort(price: piece, period: billing), planName: planName,
                                   pricePer: pricePer, terms: try withHint(renewal), offers: offers)
        }
        if let writer {
            text.store = store
            // What a new subscriber buys: the plan with its introductory offer, when it has one.
            if let index = product.offers.firstIndex(where: { $0.type == .introductory }), let intro = offers[index].disclosures {
                text.disclosures = intro
            } else if product.billingPlan != nil {
                // A plan's own terms say what is charged and what follows; a prepaid plan renews nothing.
                text.disclosures = try writer.disclosures(autoRenew: product.isPrepaid ? nil : text.terms, trial: nil)
            } else {
                text.disclosures = try writer.disclosures(autoRenew: renewal, trial: nil)
            }
        }
        // A prepaid plan is charged once and never renews: it has no dates to count.
        if let start = options.asOf, !product.isPrepaid {
            text.dates = try dates(of: product, offers: offers, from: start)
            if case .commitment(let payments, _, _) = product.billingPlan {
                try addCommitmentEnd(to: &text, product, payments: payments, from: start)
            }
        }
        guard collectingCopy else { return (text, nil) }
        var copy = ProductCopyValues(price: piece, isolatesPieces: messages.isRightToLeft)
        // A prepaid plan has no recurring price: a message that needs one is left out, with a warning.
        if let recurring = text.recurringPrice { copy.product.set(.recurringPrice, text: recurring) }
        if let short = text.recurringPriceShort { copy.product.set(.recurringPriceShort, text: short) }
        copy.product.set(.period, text: periodText)
        copy.product.set(.unit, keyword: billing.unit.rawValue)
        copy.product.set(.count, number: billing.numberOfUnits)
        copy.product.set(.planName, text: text.planName ?? planName)
        for unit in PeriodUnit.allCases {
            // The piece placed in sentences: the field itself unless the sentences need another form.
            let perUnit = pricePer[unit]
            copy.product.set(.pricePer(unit), text: try context.sentencePrice(perUnit.amount, with: formatter, standalone: perUnit.price, role: .unitPrice, path: "price"))
        }
        copy.offers = offerCopy
        copy.introductoryOffer = product.offers.firstIndex { $0.type == .introductory }
        return (text, copy)
    }

    /// The writer of the product's disclosures, when they are included.
    private func disclosureWriter(
        _ product: ValidatedProduct, store: Store, territory: String?, length: PeriodArguments?, price: String
    ) throws(PaywallTextError) -> DisclosureWriter? {
        guard options.include.contains(.disclosures) else { return nil }
        // A storefront set on the options directly (not through `set(.storefront, …)`) is
        // checked here: an unknown code is an error, never a silent fallback to the locale's.
        if let option = options.storefront, ICU.Region.territory(option) == nil {
            throw PaywallTextError(.invalidValue, path: "storefront",
                                   message: "unknown territory \(quoted(option)); expected an ISO 3166-1 code such as DE or DEU")
        }
        let title = product.names?.name(display: context.display.icuID, sentence: context.sentence.icuID)
        let storefront = StorefrontLaw.territory(document: territory, option: options.storefront, display: context.display)
        return DisclosureWriter(messages: messages, store: store, title: title, length: length, price: price,
                                ordersButton: storefront.map(StorefrontLaw.requiresOrderButton) ?? false)
    }

    // MARK: - Offers

    /// A phase's pieces and its clause, before the offer's sentences join them.
    struct PhaseText {
        let rendered: RenderedPhase
        let clause: String
        let arguments: OfferArguments
        let recurringOfferPrice: String?
    }

    private func render(
        _ offer: ValidatedOffer, regular: Regular, digits: Int, formatter: RenderContext.PriceFormatter,
        disclosures writer: DisclosureWriter?, collectingCopy: Bool
    ) throws(PaywallTextError) -> (text: RenderedOffer, copy: OfferCopyValues?) {
        var phases: [PhaseText] = []
        phases.reserveCapacity(offer.phases.count)
        for phase in offer.phases {
            // The periods as shown: 7 days as 1 week, 12 months as 1 year (unless switched off).
            phases.append(try render(phase, period: options.normalization.normalize(phase.period),
                                     duration: options.normalization.normalize(phase.duration), regular: regular,
                                     digits: digits, formatter: formatter))
        }
        let first = phases[0]
        let headline: String, summary: String
        var joined: String?
        if phases.count == 1 {
            (headline, summary) = try sentences(of: offer.paymentMode, first.arguments, recurringOfferPrice: first.recurringOfferPrice)
        } else {
            // Every phase in order, then (in the summary) the regular price.
            let clauses = try join(phases.map(\.clause))
            joined = clauses
            headline = try context.capitalizingSentence(clauses)
            summary = try context.capitalizingSentence(try join([clauses, regular.recurringPrice]))
        }
        let allFree = offer.phases.allSatisfy(\.isFree)
        let terms = try renewalTerms(allFree ? Messages.termsAfterFreeTrial : Messages.termsAfterOffer, regular: regular)
        var text = RenderedOffer(
            type: offer.type, identifier: offer.identifier, paymentMode: offer.paymentMode,
            price: first.rendered.price, period: first.rendered.period, duration: first.rendered.duration,
            headline: headline, summary: summary,
            terms: try withHint(terms),
            discount: try discount(of: offer, phases: phases, regular: regular, allFree: allFree),
            phases: phases.map(\.rendered))
        text.regularPrice = regular.standalonePrice
        if let start = options.asOf {
            try addDates(to: &text, offer, phases: phases, joinedClauses: joined, regular: regular, from: start)
        }
        if let writer {
            var trial: TrialConversionArguments?
            if offer.phases[0].isFree {
                // What the trial turns into: the offer's next phases, then the regular price.
                let charges = phases.count == 1 ? regular.recurringPrice : try join(phases.dropFirst().map(\.clause) + [regular.recurringPrice])
                trial = TrialConversionArguments(duration: first.rendered.duration, count: first.arguments.count,
                                                 unit: first.arguments.unit, charges: charges)
            }
            // With dates, the day the free phase ends: the first charge.
            let trialEnds = if trial != nil, let start = options.asOf {
                context.datePiece(try context.day(after: [offer.phases[0].duration], from: start, in: options.timeZone, path: offer.path))
            } else {
                String?.none
            }
            text.disclosures = try writer.disclosures(autoRenew: terms, trial: trial, trialEnds: trialEnds)
        }
        guard collectingCopy else { return (text, nil) }
        // The first phase's pieces as its sentences received them; the summary and discount of the whole offer.
        return (text, OfferCopyValues(price: first.arguments.price, duration: first.arguments.duration, unit: first.arguments.unit,
                                      count: first.arguments.count, paymentMode: first.rendered.paymentMode.rawValue,
                                      summary: summary, discount: text.discount?.text))
    }

    /// An offer's discount: its one phase's, or for several phases what the whole offer
    /// charges against the regular price over the same time (PRODUCT §15); none for an
    /// offer that is free throughout.
    private func discount(
        of offer: ValidatedOffer, phases: [PhaseText], regular: Regular, allFree: Bool
    ) throws(PaywallTextError) -> PercentText? {
        guard phases.count > 1 else { return phases[0].rendered.discount }
        guard !allFree else { return nil }
        let whole = PaywallMath.wholeOffer(offer.phases, regularPrice: regular.amount, per: regular.period)
        return try discount(whole.charged, against: whole.regular)
    }

    /// - Parameters:
    ///   - period: One billing period, as shown.
    ///   - duration: The whole phase, as shown.
    private func render(
        _ phase: ValidatedPhase, period: SubscriptionPeriod, duration: SubscriptionPeriod, regular: Regular,
        digits: Int, formatter: RenderContext.PriceFormatter
    ) throws(PaywallTextError) -> PhaseText {
        let periodText = try context.periodText(period, role: .period, path: phase.path + ".subscriptionPeriod")
        let durationText = try context.periodText(duration, role: .duration, path: phase.path)
        let price = phase.isFree ? context.free
            : try context.price(phase.price, with: formatter, role: .offerPrice, path: phase.path + ".price")
        let piece = phase.isFree ? price
            : try context.sentencePrice(phase.price, with: formatter, standalone: price, role: .offerPrice, path: phase.path + ".price")
        let arguments = OfferArguments(
            price: piece, period: periodText, periods: phase.numberOfPeriods, duration: durationText,
            count: duration.numberOfUnits, unit: duration.unit.rawValue,
            regularPrice: regular.price, recurringPrice: regular.recurringPrice)

        let clause: String
        var recurringOfferPrice: String?
        var discount: PercentText?
        var pricePer: PricePer?
        switch phase.paymentMode {
        case .freeTrial:
            clause = try messages.format(Messages.freeTrialPhase, arguments)
        case .payAsYouGo:
            let recurringPrice = try recurring(price: piece, period: period, periodText: periodText)
            recurringOfferPrice = recurringPrice
            clause = try messages.format(Messages.payAsYouGoPhase, PayAsYouGoArguments(offer: arguments, recurringOfferPrice: recurringPrice))
            // Per period, against the regular price for the same length of time.
            discount = try self.discount(phase.amount, against: PaywallMath.price(regular.amount, per: regular.period, over: period))
            pricePer = try unitPrices(of: phase.amount, billed: piece, period: period, periodText: periodText,
                                      digits: digits, formatter: formatter, path: phase.path + ".price")
        case .payUpFront:
            clause = try messages.format(Messages.payUpFrontPhase, arguments)
            // One price for the whole phase, against the regular price over the whole phase.
            discount = try self.discount(phase.amount, against: PaywallMath.price(regular.amount, per: regular.period, over: duration))
            pricePer = try unitPrices(of: phase.amount, billed: piece, period: duration, periodText: durationText,
                                      digits: digits, formatter: formatter, path: phase.path + ".price")
        }
        let rendered = RenderedPhase(paymentMode: phase.paymentMode, price: price, period: periodText, duration: durationText,
                                     headline: try context.capitalizingSentence(clause), discount: discount, pricePer: pricePer)
        return PhaseText(rendered: rendered, clause: clause, arguments: arguments, recurringOfferPrice: recurringOfferPrice)
    }

    /// The headline and summary of an offer of one phase.
    private func sentences(
        of mode: PaymentMode, _ arguments: OfferArguments, recurringOfferPrice: String?
    ) throws(PaywallTextError) -> (headline: String, summary: String) {
        switch mode {
        case .freeTrial:
            return (try messages.format(Messages.freeTrialHeadline, arguments),
                    try messages.format(Messages.freeTrialSummary, arguments))
        case .payAsYouGo:
            let payAsYouGo = PayAsYouGoArguments(offer: arguments, recurringOfferPrice: recurringOfferPrice ?? "")
            return (try messages.format(Messages.payAsYouGoHeadline, payAsYouGo),
                    try messages.format(Messages.payAsYouGoSummary, payAsYouGo))
        case .payUpFront:
            return (try messages.format(Messages.payUpFrontHeadline, arguments),
                    try messages.format(Messages.payUpFrontSummary, arguments))
        }
    }

    /// Clauses joined in order by the catalog's `phases.then`.
    private func join(_ clauses: [String]) throws(PaywallTextError) -> String {
        var joined = clauses[0]
        for next in clauses.dropFirst() {
            joined = try messages.format(Messages.phasesThen, ThenArguments(first: joined, next: next))
        }
        return joined
    }

    // MARK: - Pieces

    /// `$9.99/month`, `$24.99 every 3 months`, from the catalog's `recurringPrice`.
    func recurring(price: String, period: SubscriptionPeriod, periodText: String) throws(PaywallTextError) -> String {
        try messages.format(Messages.recurringPrice, PeriodPriceArguments(
            price: price, period: periodText, count: period.numberOfUnits, unit: period.unit.rawValue))
    }

    /// `$9.99/mo`, `$24.99/3 mos`, from the catalog's `recurringPriceShort`.
    func recurringShort(price: String, period: SubscriptionPeriod) throws(PaywallTextError) -> String {
        try messages.format(Messages.recurringPriceShort, ShortPriceArguments(
            price: price, periodShort: try context.shortPeriodText(period, path: "subscriptionPeriod"),
            count: period.numberOfUnits, unit: period.unit.rawValue))
    }

    /// The price of one day, week, month and year when `amount` buys `period`.
    private func unitPrices(
        of amount: ExactAmount, billed: String, period: SubscriptionPeriod, periodText: String,
        digits: Int, formatter: RenderContext.PriceFormatter, path: @autoclosure () -> String
    ) throws(PaywallTextError) -> PricePer {
        func price(per unit: PeriodUnit) throws(PaywallTextError) -> UnitPrice {
            let text = PaywallMath.price(amount, per: period, in: unit).decimalText(digits: digits, rounding: options.unitPriceRounding)
            let formatted = try context.price(text, with: formatter, role: .unitPrice, path: path())
            let piece = try context.sentencePrice(text, with: formatter, standalone: formatted, role: .unitPrice, path: path())
            let one = SubscriptionPeriod(unit: unit, numberOfUnits: 1)
            let recurringPrice = try recurring(price: piece, period: one, periodText: context.periodText(one, role: .period, path: path()))
            let isBillingPeriod = period.unit == unit && period.numberOfUnits == 1
            let billedText = isBillingPeriod ? nil : try messages.format(Messages.billedPrice, BilledPriceArguments(
                unitPrice: recurringPrice, price: billed, period: periodText, count: period.numberOfUnits, unit: period.unit.rawValue))
            return UnitPrice(price: formatted, amount: text, recurringPrice: recurringPrice, billed: billedText)
        }
        return PricePer(day: try price(per: .day), week: try price(per: .week), month: try price(per: .month), year: try price(per: .year))
    }

    /// `80% off` when `amount` is at least 1 % below `reference`, rounded down.
    private func discount(_ amount: ExactAmount, against reference: ExactAmount) throws(PaywallTextError) -> PercentText? {
        guard let percent = PaywallMath.percentBelow(amount, reference: reference) else { return nil }
        let text = try context.percent(percent)
        return PercentText(percent: percent, text: text,
                           headline: try messages.format(Messages.discountHeadline, PercentArguments(percent: text)))
    }

    /// `Save 35%` for a plan `percent` below the reference plan, and `Save $30.00 a year` for
    /// what it saves in a year.
    ///
    /// - Returns: The savings, and the year's amount as it is placed in sentences.
    func savings(_ saving: Savings.Saving, of product: ValidatedProduct) throws(PaywallTextError) -> (text: PercentText, amountPiece: String) {
        let text = try context.percent(saving.percent)
        let formatter = try context.priceFormatter(currency: product.currency, path: "price")
        let decimal = saving.perYear.decimalText(digits: product.digits, rounding: .towardZero)
        // What a plan saves in a year is an amount per year: a unit price.
        let amount = try context.price(decimal, with: formatter, role: .unitPrice, path: "price")
        let piece = try context.sentencePrice(decimal, with: formatter, standalone: amount, role: .unitPrice, path: "price")
        return (PercentText(percent: saving.percent, text: text,
                            headline: try messages.format(Messages.savingsHeadline, PercentArguments(percent: text)),
                            amount: amount,
                            amountHeadline: try messages.format(Messages.savingsAmountHeadline, AmountArguments(amount: piece))),
                piece)
    }

    /// The renewal terms, as they are: what ``withHint(_:)`` completes, and what the
    /// disclosures show as ``Disclosure/Role/autoRenew``.
    private func renewalTerms(_ message: Message<TermsArguments>, regular: Regular) throws(PaywallTextError) -> String {
        try messages.format(message, TermsArguments(
            recurringPrice: regular.recurringPrice, price: regular.price, period: regular.periodText,
            count: regular.period.numberOfUnits, unit: regular.period.unit.rawValue))
    }

    /// The terms with where to manage or cancel, when the options name a store.
    func withHint(_ terms: String) throws(PaywallTextError) -> String {
        guard let store = options.store else { return terms }
        let hint = try messages.format(Messages.termsHint(store), NoArguments())
        return try messages.format(Messages.termsWithHint, TermsWithHintArguments(terms: terms, hint: hint))
    }
}
