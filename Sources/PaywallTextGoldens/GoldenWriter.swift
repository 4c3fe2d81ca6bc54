import PaywallText

/// Accumulates a golden file's lines: entries with their invisible characters made
/// visible, and, in a right-to-left locale, how each entry displays.
struct GoldenWriter {
    let locale: String
    let catalogs: CatalogSource
    /// Whether the locale is written right to left, so that entries get a display line.
    let isRightToLeft: Bool
    private(set) var text = ""

    init(locale: String, catalogs: CatalogSource) {
        self.locale = locale
        self.catalogs = catalogs
        isRightToLeft = BidiDisplay.isRightToLeft(locale: locale)
    }

    /// A renderer of the file's catalogs, with a normalization and other options.
    func renderer(_ normalization: PeriodNormalization = .standard, _ options: RenderOptions = RenderOptions()) -> PaywallRenderer {
        var options = options
        options.normalization = normalization
        options.catalogs = catalogs
        return PaywallRenderer(options: options)
    }

    /// A product rendered in the file's locale.
    func render(_ product: Product, normalization: PeriodNormalization = .standard) throws(PaywallTextError) -> RenderedProduct {
        try renderer(normalization).render(product, locale: locale)
    }

    /// The plural category ICU chooses for a count in the file's locale.
    func category(_ count: Int) throws(PaywallTextError) -> String {
        try renderer().pluralCategory(for: count, locale: locale)
    }

    mutating func line(_ line: String) {
        text += line + "\n"
    }

    mutating func blank() {
        line("")
    }

    mutating func section(_ title: String) {
        blank()
        line("## \(title)")
    }

    /// `label → text [category]`, then (right to left) `display: ⟦run⟧ ⟦run⟧`.
    mutating func entry(_ label: String, _ output: String, category: String? = nil) {
        line("\(label) → \(VisibleText.entry(output))" + (category.map { " [\($0)]" } ?? ""))
        if isRightToLeft, !output.isEmpty, let display = GoldenWriter.display(output) {
            let indent = String(label.prefix(while: { $0 == " " }))
            line("\(indent)  display: \(display)")
        }
    }

    /// The runs of a right-to-left paragraph showing `text`, from left to right. Each run is
    /// bracketed and followed by a LEFT-TO-RIGHT MARK, so that an editor showing the file
    /// keeps the runs in this order.
    static func display(_ text: String) -> String? {
        // A run of spaces alone is shown by the space between the runs.
        guard let runs = try? BidiDisplay.runs(of: text, rightToLeft: true).filter({ run in
            !run.text.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
        }), !runs.isEmpty else { return nil }
        return runs.map { "⟦\($0.text)⟧\u{200E}" }.joined(separator: " ")
    }
}
