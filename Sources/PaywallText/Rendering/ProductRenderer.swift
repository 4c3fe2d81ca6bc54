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
        let amount: ExactAmount
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

    /// Renders a product and, when `collectingCopy`, the values its copy messages receive:
    /// the very pieces its fields and sentences are made of (``ProductCopyValues``).
    func render(
        _ product: ValidatedProduct, origin: DocumentOrigin = DocumentOrigin(), saving: Savings.Saving? = nil, collectingCopy: Bool
    ) throws(PaywallTextError) -> (text: RenderedProduct, copy: ProductCopyValues?) {
        let normalization = options.normalization
        let formatter = try context.priceFormatter(currency: product.currency, path: "price")
        let price = try context.price(product.price, with: formatter, role: .regularPrice, mode, path: "price")
        let store = options.store ?? origin.store ?? .appStore
        guard let billing = product.period.map(normalization.normalize) else {
            // A one-time purchase: validation allows no offers on it.
            var texts = ProductTexts(price: price)
            if let writer = try disclosureWriter(product, store: store, territory: origin.territory, length: nil, price: price) {
                texts.disclosures = try writer.disclosures(autoRenew: nil, trial: nil)
            }
            let text = result(product, texts, offers: [], store: store)
            guard collectingCopy else { return (text, nil) }
            let piece = try context.sentencePrice(product.price, with: formatter, standalone: price, role: .regularPrice, mode, path: "price")
            return (text, ProductCopyValues(price: piece.string, plan: "oneTime"))
        }
        let periodText = try context.periodText(billing, role: .period, mode, path: "subscriptionPeriod")
        let piece = try context.sentencePrice(product.price, with: formatter, standalone: price, role: .regularPrice, mode, path: "price")
        let regular = Regular(price: piece, standalonePrice: price, amount: product.amount, period: billing, periodText: periodText,
                              recurringPrice: try recurring(price: piece, period: billing, periodText: periodText))
        // Only the fields asked for, and what they are made from (copy receives every value).
        let pricePer = wants("pricePer") || collectingCopy
            ? try unitPrices(of: product.amount, billed: piece, period: billing, periodText: periodText,
                             digits: product.digits, formatter: formatter, path: "price")
            : nil
        let periodArguments = PeriodArguments(period: periodText, count: billing.numberOfUnits, unit: billing.unit.rawValue)
        // A prepaid plan is paid once for its period: its price is never per period (`€12.99 for
        // 1 month`, not `€12.99/month`, which promises a renewal).
        let billed = product.isPrepaid
            ? try format(Messages.prepaidHeadline, PeriodPriceArguments(price: piece, period: periodText, count: billing.numberOfUnits,
                                                                        unit: billing.unit.rawValue))
            : regular.recurringPrice
        var commitment: CommitmentTexts?
        if case .commitment(let payments, let total, let renewal) = product.billingPlan {
            commitment = try commitmentTexts(payments: payments, total: total, renewal: renewal, of: product, regular: regular,
                                             formatter: formatter)
        }
        let writer = try disclosureWriter(product, store: store, territory: origin.territory, length: periodArguments, price: billed,
                                          commitment: commitment)
        var offers: [RenderedOffer] = []
        offers.reserveCapacity(product.offers.count)
        var offerDisclosures: [[DisclosureText]?] = []
        var offerCopy: [OfferCopyValues] = []
        // An offer on a commitment (free: validation keeps no other) is followed by the
        // commitment, not by a renewal until canceled: its terms are the commitment's.
        let commitmentTerms = if let commitment { try self.commitmentTerms(commitment) } else { Text?.none }
        let rendersOffers = wants("offers") || collectingCopy || writer != nil || options.asOf != nil
        for offer in product.offers where rendersOffers {
            let rendered = try render(offer, regular: regular, digits: product.digits, formatter: formatter,
                                      commitmentTerms: commitmentTerms, disclosures: writer, collectingCopy: collectingCopy)
            offers.append(rendered.text)
            offerDisclosures.append(rendered.disclosures)
            if let copy = rendered.copy { offerCopy.append(copy) }
        }
        let planName = try format(Messages.planName, periodArguments)
        let renewal = try renewalTerms(Messages.termsRenewal, regular: regular)
        let savings = wants("savings") || collectingCopy
            ? try saving.map { saving throws(PaywallTextError) in try self.savings(saving, of: product) } : nil
        var texts: ProductTexts
        if let plan = product.billingPlan {
            // Its own name, terms and text (BillingPlanText.swift).
            texts = try render(plan, of: product, regular: regular, planName: planName, price: price, pricePer: pricePer,
                               commitment: commitment, formatter: formatter)
        } else {
            texts = ProductTexts(price: price, period: periodText, recurringPrice: regular.recurringPrice,
                                 recurringPriceShort: wants("recurringPriceShort") || collectingCopy ? try recurringShort(price: piece, period: billing) : nil,
                                 planName: planName, pricePer: pricePer, terms: wants("terms") || collectingCopy ? try withHint(renewal) : nil)
        }
        texts.savings = savings?.text
        if let writer {
            // What a new subscriber buys: the plan with its introductory offer, when it has one.
            if let index = product.offers.firstIndex(where: { $0.type == .introductory }), let intro = offerDisclosures[index] {
                texts.disclosures = intro
            } else if product.billingPlan != nil {
                // A plan's own terms say what is charged and what follows; a prepaid plan renews nothing.
                texts.disclosures = try writer.disclosures(autoRenew: product.isPrepaid ? nil : texts.autoRenew, trial: nil)
            } else {
                texts.disclosures = try writer.disclosures(autoRenew: renewal, trial: nil)
            }
        }
        // A prepaid plan is charged once and never renews: it has no dates to count.
        var dates: ProductDates?
        if let start = options.asOf, !product.isPrepaid {
            dates = try self.dates(of: product, offers: offers, from: start)
            if case .commitment(let payments, _, _) = product.billingPlan {
                let end = try commitmentEnd(of: product, payments: payments, from: start)
                texts.billingPlan?.endsOn = end?.date
                texts.billingPlan?.endsOnText = end?.text
            }
        }
        var text = result(product, texts, offers: offers, store: store)
        text.dates = dates
        guard collectingCopy else { return (text, nil) }
        let plan = switch product.billingPlan {
        case .commitment: "commitment"
        case .prepaid: "prepaid"
        case nil: "renewing"
        }
        var copy = ProductCopyValues(price: piece.string, plan: plan)
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
        copy.introductoryOffer = product.offers.firstIndex { $0.type == .introductory }
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
    }

    /// The result of a product's texts, with each field's spoken form and runs when asked for.
    private func result(_ product: ValidatedProduct, _ texts: ProductTexts, offers: [RenderedOffer], store: Store) -> RenderedProduct {
        var text = RenderedProduct(
            locale: locale, catalog: context.catalog, productIdentifier: product.productIdentifier, currencyCode: product.currency,
            price: texts.price.string, period: texts.period?.string, recurringPrice: texts.recurringPrice?.string,
            recurringPriceShort: texts.recurringPriceShort?.string, planName: texts.planName?.string,
            pricePer: texts.pricePer?.value, savings: texts.savings?.value, terms: texts.terms?.string, offers: offers,
            billingPlan: texts.billingPlan?.value)
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
    private func disclosureWriter(
        _ product: ValidatedProduct, store: Store, territory: String?, length: PeriodArguments?, price: Text,
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
        let length = commitment.map { PeriodArguments(period: $0.arguments.duration, count: $0.duration.numberOfUnits,
                                                      unit: $0.duration.unit.rawValue) } ?? length
        return DisclosureWriter(messages: messages, mode: mode, store: store, title: title, length: length, price: price,
                                commitment: commitment?.cancel, ordersButton: storefront.map(StorefrontLaw.requiresOrderButton) ?? false)
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

    /// - Parameter commitmentTerms: For an offer on a commitment, the commitment's terms, which
    ///   follow the offer in place of the renewal terms.
    private func render(
        _ offer: ValidatedOffer, regular: Regular, digits: Int, formatter: RenderContext.PriceFormatter,
        commitmentTerms: Text?, disclosures writer: DisclosureWriter?, collectingCopy: Bool
    ) throws(PaywallTextError) -> (text: RenderedOffer, copy: OfferCopyValues?, disclosures: [DisclosureText]?) {
        var phases: [PhaseText] = []
        phases.reserveCapacity(offer.phases.count)
        for phase in offer.phases {
            // The periods as shown: 7 days as 1 week, 12 months as 1 year (unless switched off).
            phases.append(try render(phase, period: options.normalization.normalize(phase.period),
                                     duration: options.normalization.normalize(phase.duration), regular: regular,
                                     digits: digits, formatter: formatter))
        }
        let first = phases[0]
        // An offer's length is the whole offer's; its first phase's stays in `phases[0]`.
        let duration = phases.count == 1 ? first.duration
            : try context.lengthText(options.normalization.total(offer.phases.map(\.duration)), mode, path: offer.path)
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
        let allFree = offer.phases.allSatisfy(\.isFree)
        let terms = if let commitmentTerms { commitmentTerms } else {
            try renewalTerms(allFree ? Messages.termsAfterFreeTrial : Messages.termsAfterOffer, regular: regular)
        }
        let termsWithHint = try withHint(terms)
        let discount = try self.discount(of: offer, phases: phases, regular: regular, allFree: allFree)
        var text = RenderedOffer(
            type: offer.type, identifier: offer.identifier, paymentMode: offer.paymentMode,
            price: first.price.string, period: first.period.string, duration: duration.string,
            headline: headline.string, summary: summary.string, terms: termsWithHint.string, discount: discount?.value,
            phases: phases.map(\.rendered), regularPrice: regular.standalonePrice.string)
        var dated: DatedSentences?
        if let start = options.asOf {
            dated = try datedSentences(of: offer, phases: phases, joinedClauses: joined, regular: regular, from: start)
            text.datedHeadline = dated?.headline.string
            text.datedSummary = dated?.summary.string
            text.dates = dated.map { OfferDates(endsOn: $0.end) }
        }
        var disclosures: [DisclosureText]?
        if let writer {
            var trial: TrialConversionArguments?
            if offer.phases[0].isFree {
                // What the trial turns into: the offer's next phases, then the regular price.
                let charges = phases.count == 1 ? regular.recurringPrice : try join(phases.dropFirst().map(\.clause) + [regular.recurringPrice])
                trial = TrialConversionArguments(duration: first.duration, count: first.arguments.count,
                                                 unit: first.arguments.unit, charges: charges)
            }
            // With dates, the day the free phase ends: the first charge.
            let trialEnds = if trial != nil, let start = options.asOf {
                context.datePiece(try context.day(after: [offer.phases[0].duration], from: start, in: options.timeZone, path: offer.path), mode)
            } else {
                Text?.none
            }
            disclosures = try writer.disclosures(autoRenew: terms, trial: trial, trialEnds: trialEnds)
            text.disclosures = disclosures?.values
        }
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
        // The first phase's pieces as its sentences received them; the summary and discount of the whole offer.
        return (text, OfferCopyValues(price: first.arguments.price.string, duration: first.arguments.duration.string,
                                      unit: first.arguments.unit, count: first.arguments.count,
                                      paymentMode: first.rendered.paymentMode.rawValue, summary: summary.string,
                                      discount: text.discount?.text, totalDuration: duration.string, phases: phases.count),
                disclosures)
    }

    /// An offer's discount: its one phase's, or for several phases what the whole offer
    /// charges against the regular price over the same time (PRODUCT §15); none for an
    /// offer that is free throughout.
    private func discount(
        of offer: ValidatedOffer, phases: [PhaseText], regular: Regular, allFree: Bool
    ) throws(PaywallTextError) -> PercentTexts? {
        guard phases.count > 1 else { return phases[0].discount }
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
        let periodText = try context.periodText(period, role: .period, mode, path: phase.path + ".subscriptionPeriod")
        let durationText = try context.periodText(duration, role: .duration, mode, path: phase.path)
        let price = phase.isFree ? context.free(mode)
            : try context.price(phase.price, with: formatter, role: .offerPrice, mode, path: phase.path + ".price")
        let piece = phase.isFree ? price
            : try context.sentencePrice(phase.price, with: formatter, standalone: price, role: .offerPrice, mode, path: phase.path + ".price")
        let arguments = OfferArguments(
            price: piece, period: periodText, periods: phase.numberOfPeriods, duration: durationText,
            count: duration.numberOfUnits, unit: duration.unit.rawValue,
            regularPrice: regular.price, recurringPrice: regular.recurringPrice)

        let clause: Text
        var recurringOfferPrice: Text?
        var discount: PercentTexts?
        var pricePer: PricePerText?
        switch phase.paymentMode {
        case .freeTrial:
            clause = try format(Messages.freeTrialPhase, arguments)
        case .payAsYouGo:
            let recurringPrice = try recurring(price: piece, period: period, periodText: periodText)
            recurringOfferPrice = recurringPrice
            clause = try format(Messages.payAsYouGoPhase, PayAsYouGoArguments(offer: arguments, recurringOfferPrice: recurringPrice))
            // Per period, against the regular price for the same length of time.
            discount = try self.discount(phase.amount, against: PaywallMath.price(regular.amount, per: regular.period, over: period))
            pricePer = !wants("offers.phases.pricePer") ? nil : try unitPrices(of: phase.amount, billed: piece, period: period, periodText: periodText,
                                      digits: digits, formatter: formatter, path: phase.path + ".price")
        case .payUpFront:
            clause = try format(Messages.payUpFrontPhase, arguments)
            // One price for the whole phase, against the regular price over the whole phase.
            discount = try self.discount(phase.amount, against: PaywallMath.price(regular.amount, per: regular.period, over: duration))
            pricePer = !wants("offers.phases.pricePer") ? nil : try unitPrices(of: phase.amount, billed: piece, period: duration, periodText: durationText,
                                      paidOnce: true, digits: digits, formatter: formatter, path: phase.path + ".price")
        }
        let headline = try context.capitalizingSentence(clause)
        var rendered = RenderedPhase(paymentMode: phase.paymentMode, price: price.string, period: periodText.string,
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

    /// The price of one day, week, month and year when `amount` buys `period`.
    private func unitPrices(
        of amount: ExactAmount, billed: Text, period: SubscriptionPeriod, periodText: Text, paidOnce: Bool = false,
        digits: Int, formatter: RenderContext.PriceFormatter, path: @autoclosure () -> String
    ) throws(PaywallTextError) -> PricePerText {
        func price(per unit: PeriodUnit) throws(PaywallTextError) -> UnitPriceText {
            let text = PaywallMath.price(amount, per: period, in: unit).decimalText(digits: digits, rounding: options.unitPriceRounding)
            let formatted = try context.price(text, with: formatter, role: .unitPrice, mode, path: path())
            let piece = try context.sentencePrice(text, with: formatter, standalone: formatted, role: .unitPrice, mode, path: path())
            let one = SubscriptionPeriod(unit: unit, numberOfUnits: 1)
            let recurringPrice = try recurring(price: piece, period: one, periodText: context.periodText(one, role: .period, mode, path: path()))
            let isBillingPeriod = period.unit == unit && period.numberOfUnits == 1
            // A pay-up-front phase is one payment: its unit prices never say it recurs.
            let billedText = isBillingPeriod ? nil : try format(paidOnce ? Messages.billedOnce : Messages.billedPrice, BilledPriceArguments(
                unitPrice: recurringPrice, price: billed, period: periodText, count: period.numberOfUnits, unit: period.unit.rawValue))
            return UnitPriceText(price: formatted, amount: text, recurringPrice: recurringPrice, billed: billedText)
        }
        return PricePerText(day: try price(per: .day), week: try price(per: .week), month: try price(per: .month), year: try price(per: .year))
    }

    /// `80% off` when `amount` is at least 1 % below `reference`, rounded down.
    private func discount(_ amount: ExactAmount, against reference: ExactAmount) throws(PaywallTextError) -> PercentTexts? {
        guard let percent = PaywallMath.percentBelow(amount, reference: reference) else { return nil }
        let text = try context.percent(percent, mode)
        return PercentTexts(percent: percent, text: text, headline: try format(Messages.discountHeadline, PercentArguments(percent: text)))
    }

    /// `Save 35%` for a plan `percent` below the reference plan, and `Save $30.00 a year` for
    /// what it saves in a year.
    ///
    /// - Returns: The savings, and the year's amount as it is placed in sentences.
    func savings(_ saving: Savings.Saving, of product: ValidatedProduct) throws(PaywallTextError) -> (text: PercentTexts, amountPiece: Text) {
        let text = try context.percent(saving.percent, mode)
        let formatter = try context.priceFormatter(currency: product.currency, path: "price")
        let decimal = saving.perYear.decimalText(digits: product.digits, rounding: .towardZero)
        // What a plan saves in a year is an amount per year: a unit price.
        let amount = try context.price(decimal, with: formatter, role: .unitPrice, mode, path: "price")
        let piece = try context.sentencePrice(decimal, with: formatter, standalone: amount, role: .unitPrice, mode, path: "price")
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
