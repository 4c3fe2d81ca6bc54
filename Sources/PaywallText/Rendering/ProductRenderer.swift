/// Turns a checked product into every string of one locale: its periods as shown, then
/// formatted pieces (prices, periods, percentages), then the catalog's sentences built
/// from them, each a ``Text`` with its runs and spoken form when the options ask for them.
struct ProductRenderer {
    /// The formatters and messages of the locale, for this render alone.
    let context: RenderContext
    let options: RenderOptions
    /// The locale as results name it (``DisplayLocale/identifier``).
    let locale: String
    /// What each text carries besides its string (``RenderOptions/include``).
    let mode: TextMode

    init(context: RenderContext, options: RenderOptions, locale: String) {
        self.context = context
        self.options = options
        self.locale = locale
        mode = TextMode(options.include)
    }

    var messages: MessageSet { context.messages }

    /// Whether the field at `path` (or one in it) is asked for (``RenderOptions/fields``).
    func wants(_ path: String) -> Bool {
        options.fields?.includes(path) ?? true
    }

    /// Formats one of the catalog's messages, with runs and a spoken form when asked for.
    func format<Arguments>(_ message: Message<Arguments>, _ arguments: Arguments) throws(PaywallTextError) -> Text {
        try messages.format(message, arguments, mode)
    }

    /// The regular price, as every offer sentence and the terms refer to it.
    struct Regular {
        let price: Text
        /// The price as the product's own field shows it (``RenderedOffer/regularPrice``).
        let standalonePrice: Text
        let period: SubscriptionPeriod
        let periodText: Text
        let recurringPrice: Text
    }

    /// - Parameters:
    ///   - origin: The store and territory of the product's document, which its
    ///     disclosures follow unless ``RenderOptions/store`` names the store.
    ///   - saving: What the plan saves against the paywall's reference plan, computed over
    ///     the paywall's products before any of them is rendered (``Savings``).
    func render(
        _ product: ValidatedProduct, origin: DocumentOrigin = DocumentOrigin(), saving: Savings.Saving? = nil
    ) throws(PaywallTextError) -> RenderedProduct {
        try render(product, origin: origin, saving: saving, collectingCopy: false).text
    }

    /// What the buyer of a product agrees to, with the figures only some fields show worked
    /// out when those fields are asked for (``RenderOptions/fields``; copy receives every value).
    func agreement(
        of product: ValidatedProduct, saving: Savings.Saving?, collectingCopy: Bool
    ) throws(PaywallTextError) -> Agreement {
        try Agreement(product, options: options, saving: saving, figures: Agreement.Figures(
            unitPrices: wants("pricePer") || collectingCopy, phaseUnitPrices: wants("offers.phases.pricePer")),
            context: context, freePhaseEnds: options.include.contains(.disclosures))
    }

