/// The copy values of one rendered product: its own, and each offer's.
struct ProductCopyValues: Sendable {
    /// The product's values without an offer's: price, period, plan name, prices per unit, savings.
    var product: CopyValues
    /// Each offer's own values (``CopyArgument/Source/offer`` and `discount`), in the order
    /// of ``RenderedProduct/offers``.
    var offers: [CopyValues] = []
    /// The position of the introductory offer in ``offers``, whose values the product's copy gets.
    var introductoryOffer: Int?

    /// The values of a product with its price.
    init(price: String, isolatesPieces: Bool) {
        product = CopyValues(isolatesPieces: isolatesPieces)
        product.set(.price, text: price)
        product.set(.regularPrice, text: price)
    }

    /// Adds the plan's savings against the paywall's reference plan.
    mutating func add(_ savings: PercentText, amountPiece: String) {
        product.set(.savings, text: savings.text)
        product.set(.savingsPercent, number: savings.percent)
        product.set(.savingsAmount, text: amountPiece)
    }

    /// What the product's own copy receives: its values and its introductory offer's.
    var productCopy: CopyValues {
        introductoryOffer.map { product.with(offer: offers[$0]) } ?? product
    }

    /// What an offer's copy receives: the product's values and the offer's own.
    func offerCopy(_ index: Int) -> CopyValues {
        product.with(offer: offers[index])
    }
}

extension PaywallRenderer {
    /// Renders products with this renderer's copy: the products as without it, then each
    /// product's and offer's copy from the values of that very render. Messages a language
    /// lacks are the source's, with values from a second render of the products with the
    /// source language's catalog (as a locale without a catalog of its own renders).
    func render(
        _ products: [CheckedProduct], locale: DisplayLocale, snapshot: CatalogSnapshot, copy: PaywallCopy, comparingPlans: Bool
    ) -> [Result<RenderedProduct, PaywallTextError>] {
        do {
            var values: [ProductCopyValues?]? = []
            var results: [Result<RenderedProduct, PaywallTextError>] = []
            var catalog = "", sentenceLocale = ""
            try withContext(locale, snapshot: snapshot) { context in
                results = renderPaywall(products, locale: locale, context: context, comparingPlans: comparingPlans, copy: &values)
                catalog = context.catalog
                sentenceLocale = context.sentence.icuID
            }
            let plan = copy.plan(forCatalog: catalog)
            var source: (values: [ProductCopyValues?], locale: String)?
            if plan.needsSourceLanguage, snapshot.catalogs[CopyLinter.source] != nil {
                var sourceValues: [ProductCopyValues?]? = []
                try withContext(locale, snapshot: snapshot, catalog: CopyLinter.source) { context in
                    _ = renderPaywall(products, locale: locale, context: context, comparingPlans: comparingPlans, copy: &sourceValues)
                    source = (sourceValues ?? [], context.sentence.icuID)
                }
            }
            try copy.withMessages(locale: sentenceLocale) { messages throws(PaywallTextError) in
                let writer = CopyWriter(plan: plan, messages: messages)
                guard let source else {
                    writer.write(values ?? [], source: nil, into: &results)
                    return
                }
                try copy.withMessages(locale: source.locale) { sourceMessages in
                    writer.write(values ?? [], source: (source.values, sourceMessages), into: &results)
                }
            }
            return results
        } catch {
            return products.map { _ in .failure(error) }
        }
    }
}

/// Formats the copy of rendered products with their values, by a plan (``CopyPlan``).
private struct CopyWriter {
    let plan: CopyPlan
    let messages: CopyMessageSet

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
            let sourceProduct = source?.values.indices.contains(index) == true ? source?.values[index] : nil
            var warnings: [ProductWarning] = []
            if plan.file == nil {
                warnings.append(ProductWarning(path: "copy", message:
                    "no copy file for the catalog \(plan.catalog); every message is the source's (\(CopyLinter.source).json), in English"))
            } else {
                for entry in plan.entries where entry.inSourceLanguage {
                    warnings.append(ProductWarning(path: "copy.\(entry.message.key)", message:
                        "not in \(plan.file!).json; the source message (\(CopyLinter.source).json) is shown, in English"))
                }
            }
            text.copy = format(product.productCopy, source: sourceProduct?.productCopy, sourceMessages: source?.messages,
                               path: "copy", lacks: { lacks($0, product: product, offer: nil) }, warnings: &warnings)
            for offer in text.offers.indices where product.offers.indices.contains(offer) {
                let sourceOffer = sourceProduct.flatMap { $0.offers.indices.contains(offer) ? $0.offerCopy(offer) : nil }
                text.offers[offer].copy = format(product.offerCopy(offer), source: sourceOffer, sourceMessages: source?.messages,
                                                 path: "offers[\(offer)].copy", lacks: { lacks($0, product: product, offer: offer) },
                                                 warnings: &warnings)
            }
            text.copyWarnings = warnings
            results[index] = .success(text)
        }
    }

    /// Every key's text for one set of values; a message whose arguments are not all there
    /// is left out, with a warning naming the key and the arguments.
    private func format(
        _ values: CopyValues, source: CopyValues?, sourceMessages: CopyMessageSet?, path: String,
        lacks: (CopyArgument) -> String, warnings: inout [ProductWarning]
    ) -> [String: String] {
        var copy: [String: String] = [:]
        copy.reserveCapacity(plan.entries.count)
        for entry in plan.entries {
            let message = entry.message
            // A message the language lacks, in the source language, with the source language's values.
            let (values, messages) = entry.inSourceLanguage ? (source ?? values, sourceMessages ?? messages) : (values, messages)
            let missing = message.uses.missing(from: values.present)
            if let first = missing.first {
                let names = missing.map { "{\($0.rawValue)}" }.joined(separator: ", ")
                warnings.append(ProductWarning(path: "\(path).\(message.key)", message: "left out: needs \(names); \(lacks(first))"))
                continue
            }
            do {
                copy[message.key] = try messages.format(message, values)
            } catch {
                warnings.append(ProductWarning(path: "\(path).\(message.key)", message: "left out: \(error)"))
            }
        }
        return copy
    }

    /// Why a product (or its offer at `offer`) has no value for an argument.
    private func lacks(_ argument: CopyArgument, product: ProductCopyValues, offer: Int?) -> String {
        if argument.source != .product, !product.product.present.contains(.period) {
            return "a one-time purchase has no period, savings or offer"
        }
        switch argument.source {
        case .product, .subscription:
            return "the product has no \(argument.rawValue)"
        case .savings:
            return "the plan has no savings (the paywall's reference plan, a plan not cheaper per month, or one rendered alone)"
        case .offer:
            return "the product has no introductory offer"
        case .discount:
            if offer == nil, product.introductoryOffer == nil { return "the product has no introductory offer" }
            return "the offer has no discount (a free trial, or not cheaper than the regular price)"
        }
    }
}
