/// The copy values of one rendered product: its own, and each offer's.
struct ProductCopyValues: Sendable {
    /// The product's values without an offer's: price, period, plan name, prices per unit, savings.
    var product: CopyValues
    /// Each offer's own values, in the order of ``RenderedProduct/offers``.
    var offers: [OfferCopyValues] = []
    /// The position of the introductory offer in ``offers``, whose values the product's copy gets.
    var introductoryOffer: Int?

    /// The values of a product with its price and what the buyer agrees to (one of
    /// ``CopyArgument/plans``).
    init(price: String, plan: String) {
        product = CopyValues()
        product.set(.price, text: price)
        product.set(.regularPrice, text: price)
        product.set(.plan, keyword: plan)
    }

    /// Adds the plan's savings against the paywall's reference plan.
    mutating func add(_ savings: PercentText, amountPiece: String) {
        product.set(.savings, text: savings.text)
        product.set(.savingsPercent, number: savings.percent)
        product.set(.savingsAmount, text: amountPiece)
    }

    /// The offer whose values a copy receives: the introductory offer for the product's
    /// own copy (`nil`), the offer itself for an offer's.
    func offer(for offer: Int?) -> OfferCopyValues? {
        guard let index = offer ?? introductoryOffer, offers.indices.contains(index) else { return nil }
        return offers[index]
    }
}

/// What an offer gives its copy: its first phase's pieces as its sentences received them,
/// and the whole offer's summary, discount, length and number of phases.
struct OfferCopyValues: Sendable {
    let price: String
    let duration: String
    let unit: String
    let count: Int
    let paymentMode: String
    let summary: String
    let discount: String?
    let totalDuration: String
    let phases: Int
}

extension CopyValues {
    /// Sets the offer arguments to an offer's, or leaves them without a value.
    mutating func setOffer(_ offer: OfferCopyValues?) {
        for argument in CopyArgument.ofOffers { remove(argument) }
        guard let offer else { return }
        set(.offerPrice, text: offer.price)
        set(.offerDuration, text: offer.duration)
        set(.offerUnit, keyword: offer.unit)
        set(.offerCount, number: offer.count)
        set(.offerPaymentMode, keyword: offer.paymentMode)
        set(.offerSummary, text: offer.summary)
        set(.offerTotalDuration, text: offer.totalDuration)
        set(.offerPhases, number: offer.phases)
        if let discount = offer.discount { set(.discount, text: discount) }
    }
}

extension PaywallRenderer {
    /// Renders products with this renderer's copy: the products as without it, then each
    /// product's and offer's copy from the values of that very render, with the copy's
    /// messages the render context keeps beside the catalog's. Messages a language lacks are
    /// the source's, with values from a second render of the products with the source
    /// language's catalog (as a locale without a catalog of its own renders).
    func render(
        _ products: [CheckedProduct], documents: [DocumentOrigin] = [], locale: DisplayLocale, snapshot: CatalogSnapshot, copy: PaywallCopy,
        comparingPlans: Bool
    ) -> [Result<RenderedProduct, PaywallTextError>] {
        do {
            return try withContext(locale, snapshot: snapshot) { context throws(PaywallTextError) in
                var values: [ProductCopyValues?]? = []
                var results = renderPaywall(products, documents: documents, locale: locale, context: context,
                                            comparingPlans: comparingPlans, copy: &values)
                let plan = copy.plan(forCatalog: context.catalog)
                // A message in the source language is that language's text, in its own direction.
                let sourceLanguage = TextLanguage(tag: CopyLinter.source,
                                                  direction: ICU.Locale.isRightToLeft(CopyLinter.source) ? .rightToLeft : .leftToRight)
                let isolatesFallback = ICU.Locale.isRightToLeft(locale.identity.icuID) != (sourceLanguage.direction == .rightToLeft)
                let writer = CopyWriter(plan: plan, messages: context.copyMessages(of: copy), sourceLanguage: sourceLanguage,
                                        isolatesFallback: isolatesFallback)
                guard plan.needsSourceLanguage, snapshot.catalogs[CopyLinter.source] != nil else {
                    writer.write(values ?? [], source: nil, into: &results)
                    return results
                }
                try withContext(locale, snapshot: snapshot, catalog: CopyLinter.source) { sourceContext throws(PaywallTextError) in
                    // Only the values count: the source language's texts are not kept.
                    var plain = options
                    plain.include.subtract([.spoken, .parts])
                    var sourceValues: [ProductCopyValues?]? = []
                    _ = renderPaywall(products, documents: documents, locale: locale, context: sourceContext,
                                      comparingPlans: comparingPlans, copy: &sourceValues, options: plain)
                    writer.write(values ?? [], source: (sourceValues ?? [], sourceContext.copyMessages(of: copy)), into: &results)
                }
                return results
            }
        } catch {
            return products.map { _ in .failure(error) }
        }
    }
}

/// Formats the copy of rendered products with their values, by a plan (``CopyPlan``).
private struct CopyWriter {
    let plan: CopyPlan
    let messages: CopyMessageSet
    /// The source language, which a message the reader's language lacks is shown in.
    let sourceLanguage: TextLanguage
    /// Whether such a message is isolated as a whole (LEFT-TO-RIGHT or RIGHT-TO-LEFT ISOLATE
    /// … POP DIRECTIONAL ISOLATE): where its direction is not the display locale's, so that an
    /// English sentence in a Hebrew paywall keeps its order.
    let isolatesFallback: Bool