    /// Renders a product and, when `collectingCopy`, the values its copy messages receive:
    /// the very pieces its fields and sentences are made of (``ProductCopyValues``).
    func render(
        _ product: ValidatedProduct, origin: DocumentOrigin = DocumentOrigin(), saving: Savings.Saving? = nil, collectingCopy: Bool
    ) throws(PaywallTextError) -> (text: RenderedProduct, copy: ProductCopyValues?) {
        // The figures first, then the text made from them.
        let agreement = try self.agreement(of: product, saving: saving, collectingCopy: collectingCopy)
        let formatter = try context.priceFormatter(currency: product.currency, path: "price")
        let price = try context.price(agreement.regular.price, with: formatter, role: .regularPrice, mode, path: "price")
        let store = options.store ?? origin.store ?? .appStore
        guard let billing = agreement.regular.period else {
            // A one-time purchase: validation allows no offers on it.
            var texts = ProductTexts(price: price)
            if let writer = try disclosureWriter(product, agreement: agreement, store: store, territory: origin.territory, length: nil,
                                                 price: price) {
                texts.disclosures = try writer.disclosures(autoRenew: nil, trial: nil)
            }
            let text = result(product, texts, offers: [], store: store)
            guard collectingCopy else { return (text, nil) }
            let piece = try context.sentencePrice(agreement.regular.price, with: formatter, standalone: price, role: .regularPrice, mode,
                                                  path: "price")
            return (text, ProductCopyValues(price: piece.string, plan: agreement.plan.keyword))
        }
        let periodText = try context.periodText(billing, role: .period, mode, path: "subscriptionPeriod")
        let piece = try context.sentencePrice(agreement.regular.price, with: formatter, standalone: price, role: .regularPrice, mode,
                                              path: "price")
        let regular = Regular(price: piece, standalonePrice: price, period: billing, periodText: periodText,
                              recurringPrice: try recurring(price: piece, period: billing, periodText: periodText))
        // Only the fields asked for, and what they are made from (copy receives every value).
        // A prepaid plan's prices per unit say nothing of billing: "billed monthly" would promise a renewal.
        let pricePer = try agreement.unitPrices.map { prices throws(PaywallTextError) in
            try unitPrices(prices, billed: agreement.plan.kind == .prepaid ? nil : piece, periodText: periodText,
                           formatter: formatter, path: "price")
        }
        let periodArguments = PeriodArguments(period: periodText, count: billing.numberOfUnits, unit: billing.unit.rawValue)
        // A prepaid plan is paid once for its period: its price is never per period (`€12.99 for
        // 1 month`, not `€12.99/month`, which promises a renewal).
        let billed = agreement.plan.kind == .prepaid
            ? try format(Messages.prepaidHeadline, PeriodPriceArguments(price: piece, period: periodText, count: billing.numberOfUnits,
                                                                        unit: billing.unit.rawValue))
            : regular.recurringPrice
        let commitment = try agreement.commitment.map { commitment throws(PaywallTextError) in
            try commitmentTexts(commitment, regular: regular, formatter: formatter)
        }
        let writer = try disclosureWriter(product, agreement: agreement, store: store, territory: origin.territory,
                                          length: periodArguments, price: billed, commitment: commitment)
        var offers: [RenderedOffer] = []
        offers.reserveCapacity(product.offers.count)
        var offerDisclosures: [[DisclosureText]?] = []
        var offerCopy: [OfferCopyValues] = []
        // An offer on a commitment (free: validation keeps no other) is followed by the
        // commitment, not by a renewal until canceled: its terms are the commitment's.
        let commitmentTerms = if let commitment { try self.commitmentTerms(commitment) } else { Text?.none }
        let rendersOffers = wants("offers") || collectingCopy || writer != nil || options.asOf != nil
        for (index, offer) in product.offers.enumerated() where rendersOffers {
            let rendered = try render(offer, agreement.offers[index], days: agreement.dates?.offers[index], regular: regular,
                                      formatter: formatter, commitmentTerms: commitmentTerms, disclosures: writer,
                                      collectingCopy: collectingCopy)
            offers.append(rendered.text)
            offerDisclosures.append(rendered.disclosures)
            if let copy = rendered.copy { offerCopy.append(copy) }
        }
        let planName = try format(Messages.planName, periodArguments)
        let renewal = try renewalTerms(Messages.termsRenewal, regular: regular)
        let savings = wants("savings") || collectingCopy
            ? try agreement.saving.map { saving throws(PaywallTextError) in try self.savings(saving, formatter: formatter) } : nil
        var texts: ProductTexts
        if agreement.plan.kind != .renewing {
            // Its own name, terms and text (BillingPlanText.swift).
            texts = try billingPlan(of: agreement, regular: regular, planName: planName, price: price, pricePer: pricePer,
                                    commitment: commitment, formatter: formatter)
        } else {
            texts = ProductTexts(price: price, period: periodText, recurringPrice: regular.recurringPrice,
                                 recurringPriceShort: wants("recurringPriceShort") || collectingCopy ? try recurringShort(price: piece, period: billing) : nil,
                                 planName: planName, pricePer: pricePer, terms: wants("terms") || collectingCopy ? try withHint(renewal) : nil)
        }
        texts.savings = savings?.text
        if let writer {
            // What a new subscriber buys: the plan with its introductory offer, when it has one.
            if let index = agreement.introductoryOffer, let intro = offerDisclosures[index] {
                texts.disclosures = intro
            } else {
                // A plan's own terms say what is charged and what follows; a plain plan's, that
                // it renews; a prepaid plan renews nothing.
                let autoRenew: Text? = switch agreement.plan.kind {
                case .renewing: renewal
                case .commitment: texts.autoRenew
                case .prepaid, .oneTime: nil
                }
                texts.disclosures = try writer.disclosures(autoRenew: autoRenew, trial: nil)
            }
        }
        // A prepaid plan is charged once and never renews: it has no dates to count.
        if let dates = agreement.dates, let firstCharge = dates.firstCharge, let firstRenewal = dates.firstRenewal {
            texts.dates = ProductDates(firstChargeOn: firstCharge.date, renewsOn: firstRenewal.date)
        }
        let text = result(product, texts, offers: offers, store: store)
        guard collectingCopy else { return (text, nil) }
        var copy = ProductCopyValues(price: piece.string, plan: agreement.plan.keyword)
        // A prepaid plan has no recurring price: a message that needs one is left out, with a warning.
        if let recurring = text.recurringPrice { copy.product.set(.recurringPrice, text: recurring) }
        if let short = text.recurringPriceShort { copy.product.set(.recurringPriceShort, text: short) }
        copy.product.set(.period, text: periodText.string)
        copy.product.set(.unit, keyword: billing.unit.rawValue)
        copy.product.set(.count, number: billing.numberOfUnits)
        copy.product.set(.planName, text: text.planName ?? planName.string)
        for unit in PeriodUnit.allCases {
            // The piece placed in sentences: the field itself unless the sentences need another form.
            guard let perUnit = pricePer?[unit] else { break }
            copy.product.set(.pricePer(unit), text: try context.sentencePrice(
                perUnit.amount, with: formatter, standalone: perUnit.price, role: .unitPrice, mode, path: "price").string)
        }
        if let savings { copy.add(savings.text.value, amountPiece: savings.amountPiece.string) }
        copy.offers = offerCopy
        copy.introductoryOffer = agreement.introductoryOffer
        return (text, copy)
    }

