#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallText

/// Renders a user's products in one locale as a snapshot file: the golden files' format
/// (ICU and CLDR versions, plural categories, invisible characters made visible,
/// right-to-left display lines) for the products a paywall really shows.
///
/// The text depends only on the products, the locale, the catalogs, the options and ICU's
/// data: no paths, dates or machine names, so the same input gives byte-identical files on
/// any machine with the same ICU.
enum SnapshotFile {
    /// The snapshot text of every item in one locale; each territory's products are one
    /// paywall (savings between them), as `paywall-text render` renders them.
    package static func render(
        _ items: [ImportedProduct], problems: [DocumentProblem] = [], locale: String, catalogs: Catalogs = .builtIn,
        copy: PaywallCopy? = nil, options: RenderOptions, asOf: AsOf? = nil
    ) throws(PaywallTextError) -> String {
        let renderer = PaywallRenderer(catalogs: catalogs, copy: copy, options: options)
        let display = try DisplayLocale(locale)
        let catalog = try catalogs.catalogName(for: locale)
        var file = GoldenWriter(locale: locale, catalogs: catalogs)
        try file.header("# PaywallText snapshot · locale \(display.identifier) · catalog \(catalog)", entries: "field",
                        extra: (options.changes.map { ["# Options: \($0)"] } ?? []) + (asOf.map { ["# As of \($0)"] } ?? [])
                            + (options.asOf.map { ["# Dates from \($0) in \(options.timeZone) · time zone data \(TimeZoneName.dataVersion)"] } ?? []))
        let results = renderer.render(items, locale: display)
        for (offset, (item, result)) in zip(items, results).enumerated() {
            file.blank()
            file.line("## " + title(of: item, position: offset + 1))
            switch (item.result, result) {
            case (.success(let product), .success(let text)):
                file.line("input: " + describe(product.product))
                // The parts left out for an error, before the text rendered without them.
                for error in item.errors { file.line(describe(error)) }
                // The counts behind the text, after normalization (7 days → 1 week).
                try write(text, counts: renderer.shownCounts(of: product), copyKeys: copy?.keys ?? [], to: &file)
            case (_, .failure(let error)), (.failure(let error), _):
                for error in item.errors.isEmpty ? [error] : item.errors { file.line(describe(error)) }
            }
            for warning in item.warnings {
                file.line("warning: \(warning)")
            }
        }
        if !problems.isEmpty {
            file.blank()
            file.line("## Problems of the document")
            for problem in problems {
                file.line("\(problem.severity.rawValue): \(problem.error.kind.rawValue)"
                          + (problem.path.isEmpty ? "" : " at \(problem.path)") + ": \(problem.error.message)")
            }
        }
        return file.text
    }

    /// `error: invalidValue at price: must not be negative, got -1`.
    private static func describe(_ error: PaywallTextError) -> String {
        "error: \(error.kind.rawValue)" + (error.path.isEmpty ? "" : " at \(error.path)") + ": \(error.message)"
    }

    /// `[2] com.example.annual · territory DEU · appStoreConnect data[0]`.
    static func title(of item: ImportedProduct, position: Int) -> String {
        var parts = ["[\(position)] \(item.source.productIdentifier ?? "(no productIdentifier)")"]
        if let territory = item.source.territory { parts.append("territory \(territory)") }
        parts.append(item.source.path.isEmpty ? item.source.format.rawValue : "\(item.source.format.rawValue) \(item.source.path)")
        return parts.joined(separator: " · ")
    }

