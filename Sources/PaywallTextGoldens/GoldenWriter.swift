package import PaywallText
import PaywallTextJSON

/// The counts of a product's periods as shown, the numbers that choose plural forms
/// (``PaywallRenderer/shownCounts(of:)``): the billing period's, `nil` for a one-time
/// purchase, and each offer's phases' counts of one billing period and of the whole phase.
package typealias ShownCounts = (period: Int?, offers: [[(period: Int, duration: Int)]])

/// Accumulates a golden file's lines: entries with their invisible characters made
/// visible, and, in a right-to-left locale, how each entry displays.
package struct GoldenWriter {
    /// The start of every file's ICU line, followed by the version.
    static let icuHeaderPrefix = "# ICU "

    package let locale: String
    package let catalogs: Catalogs
    /// Whether the locale is written right to left, so that entries get a display line.
    package let isRightToLeft: Bool
    package private(set) var text = ""

    package init(locale: String, catalogs: Catalogs) {
        self.locale = locale
        self.catalogs = catalogs
        isRightToLeft = (try? DisplayLocale(locale))?.direction == .rightToLeft
    }

    /// The header every golden and snapshot file starts with: the title, ICU's versions, the
    /// locale's plural categories, `extra` lines, and how to read the entries (whose labels
    /// name an `entries` kind: `input` or `field`).
    package mutating func header(_ title: String, entries: String, extra: [String] = []) throws(PaywallTextError) {
        line(title)
        line("\(GoldenWriter.icuHeaderPrefix)\(PaywallRenderer.icuVersion) · CLDR \(PaywallRenderer.cldrVersion)")
        line("# Plural categories of integers: \(try PluralCategories.integers(locale: locale).map(\.category).joined(separator: " "))")
        for extra in extra { line(extra) }
        line("# Each entry: \(entries) → output [plural category of the count]. Text with invisible")
        line("# characters is followed by ⟨…⟩, where each one is written [U+XXXX].")
        if isRightToLeft {
            line("# Right to left: under each entry, \"display:\" shows how a right-to-left paragraph")
            line("# displays it (ICU's bidi algorithm): its runs from left to right, each ⟦run⟧ in its")
            line("# own direction, without the invisible bidi controls.")
        }
    }

    /// `3 months`, `1 day`, as the files write inputs, in their own English.
    package static func describe(_ period: SubscriptionPeriod) -> String {
        "\(period.numberOfUnits) \(period.unit.rawValue)\(period.numberOfUnits == 1 ? "" : "s")"
    }

    /// `commitment × 12, then newCommitment × 12`, `commitment × 12 (total 59.88), then ends`,
    /// `prepaid`: a billing plan as the files write inputs.
    package static func describe(_ plan: BillingPlan) -> String {
        guard case .commitment(let commitment) = plan else { return plan.type.rawValue }
        let then = if case .newCommitment(let payments) = commitment.renewal { "newCommitment × \(payments)" } else {
            commitment.renewal.name.rawValue
        }
        return "commitment × \(commitment.numberOfPayments)" + (commitment.totalPrice.map { " (total \($0))" } ?? "") + ", then \(then)"
    }

    /// A renderer of the file's catalogs, with a normalization and other options.
    package func renderer(_ normalization: PeriodNormalization = .standard, _ options: RenderOptions = RenderOptions()) -> PaywallRenderer {
        var options = options
        options.normalization = normalization
        return PaywallRenderer(catalogs: catalogs, options: options)
    }

    /// A product rendered in the file's locale.
    package func render(_ product: Product, normalization: PeriodNormalization = .standard) throws(PaywallTextError) -> RenderedProduct {
        try renderer(normalization).render(product, locale: locale)
    }

    /// A product rendered in the file's locale, with the counts of its periods as shown.
    package func renderWithCounts(
        _ product: Product, normalization: PeriodNormalization = .standard
    ) throws(PaywallTextError) -> (text: RenderedProduct, counts: ShownCounts) {
        let renderer = renderer(normalization)
        let checked = try CheckedProduct(product)
        return (try renderer.render(checked, locale: DisplayLocale(locale)), renderer.shownCounts(of: checked))
    }

    /// The plural category ICU chooses for a count in the file's locale.
    package func category(_ count: Int) throws(PaywallTextError) -> String {
        try renderer().pluralCategory(for: count, locale: locale)
    }

    package mutating func line(_ line: String) {
        text += line + "\n"
    }

    package mutating func blank() {
        line("")
    }

    package mutating func section(_ title: String) {
        blank()
        line("## \(title)")
    }

    /// `label → text [category]`, then (right to left) `display: ⟦run⟧ ⟦run⟧`.
    ///
    /// A label that holds a rendered piece (`3.99 KWD (KWD 3.990)`, the input of a spoken
    /// price) has its invisible characters spelled in place (`KWD[U+00A0]3.990`), as every
    /// line of the format must show them.
    package mutating func entry(_ label: String, _ output: String, category: String? = nil) {
        line("\(VisibleText.marked(label) ?? label) → \(VisibleText.entry(output))" + (category.map { " [\($0)]" } ?? ""))
        if isRightToLeft, !output.isEmpty, let display = GoldenWriter.display(output) {
            let indent = String(label.prefix(while: { $0 == " " }))
            line("\(indent)  display: \(display)")
        }
    }

    /// A result's spoken forms and parts (``RenderOptions/include``), by field path from the
    /// product: `offers[0].summary spoken → Free for 1 week, then 9.99 US dollars per month`,
    /// then `offers[0].summary parts → Free for [1 week](duration), then [$9.99](regularPrice)/month`
    /// (invisible characters made visible; no display line: the field's spoken line and its
    /// text's own entry have one).
    package mutating func annotations(of text: RenderedProduct, indent: String = "", fields: (String) -> Bool = { _ in true }) {
        for field in text.annotatedFields where fields(field.path) {
            if let spoken = field.spoken { entry("\(indent)\(field.path) spoken", spoken) }
            if let runs = field.runs {
                line("\(indent)\(field.path) parts → \(VisibleText.entry(GoldenWriter.outline(runs)))")
            }
        }
    }

    /// Runs as people read them in a golden file or a table: each run with a role in brackets
    /// followed by its role, literal text as it is: `Free for [1 week](duration), then
    /// [$9.99](regularPrice)/month`.
    package static func outline(_ runs: [TextRun]) -> String {
        runs.map { run in run.role.map { "[\(run.text)](\($0.rawValue))" } ?? run.text }.joined()
    }

    /// The runs of a right-to-left paragraph showing `text`, from left to right. Each run is
    /// bracketed and followed by a LEFT-TO-RIGHT MARK, so that an editor showing the file
    /// keeps the runs in this order.
    package static func display(_ text: String) -> String? {
        // A run of spaces alone is shown by the space between the runs.
        guard let runs = try? BidiDisplay.displayedRuns(of: text).filter({ run in
            !run.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
        }), !runs.isEmpty else { return nil }
        return runs.map { "⟦\($0)⟧\u{200E}" }.joined(separator: " ")
    }
}