    /// The texts of a product's own fields, before they are a result.
    struct ProductTexts {
        var price: Text
        var period: Text?
        var recurringPrice: Text?
        var recurringPriceShort: Text?
        var planName: Text?
        var pricePer: PricePerText?
        var savings: PercentTexts?
        var terms: Text?
        /// A plan's terms without the hint of where to cancel, as its autoRenew disclosure
        /// shows them (the manage disclosure says where).
        var autoRenew: Text?
        var billingPlan: BillingPlanTexts?
        var disclosures: [DisclosureText]?
        /// A subscription's first charge and first renewal, when dates are rendered.
        var dates: ProductDates?
    }

    /// The result of a product's texts, with each field's spoken form and runs when asked for.
    private func result(_ product: ValidatedProduct, _ texts: ProductTexts, offers: [RenderedOffer], store: Store) -> RenderedProduct {
        var text = RenderedProduct(
            locale: locale, catalog: context.catalog, productIdentifier: product.productIdentifier, currencyCode: product.currency,
            price: texts.price.string, period: texts.period?.string, recurringPrice: texts.recurringPrice?.string,
            recurringPriceShort: texts.recurringPriceShort?.string, planName: texts.planName?.string,
            pricePer: texts.pricePer?.value, savings: texts.savings?.value, terms: texts.terms?.string, offers: offers,
            billingPlan: texts.billingPlan?.value)
        text.dates = texts.dates
        if let disclosures = texts.disclosures {
            text.store = store
            text.disclosures = disclosures.values
        }
        text.selection = options.fields
        guard mode.annotates else { return text }
        var notes = FieldNotes(mode)
        notes.add("price", texts.price)
        notes.add("period", texts.period)
        notes.add("recurringPrice", texts.recurringPrice)
        notes.add("recurringPriceShort", texts.recurringPriceShort)
        notes.add("planName", texts.planName)
        notes.add("pricePer.", texts.pricePer)
        notes.add("savings.", texts.savings)
        notes.add("terms", texts.terms)
        if let plan = texts.billingPlan {
            notes.add("billingPlan.duration", plan.duration)
            notes.add("billingPlan.total", plan.total)
            notes.add("billingPlan.headline", plan.headline)
            notes.add("billingPlan.summary", plan.summary)
            notes.add("billingPlan.endsOnText", plan.endsOnText)
        }
        notes.add(texts.disclosures)
        text.take(notes, language: context.textLanguage)
        return text
    }