    /// The fields of a result in the order and with the labels of ``labels``, the copy
    /// warnings left, then the result's language with its spoken forms and parts.
    private static func write(
        _ text: RenderedProduct, counts: ShownCounts, copyKeys: [String], to file: inout GoldenWriter
    ) throws(PaywallTextError) {
        // Every warning of a message left out is written in its place; the others after the fields.
        var fields = SnapshotFields(ListedObject(text), counts: counts, copyKeys: copyKeys, warnings: text.copyWarnings)
        try fields.write(fields.product, to: &file)
        for warning in text.copyWarnings where !fields.written.contains(warning.path) {
            file.line("warning: \(warning)")
        }
        // Spoken forms and parts, when the options include them.
        if let language = text.language {
            file.blank()
            file.line("language: \(language.tag) (\(language.direction.rawValue))")
            file.annotations(of: text)
        }
    }

    /// Every key of a copy: its text, or the warning that says why it was left out.
    ///
    /// - Returns: The paths of the warnings written.
    static func writeCopy(
        _ copy: [String: String], keys: [String], path: String, indent: String, warnings: [ProductWarning], to file: inout GoldenWriter
    ) -> Set<String> {
        var written: Set<String> = []
        for key in keys {
            if let text = copy[key] {
                file.entry("\(indent)copy \(key)", text)
            } else {
                let reason = warnings.first { $0.path == "\(path).\(key)" }
                file.line("\(indent)copy \(key) — \(reason?.message ?? "left out")")
                if let reason { written.insert(reason.path) }
            }
        }
        return written
    }

    /// The input as a reviewer reads it: `53.99 USD / 1 year; introductory freeTrial 1 week × 1`.
    static func describe(_ product: Product) -> String {
        var text = "\(product.price) \(product.currencyCode ?? "(currency of \(product.priceLocale ?? "?"))")"
        if let period = product.subscriptionPeriod { text += " / \(describe(period))" }
        if let plan = product.billingPlan { text += "; billingPlan \(GoldenWriter.describe(plan))" }
        var offers: [(String, Discount)] = []
        if let intro = product.introductoryPrice { offers.append(("introductoryPrice", intro)) }
        offers += (product.discounts ?? []).enumerated().map { ("discounts[\($0.offset)]", $0.element) }
        for (path, offer) in offers {
            let phases = offer.phases.map { phase in
                let price = phase.paymentMode == .freeTrial ? "" : " \(phase.price)"
                return "\(phase.paymentMode.rawValue)\(price) \(describe(phase.subscriptionPeriod)) × \(phase.numberOfPeriods)"
            }
            let type = offer.type.map { " \($0.rawValue)" } ?? ""
            text += "; \(path)\(type)" + (offer.identifier.map { " \($0)" } ?? "") + " " + phases.joined(separator: ", then ")
        }
        return text
    }

    /// `3 months`, as the golden files write inputs.
    private static func describe(_ period: SubscriptionPeriod) -> String {
        GoldenWriter.describe(period)
    }
}

extension RenderOptions {
    /// The options that differ from the defaults, as a snapshot header describes them
    /// (`days as weeks off · unit prices rounded halfEven`); `nil` when none do.
    var changes: String? {
        let defaults = RenderOptions()
        // The order snapshot headers have always used.
        let order: [Name] = [.daysAsWeeks, .monthsAsYears, .unitPriceRounding, .store, .storefront, .savingsReference, .include, .fields]
        let parts = order.compactMap { name -> String? in
            switch name {
            case .daysAsWeeks: normalization.daysAsWeeks ? nil : "days as weeks off"
            case .monthsAsYears: normalization.monthsAsYears ? nil : "months as years off"
            case .unitPriceRounding:
                unitPriceRounding == defaults.unitPriceRounding ? nil : "unit prices rounded \(unitPriceRounding.rawValue)"
            case .store: store.map { "store \($0.rawValue)" }
            case .storefront: storefront.map { "storefront \($0)" }
            case .cancellationHint: nil  // the former name of store, which says it
            case .savingsReference: savingsReference.map { "savings against \($0)" }
            case .include: include.isEmpty ? nil : "including \(Include.named.filter { include.contains($0.field) }.map(\.name).joined(separator: ", "))"
            case .fields: fields.map { "only \($0.paths.joined(separator: ", "))" }
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}