    /// Adds ``RenderedProduct/copy``, ``RenderedOffer/copy`` and the warnings to every
    /// product rendered.
    ///
    /// - Parameter source: The values of the same products rendered with the source
    ///   language's catalog, and the source's messages compiled for its sentence locale:
    ///   for the messages the language lacks.
    func write(
        _ values: [ProductCopyValues?], source: (values: [ProductCopyValues?], messages: CopyMessageSet)?,
        into results: inout [Result<RenderedProduct, PaywallTextError>]
    ) {
        for index in results.indices {
            guard case .success(var text) = results[index], let product = values[index] else { continue }
            // The result's storage is released first, so that the text is changed in place.
            results[index] = .failure(CopyWriter.placeholder)
            let sourceProduct = source?.values.indices.contains(index) == true ? source?.values[index] : nil
            var warnings = plan.languageWarnings
            // One set of values, whose offer arguments each copy sets in turn.
            var current = product.product, sourceCurrent = sourceProduct?.product
            for offer in [nil] + text.offers.indices.map(Optional.some) {
                current.setOffer(product.offer(for: offer))
                sourceCurrent?.setOffer(sourceProduct?.offer(for: offer))
                let copy = format(current, source: sourceCurrent, sourceMessages: source?.messages, product: product, offer: offer,
                                  warnings: &warnings)
                // Each message shown in the source language says so, with its direction.
                var languages = FieldMap<TextLanguage>()
                for entry in plan.entries where entry.inSourceLanguage && copy[entry.message.key] != nil {
                    languages["copy.\(entry.message.key)"] = sourceLanguage
                }
                if let offer {
                    text.offers[offer].copy = copy
                    for (field, language) in languages { text.offers[offer].fieldLanguages[field] = language }
                } else {
                    text.copy = copy
                    for (field, language) in languages { text.fieldLanguages[field] = language }
                }
            }
            text.copyWarnings = warnings
            results[index] = .success(text)
        }
    }

    /// What a result holds while its text is changed.
    private static let placeholder = PaywallTextError(.formattingFailed, message: "")

    /// Every key's text for one set of values (the product's copy, or that of its offer at
    /// `offer`); a message whose arguments are not all there is left out, with a warning
    /// naming the key, the arguments and why the product or offer lacks them.
    private func format(
        _ values: CopyValues, source: CopyValues?, sourceMessages: CopyMessageSet?, product: ProductCopyValues, offer: Int?,
        warnings: inout [ProductWarning]
    ) -> [String: String] {
        var copy: [String: String] = [:]
        copy.reserveCapacity(plan.entries.count)
        for entry in plan.entries {
            let message = entry.message
            // A message the language lacks, in the source language, with the source language's values.
            let (values, messages) = entry.inSourceLanguage ? (source ?? values, sourceMessages ?? messages) : (values, messages)
            // A message for some cases only (its `when`), in another case.
            if let unmet = message.conditions.first(where: { values.present.contains($0.argument) && !$0.values.contains(values.keyword($0.argument)) }) {
                let value = values.keyword(unmet.argument)
                warnings.append(ProductWarning(path: path(offer, message.key), message: "left out: shown only when {\(unmet.argument.name)} is "
                                               + unmet.values.joined(separator: " or ") + "; here it is \(value)"))
                continue
            }
            let conditioned = message.conditions.reduce(into: CopyArgumentSet()) { $0.insert($1.argument) }
            guard message.uses.isSubset(of: values.present), conditioned.isSubset(of: values.present) else {
                let missing = (message.uses.bits | conditioned.bits) & ~values.present.bits
                let reason = LeftOutReason(CopyArgument.ordered[missing.trailingZeroBitCount], product: product, offer: offer)
                let names = CopyArgumentSet(bits: message.uses.bits | conditioned.bits).missing(from: values.present)
                    .map { "{\($0.name)}" }.joined(separator: ", ")
                warnings.append(ProductWarning(path: path(offer, message.key), message: "left out: needs \(names); \(reason.description)"))
                continue
            }
            do {
                let formatted = try messages.format(message, values)
                copy[message.key] = entry.inSourceLanguage && isolatesFallback
                    ? (sourceLanguage.direction == .rightToLeft ? "\u{2067}" : "\u{2066}") + formatted + "\u{2069}"
                    : formatted
            } catch {
                warnings.append(ProductWarning(path: path(offer, message.key), message: "left out: \(error)"))
            }
        }
        return copy
    }

    /// `copy.key`, or `offers[1].copy.key`.
    private func path(_ offer: Int?, _ key: String) -> String {
        offer.map { "offers[\($0)].copy.\(key)" } ?? "copy.\(key)"
    }
}

/// Why a product or offer lacks the first argument a message it leaves out needs.
enum LeftOutReason: CustomStringConvertible {
    case oneTimePurchase, noSavings, noIntroductoryOffer, noDiscount

    init(_ argument: CopyArgument, product: ProductCopyValues, offer: Int?) {
        if !product.product.present.contains(.period) {
            self = .oneTimePurchase
        } else if argument.source == .savings {
            self = .noSavings
        } else if offer == nil, product.introductoryOffer == nil {
            self = .noIntroductoryOffer
        } else {
            // Every product has a price and a subscription a period; an offer has its own
            // arguments: what an offer can lack is a discount.
            self = .noDiscount
        }
    }

    var description: String {
        switch self {
        case .oneTimePurchase: "a one-time purchase has no period, savings or offer"
        case .noSavings: "the plan has no savings (the paywall's reference plan, a plan not cheaper per month, or one rendered alone)"
        case .noIntroductoryOffer: "the product has no introductory offer"
        case .noDiscount: "the offer has no discount (a free trial, or not cheaper than the regular price)"
        }
    }
}