    /// The writer of the product's disclosures, when they are included.
    ///
    /// - Parameter agreement: What the buyer agrees to, whose ``Agreement/cancellation`` chooses
    ///   the lines on renewing and cancelling.
    private func disclosureWriter(
        _ product: ValidatedProduct, agreement: Agreement, store: Store, territory: String?, length: PeriodArguments?, price: Text,
        commitment: CommitmentTexts? = nil
    ) throws(PaywallTextError) -> DisclosureWriter? {
        guard options.include.contains(.disclosures) else { return nil }
        // A storefront set on the options directly (not through `set(.storefront, …)`) is
        // checked here: an unknown code is an error, never a silent fallback to the locale's.
        if let option = options.storefront, ICU.Region.territory(option) == nil {
            throw PaywallTextError(.invalidValue, path: "storefront",
                                   message: "unknown territory \(quoted(option)); expected an ISO 3166-1 code such as DE or DEU")
        }
        let title = product.names?.name(display: context.display.icuID, sentence: context.sentence.icuID).map { named in
            // A listing in another language than the sentences' is marked with its own.
            let language = named.locale.flatMap { locale in
                ICU.Locale.language(locale) == ICU.Locale.language(context.sentence.icuID) ? nil
                    : TextLanguage(tag: ICU.Locale.languageTag(locale) ?? locale,
                                   direction: BidiDisplay.isRightToLeft(locale: locale) ? .rightToLeft : .leftToRight)
            }
            return (name: named.name, language: language)
        }
        let storefront = StorefrontLaw.territory(document: territory, option: options.storefront, display: context.display)
        // A commitment's length is the commitment: the billing period is in its price (`€4.99/month`).
        let length = commitment.map { PeriodArguments(period: $0.arguments.duration, count: $0.term.numberOfUnits,
                                                      unit: $0.term.unit.rawValue) } ?? length
        return DisclosureWriter(messages: messages, mode: mode, store: store, title: title, length: length, price: price,
                                cancellation: agreement.cancellation, commitment: commitment?.cancel,
                                ordersButton: storefront.map(StorefrontLaw.requiresOrderButton) ?? false)
    }

    // MARK: - Offers

    /// A phase's pieces and its clause, before the offer's sentences join them.
    struct PhaseText {
        let rendered: RenderedPhase
        let price: Text
        let period: Text
        let duration: Text
        let clause: Text
        let arguments: OfferArguments
        let recurringOfferPrice: Text?
        let discount: PercentTexts?
    }

    /// - Parameters:
    ///   - figures: What the offer charges, its discount and length (``OfferAgreement``).
    ///   - days: The days the offer falls on, when dates are rendered.
    ///   - commitmentTerms: For an offer on a commitment, the commitment's terms, which
    ///     follow the offer in place of the renewal terms.
    private func render(
        _ offer: ValidatedOffer, _ figures: OfferAgreement, days: AgreementDates.OfferDays?, regular: Regular,
        formatter: RenderContext.PriceFormatter, commitmentTerms: Text?, disclosures writer: DisclosureWriter?, collectingCopy: Bool
    ) throws(PaywallTextError) -> (text: RenderedOffer, copy: OfferCopyValues?, disclosures: [DisclosureText]?) {
        var phases: [PhaseText] = []
        phases.reserveCapacity(offer.phases.count)
        for (phase, charge) in zip(offer.phases, figures.phases) {
            phases.append(try render(phase, charge, regular: regular, formatter: formatter))
        }
        let first = phases[0]
        // An offer's length is the whole offer's; its first phase's stays in `phases[0]`.
        let duration = phases.count == 1 ? first.duration : try context.lengthText(figures.length, mode, path: offer.path)
        let headline: Text, summary: Text
        var joined: Text?
        if phases.count == 1 {
            (headline, summary) = try sentences(of: offer.paymentMode, first.arguments, recurringOfferPrice: first.recurringOfferPrice)
        } else {
            // Every phase in order, then (in the summary) the regular price.
            let clauses = try join(phases.map(\.clause))
            joined = clauses
            headline = try context.capitalizingSentence(clauses)
            summary = try context.capitalizingSentence(try join([clauses, regular.recurringPrice]))
        }
        let terms = if let commitmentTerms { commitmentTerms } else {
            try renewalTerms(figures.allFree ? Messages.termsAfterFreeTrial : Messages.termsAfterOffer, regular: regular)
        }
        let termsWithHint = try withHint(terms)
        // One phase's discount is its phase's; several phases', the whole offer's (PRODUCT §15).
        let discount = phases.count == 1 ? first.discount
            : try figures.discount.map { percent throws(PaywallTextError) in try self.discount(percent) }
        let dated = try days.map { days throws(PaywallTextError) in
            try datedSentences(of: offer, phases: phases, joinedClauses: joined, regular: regular, end: days.end)
        }
        var disclosures: [DisclosureText]?
        if let writer {
            var trial: TrialConversionArguments?
            if figures.phases[0].charge.kind == .free {
                // What the trial turns into: the offer's next phases, then the regular price.
                let charges = phases.count == 1 ? regular.recurringPrice : try join(phases.dropFirst().map(\.clause) + [regular.recurringPrice])
                trial = TrialConversionArguments(duration: first.duration, count: first.arguments.count,
                                                 unit: first.arguments.unit, charges: charges)
            }
            // With dates, the day the free phase ends: the first charge.
            let trialEnds = if trial != nil, let end = days?.freePhaseEnd { context.datePiece(end, mode) } else { Text?.none }
            disclosures = try writer.disclosures(autoRenew: terms, trial: trial, trialEnds: trialEnds)
        }
        var text = RenderedOffer(
            type: offer.type, identifier: offer.identifier, paymentMode: offer.paymentMode,
            price: first.price.string, period: first.period.string, duration: duration.string,
            headline: headline.string, summary: summary.string, terms: termsWithHint.string, discount: discount?.value,
            phases: phases.map(\.rendered), regularPrice: regular.standalonePrice.string)
        text.datedHeadline = dated?.headline.string
        text.datedSummary = dated?.summary.string
        text.dates = days.map { OfferDates(endsOn: $0.end.date) }
        text.disclosures = disclosures?.values
        if mode.annotates {
            var notes = FieldNotes(mode)
            notes.add("price", first.price)
            notes.add("period", first.period)
            notes.add("duration", duration)
            notes.add("headline", headline)
            notes.add("summary", summary)
            notes.add("terms", termsWithHint)
            notes.add("discount.", discount)
            notes.add("regularPrice", regular.standalonePrice)
            notes.add("datedHeadline", dated?.headline)
            notes.add("datedSummary", dated?.summary)
            notes.add(disclosures)
            text.take(notes)
        }
        guard collectingCopy else { return (text, nil, disclosures) }
        // The first phase's pieces as its sentences received them; the summary, discount,
        // length and number of phases of the whole offer.
        return (text, OfferCopyValues(price: first.arguments.price.string, duration: first.arguments.duration.string,
                                      unit: first.arguments.unit, count: first.arguments.count,
                                      paymentMode: first.rendered.paymentMode.rawValue, summary: summary.string,
                                      discount: text.discount?.text, totalDuration: duration.string, phases: figures.phases.count),
                disclosures)
    }

    /// A phase's pieces, clause, discount and prices per unit, from its figures.
    private func render(
        _ phase: ValidatedPhase, _ charge: PhaseCharge, regular: Regular, formatter: RenderContext.PriceFormatter
    ) throws(PaywallTextError) -> PhaseText {
        let period = charge.period, duration = charge.duration
        let periodText = try context.periodText(period, role: .period, mode, path: phase.path + ".subscriptionPeriod")
        let durationText = try context.periodText(duration, role: .duration, mode, path: phase.path)
        let free = charge.charge.kind == .free
        let price = free ? context.free(mode)
            : try context.price(charge.charge.price, with: formatter, role: .offerPrice, mode, path: phase.path + ".price")
        let piece = free ? price
            : try context.sentencePrice(charge.charge.price, with: formatter, standalone: price, role: .offerPrice, mode,
                                        path: phase.path + ".price")
        let arguments = OfferArguments(
            price: piece, period: periodText, periods: charge.numberOfPeriods, duration: durationText,
            count: duration.numberOfUnits, unit: duration.unit.rawValue,
            regularPrice: regular.price, recurringPrice: regular.recurringPrice)

        let clause: Text
        var recurringOfferPrice: Text?
        switch charge.paymentMode {
        case .freeTrial:
            clause = try format(Messages.freeTrialPhase, arguments)
        case .payAsYouGo:
            let recurringPrice = try recurring(price: piece, period: period, periodText: periodText)
            recurringOfferPrice = recurringPrice
            clause = try format(Messages.payAsYouGoPhase, PayAsYouGoArguments(offer: arguments, recurringOfferPrice: recurringPrice))
        case .payUpFront:
            clause = try format(Messages.payUpFrontPhase, arguments)
        }
        // Per period against the regular price for as long (pay as you go), or one price
        // against the regular price over the whole phase (pay up front).
        let discount = try charge.discount.map { percent throws(PaywallTextError) in try self.discount(percent) }
        // A pay-as-you-go phase's prices per unit are billed every period; a pay-up-front
        // phase's, once for its whole length.
        let pricePer = try charge.unitPrices.map { prices throws(PaywallTextError) in
            try unitPrices(prices, billed: piece, periodText: prices.paidOnce ? durationText : periodText, formatter: formatter,
                           path: phase.path + ".price")
        }
        let headline = try context.capitalizingSentence(clause)
        var rendered = RenderedPhase(paymentMode: charge.paymentMode, price: price.string, period: periodText.string,
                                     duration: durationText.string, headline: headline.string, discount: discount?.value,
                                     pricePer: pricePer?.value)
        if mode.annotates {
            var notes = FieldNotes(mode)
            notes.add("price", price)
            notes.add("period", periodText)
            notes.add("duration", durationText)
            notes.add("headline", headline)
            notes.add("discount.", discount)
            notes.add("pricePer.", pricePer)
            rendered.take(notes)
        }
        return PhaseText(rendered: rendered, price: price, period: periodText, duration: durationText, clause: clause,
                         arguments: arguments, recurringOfferPrice: recurringOfferPrice, discount: discount)
    }

    /// The headline and summary of an offer of one phase.
    private func sentences(
        of mode: PaymentMode, _ arguments: OfferArguments, recurringOfferPrice: Text?
    ) throws(PaywallTextError) -> (headline: Text, summary: Text) {
        switch mode {
        case .freeTrial:
            return (try format(Messages.freeTrialHeadline, arguments), try format(Messages.freeTrialSummary, arguments))
        case .payAsYouGo:
            let payAsYouGo = PayAsYouGoArguments(offer: arguments, recurringOfferPrice: recurringOfferPrice ?? "")
            return (try format(Messages.payAsYouGoHeadline, payAsYouGo), try format(Messages.payAsYouGoSummary, payAsYouGo))
        case .payUpFront:
            return (try format(Messages.payUpFrontHeadline, arguments), try format(Messages.payUpFrontSummary, arguments))
        }
    }

    /// Clauses joined in order by the catalog's `phases.then`.
    private func join(_ clauses: [Text]) throws(PaywallTextError) -> Text {
        var joined = clauses[0]
        for next in clauses.dropFirst() {
            joined = try format(Messages.phasesThen, ThenArguments(first: joined, next: next))
        }
        return joined
    }

    // MARK: - Pieces

    /// `$9.99/month`, `$24.99 every 3 months`, from the catalog's `recurringPrice`.
    func recurring(price: Text, period: SubscriptionPeriod, periodText: Text) throws(PaywallTextError) -> Text {
        try format(Messages.recurringPrice, PeriodPriceArguments(
            price: price, period: periodText, count: period.numberOfUnits, unit: period.unit.rawValue))
    }

    /// `$9.99/mo`, `$24.99/3 mos`, from the catalog's `recurringPriceShort`.
    func recurringShort(price: Text, period: SubscriptionPeriod) throws(PaywallTextError) -> Text {
        try format(Messages.recurringPriceShort, ShortPriceArguments(
            price: price, periodShort: try context.shortPeriodText(period, mode, path: "subscriptionPeriod"),
            count: period.numberOfUnits, unit: period.unit.rawValue))
    }

    /// The texts of prices per unit of time (`$0.16/day`), each with the line that says how
    /// the price it comes from is billed (`billed every 6 months at $29.99`, `one payment of
    /// $29.99 for 6 months`), but for the billing period's own unit.
    ///
    /// - Parameters:
    ///   - billed: The price the prices per unit come from, as sentences place it; `nil` for no
    ///     billing line (a prepaid plan: "billed monthly" would promise a renewal).
    ///   - periodText: The text of ``Agreement/UnitPrices/period``.
    private func unitPrices(
        _ prices: Agreement.UnitPrices, billed: Text?, periodText: Text, formatter: RenderContext.PriceFormatter,
        path: @autoclosure () -> String
    ) throws(PaywallTextError) -> PricePerText {
        let period = prices.period
        func price(per unit: PeriodUnit) throws(PaywallTextError) -> UnitPriceText {
            let text = prices[unit]
            let formatted = try context.price(text, with: formatter, role: .unitPrice, mode, path: path())
            let piece = try context.sentencePrice(text, with: formatter, standalone: formatted, role: .unitPrice, mode, path: path())
            let one = SubscriptionPeriod(unit: unit, numberOfUnits: 1)
            let recurringPrice = try recurring(price: piece, period: one, periodText: context.periodText(one, role: .period, mode, path: path()))
            var billedText: Text?
            if let billed, period.unit != unit || period.numberOfUnits != 1 {
                // A pay-up-front phase is one payment: its unit prices never say it recurs.
                billedText = try format(prices.paidOnce ? Messages.billedOnce : Messages.billedPrice, BilledPriceArguments(
                    unitPrice: recurringPrice, price: billed, period: periodText, count: period.numberOfUnits, unit: period.unit.rawValue))
            }
            return UnitPriceText(price: formatted, amount: text, recurringPrice: recurringPrice, billed: billedText)
        }
        return PricePerText(day: try price(per: .day), week: try price(per: .week), month: try price(per: .month), year: try price(per: .year))
    }

    /// `80% off`, for a discount of `percent` (``PhaseCharge/discount``, ``OfferAgreement/discount``).
    private func discount(_ percent: Int) throws(PaywallTextError) -> PercentTexts {
        let text = try context.percent(percent, mode)
        return PercentTexts(percent: percent, text: text, headline: try format(Messages.discountHeadline, PercentArguments(percent: text)))
    }

    /// `Save 35%` for a plan `percent` below the reference plan, and `Save $30.00 a year` for
    /// what it saves in a year.
    ///
    /// - Returns: The savings, and the year's amount as it is placed in sentences.
    func savings(
        _ saving: Agreement.Saving, formatter: RenderContext.PriceFormatter
    ) throws(PaywallTextError) -> (text: PercentTexts, amountPiece: Text) {
        let text = try context.percent(saving.percent, mode)
        // What a plan saves in a year is an amount per year: a unit price.
        let amount = try context.price(saving.perYearText, with: formatter, role: .unitPrice, mode, path: "price")
        let piece = try context.sentencePrice(saving.perYearText, with: formatter, standalone: amount, role: .unitPrice, mode, path: "price")
        return (PercentTexts(percent: saving.percent, text: text,
                             headline: try format(Messages.savingsHeadline, PercentArguments(percent: text)),
                             amount: amount,
                             amountHeadline: try format(Messages.savingsAmountHeadline, AmountArguments(amount: piece))),
                piece)
    }

    /// The renewal terms, as they are: what ``withHint(_:)`` completes, and what the
    /// disclosures show as ``Disclosure/Role/autoRenew``.
    private func renewalTerms(_ message: Message<TermsArguments>, regular: Regular) throws(PaywallTextError) -> Text {
        try format(message, TermsArguments(
            recurringPrice: regular.recurringPrice, price: regular.price, period: regular.periodText,
            count: regular.period.numberOfUnits, unit: regular.period.unit.rawValue))
    }

    /// The terms with where to manage or cancel, when the options name a store.
    func withHint(_ terms: Text) throws(PaywallTextError) -> Text {
        guard let store = options.store else { return terms }
        let hint = try format(Messages.termsHint(store), NoArguments())
        return try format(Messages.termsWithHint, TermsWithHintArguments(terms: terms, hint: hint))
    }
}
