#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallText
import PaywallTextGoldens
import PaywallTextSupport

/// A copy folder under review (``PaywallCopy``): its files, each checked, and the value that
/// renders them, when the folder is accepted.
struct ReviewCopy {
    /// One language of the folder.
    struct Language: Sendable {
        let name: String
        /// The file as it was read.
        let file: String
        /// `nil` when the file is not a copy file.
        let catalog: Catalog?
        let problems: [ReviewProblem]
        let isRightToLeft: Bool

        var errorCount: Int { problems.filter(\.isError).count }
        var warningCount: Int { problems.count - errorCount }
        /// The page's file name, apart from the catalogs' pages.
        var pageName: String { "copy-\(name).html" }
    }

    let directory: String
    /// The source first, then by name.
    let languages: [Language]
    /// The source file, `en.json`.
    let source: Catalog?
    /// The source's name: `en.json` is every copy folder's source (<doc:CopyFolders>).
    static let sourceName = "en"
    /// The folder as renderers load it; `nil` when it is rejected.
    let copy: PaywallCopy?
    /// Why the folder is rejected, when it is.
    let rejection: String?

    /// Reads and checks every file of a copy folder.
    ///
    /// - Throws: ``ReviewError`` (no input) when the folder cannot be read.
    init(directory: String) throws(ReviewError) {
        self.directory = directory
        // What `paywall-text lint --copy` reports: every file as read, and each file's problems.
        let report: CatalogLintReport
        do {
            report = try CatalogLintReport.copy(directory: directory)
        } catch {
            throw ReviewError(kind: .noInput, message: "--copy: \(error)")
        }
        let files = report.files.compactMap { try? $0.get() }
        var languages: [Language] = []
        for result in report.files {
            switch result {
            case .success(let file):
                let own = report.problems.filter { $0.location.file == file.file }.map { ReviewProblem(isError: $0.isError, key: $0.location.key, message: $0.message) }
                languages.append(Language(name: file.name, file: file.file, catalog: file, problems: own,
                                          isRightToLeft: (try? DisplayLocale(file.name))?.direction == .rightToLeft))
            case .failure(let error):
                let file = error.catalog?.file ?? directory
                let name = String((file.split(separator: "/").last ?? "").dropLast(".json".count))
                languages.append(Language(name: name, file: file, catalog: nil,
                                          problems: [ReviewProblem(isError: true, key: nil, message: error.message)], isRightToLeft: false))
            }
        }
        self.languages = languages.sorted { ($0.name == ReviewCopy.sourceName ? 0 : 1, $0.name) < ($1.name == ReviewCopy.sourceName ? 0 : 1, $1.name) }
        source = files.first { $0.name == ReviewCopy.sourceName }
        do {
            copy = try PaywallCopy(directory: directory)
            rejection = nil
        } catch {
            copy = nil
            rejection = "\(error)"
        }
    }
}

/// A copy message rendered for the review pages.
struct CopySample: Sendable, Equatable {
    /// What varies: `plan month · 3 [few]`, `offer freeTrial week · 2 [few]`.
    let label: String
    /// What was rendered, in the golden files' English.
    let input: String
    let unit: PeriodUnit?
    let count: Int?
    let category: String?
    /// The text, or why the message was left out for this product.
    let text: Result<String, ReviewGoldenComparison.Reason>
}

/// Renders each key of a copy language the way a paywall shows it, through
/// ``PaywallRenderer`` with the copy: for every plural category the language has and every
/// unit of the arguments the message uses (the plan's `count` and `unit`, the offer's
/// `offerCount` and `offerUnit`, each `offerPaymentMode`, `savingsPercent`).
struct CopyReviewSamples {
    let locale: String
    let renderer: PaywallRenderer
    /// The counts that show each plural category of the locale.
    let counts: [(category: String, count: Int)]
    let copy: PaywallCopy

    init(copy: PaywallCopy, locale: String, catalogs: Catalogs) throws(PaywallTextError) {
        self.copy = copy
        self.locale = locale
        renderer = PaywallRenderer(catalogs: catalogs, copy: copy, options: RenderOptions(normalization: .disabled))
        counts = try ReviewSamples(locale: locale, catalogs: catalogs).counts
    }

    /// The samples of one key in the language it is reviewed in.
    func samples(for key: String, language: String) -> [CopySample] {
        let uses = copy.argumentNames(key, language: language) ?? copy.argumentNames(key, language: ReviewCopy.sourceName) ?? []
        let mode: PaymentMode = uses.contains("discount") ? .payAsYouGo : .freeTrial
        var samples: [CopySample] = []
        if uses.contains("count") || uses.contains("unit") {
            for unit in PeriodUnit.allCases {
                for (category, count) in counts {
                    samples.append(sample(key, label: "plan \(unit.rawValue) · \(count) [\(category)]", unit: unit, count: count, category: category,
                                          plan: ReviewSamples.plan(unit, count: count, offer: GoldenCases.offer(mode, unit: .month, count: 3))))
                }
            }
        }
        if uses.contains("offerCount") || uses.contains("offerUnit") || uses.contains("offerPaymentMode") {
            let modes = uses.contains("offerPaymentMode") ? PaymentMode.allCases : [mode]
            let varies = uses.contains("offerCount") || uses.contains("offerUnit")
            // A dear plan, so that an offer of any length is cheaper than it (and has a discount).
            let regular = uses.contains("discount") ? "299.99" : "9.99"
            for offerMode in modes {
                for unit in varies ? PeriodUnit.allCases : [.month] {
                    for (category, count) in varies ? counts : [("", 3)] {
                        let label = "offer \(offerMode.rawValue)" + (varies ? " \(unit.rawValue) · \(count) [\(category)]" : "")
                        samples.append(sample(key, label: label, unit: varies ? unit : nil, count: varies ? count : nil,
                                              category: varies ? category : nil,
                                              plan: GoldenCases.product(regular, "USD", .months(1),
                                                                        offer: GoldenCases.offer(offerMode, unit: unit, count: count))))
                    }
                }
            }
        }
        if uses.contains("savingsPercent") {
            // A yearly plan priced to save exactly that percent of a 10.00 USD monthly plan.
            for (category, percent) in counts where percent < 100 {
                let price = GoldenCases.decimal("120") * Decimal(100 - percent) / 100
                let plan = Product(price: price, currencyCode: "USD", subscriptionPeriod: .years(1),
                                   introductoryPrice: GoldenCases.offer(mode, unit: .month, count: 3))
                samples.append(sample(key, label: "savings \(percent)% [\(category)]", unit: nil, count: percent, category: category,
                                      plan: plan, reference: GoldenCases.product("10", "USD", .months(1))))
            }
        }
        // Whatever it uses, the message under each kind of offer and plan: a sentence true of a
        // free trial ("3 months free") may be false of a paid offer, and one true of a plan that
        // renews until canceled ("cancel anytime") false of a commitment.
        for offerMode in PaymentMode.allCases {
            samples.append(sample(key, label: "offer \(offerMode.rawValue)", unit: nil, count: nil, category: nil,
                                  plan: GoldenCases.product("299.99", "USD", .months(1), offer: GoldenCases.offer(offerMode, unit: .month, count: 3))))
        }
        samples.append(sample(key, label: "offer of several phases", unit: nil, count: nil, category: nil, plan: Self.severalPhases))
        for (name, plan) in Self.plans {
            samples.append(sample(key, label: "plan \(name)", unit: nil, count: nil, category: nil, plan: plan))
        }
        return samples
    }

    /// A monthly plan whose introductory offer is a free week, then 3 months at 1.99 USD.
    private static let severalPhases: Product = {
        let phased = GoldenCases.severalPhases[0]
        var plan = GoldenCases.product(phased.regularPrice, "USD", phased.regularPeriod)
        plan.introductoryPrice = Discount(type: .introductory, phases: phased.phases[0], then: Array(phased.phases.dropFirst()))
        return plan
    }()

    /// A plan of each kind the copy's `plan` argument names: 9.99 USD a month renewing until
    /// canceled, with 12 monthly payments due, prepaid for one month, and a one-time purchase.
    private static let plans: [(String, Product)] = [
        ("renewing", GoldenCases.product("9.99", "USD", .months(1))),
        ("commitment", GoldenCases.product("9.99", "USD", .months(1)).withBillingPlan(
            .commitment(Commitment(numberOfPayments: 12, renewal: .regularPrice)))),
        ("prepaid", GoldenCases.product("9.99", "USD", .months(1)).withBillingPlan(.prepaid)),
        ("oneTime", Product(price: GoldenCases.decimal("9.99"), currencyCode: "USD")),
    ]

    /// One product rendered beside a dearer plan (so that it has savings), its copy's `key`.
    private func sample(
        _ key: String, label: String, unit: PeriodUnit?, count: Int?, category: String?, plan: Product,
        reference: Product = GoldenCases.product("19.99", "USD", .weeks(1))
    ) -> CopySample {
        let input = "\(describe(plan)) beside \(describe(reference))"
        let text: Result<String, ReviewGoldenComparison.Reason>
        switch renderer.render([reference, plan], locale: locale)[1] {
        case .success(let rendered):
            if let line = rendered.copy?[key] {
                text = .success(line)
            } else {
                let warning = rendered.copyWarnings.first { $0.path == "copy.\(key)" }
                text = .failure(.init(message: warning?.message ?? "left out"))
            }
        case .failure(let error):
            text = .failure(.init(message: error.description))
        }
        return CopySample(label: label, input: input, unit: unit, count: count, category: category, text: text)
    }

    /// `29.97 USD/3 months, introductory freeTrial 1 week`.
    private func describe(_ product: Product) -> String {
        var text = "\(product.price) \(product.currencyCode ?? "")"
        if let period = product.subscriptionPeriod { text += "/\(GoldenWriter.describe(period))" }
        switch product.billingPlan {
        case .commitment(let commitment): text += ", commitment of \(commitment.numberOfPayments) payments"
        case .prepaid: text += ", prepaid"
        case nil: break
        }
        if let offer = product.introductoryPrice {
            text += ", introductory " + offer.phases.map { phase in
                let price = phase.paymentMode == .freeTrial ? "" : " \(phase.price)"
                return "\(phase.paymentMode.rawValue)\(price) \(GoldenWriter.describe(phase.subscriptionPeriod)) × \(phase.numberOfPeriods)"
            }.joined(separator: ", then ")
        }
        return text
    }
}

/// One copy language's review page, `copy-<language>.html`: every key of the source beside
/// its note, the language's message, its lint findings, and the message rendered for every
/// plural category and unit.
struct CopyReviewPage {
    let language: ReviewCopy.Language
    let review: ReviewCopy
    /// The samples, or why there are none (a rejected folder).
    let samples: Result<CopyReviewSamples, ReviewGoldenComparison.Reason>

    private var target: String {
        " lang=\"\(ReviewHTML.escape(language.name))\"" + (language.isRightToLeft ? " dir=\"rtl\"" : "")
    }

    private var source: String {
        " lang=\"\(ReviewHTML.escape(language.name))\"" + (language.isRightToLeft ? " dir=\"ltr\"" : "")
    }

    private var keys: [String] { review.source?.messages.keys.sorted() ?? [] }

    func html() -> String {
        var body = "<body>\n<input type=\"checkbox\" id=\"show-marked\" class=\"toggle\">\n"
        if language.isRightToLeft { body += "<input type=\"checkbox\" id=\"show-display\" class=\"toggle\">\n" }
        body += "<div class=\"toolbar\" lang=\"en\"><a href=\"index.html\">← All catalogs</a>"
        body += "<strong>copy · \(ReviewHTML.escape(language.name))</strong>"
        body += "<label for=\"show-marked\">Show invisible characters ([U+00A0]…)</label>"
        if language.isRightToLeft { body += "<label for=\"show-display\">Show how a right-to-left paragraph displays each text</label>" }
        body += "</div>\n<main>\n"
        body += header()
        for key in keys {
            body += section(key)
        }
        body += "</main>\n</body>"
        return ReviewHTML.document(lang: language.name, title: "copy \(language.name) · PaywallText review", body: body)
    }

    private func header() -> String {
        var html = "<header class=\"status-block\" lang=\"en\">\n"
        html += "<h1>Copy <span\(target)>\(ReviewHTML.escape(language.name))</span> <span class=\"muted mono\">\(ReviewHTML.escape(language.file))</span></h1>\n"
        html += "<ul class=\"status\">\n"
        html += "<li>Direction: \(language.isRightToLeft ? "right to left (rtl)" : "left to right (ltr)")</li>\n"
        html += "<li id=\"fonts\">\(ReviewHTML.fonts(for: language.name))</li>\n"
        switch samples {
        case .success(let samples):
            html += "<li>Samples rendered in <code>\(ReviewHTML.escape(samples.locale))</code> with the copy folder "
                + "<code>\(ReviewHTML.escape(review.directory))</code>, normalization off (7 days stay days); plural categories: "
                + ReviewHTML.escape(samples.counts.map { "\($0.category) (\($0.count))" }.joined(separator: ", ")) + "</li>\n"
        case .failure(let reason):
            html += "<li class=\"error\">No samples: \(ReviewHTML.escape(reason.message))</li>\n"
        }
        let errors = language.errorCount, warnings = language.warningCount
        html += "<li class=\"\(errors > 0 ? "error" : warnings > 0 ? "warning" : "ok")\">Lint: \(errors) error\(errors == 1 ? "" : "s"), "
            + "\(warnings) warning\(warnings == 1 ? "" : "s")</li>\n"
        let fileProblems = language.problems.filter { $0.key == nil || !keys.contains($0.key ?? "") }
        if !fileProblems.isEmpty {
            html += "<li><ul class=\"problems\">" + fileProblems.map(\.listItem).joined() + "</ul></li>\n"
        }
        html += "</ul>\n<nav><ul class=\"keys\">\n"
        for key in keys {
            html += "<li><a href=\"#\(ReviewHTML.escape(key))\">\(ReviewHTML.escape(key))</a>\(flags(key))</li>\n"
        }
        return html + "</ul></nav>\n</header>\n"
    }

    private func flags(_ key: String) -> String {
        let problems = language.problems.filter { $0.key == key }
        let errors = problems.filter(\.isError).count, warnings = problems.count - errors
        var html = ""
        if errors > 0 { html += " <span class=\"flag error\">\(errors) error\(errors == 1 ? "" : "s")</span>" }
        if warnings > 0 { html += " <span class=\"flag warning\">\(warnings) warning\(warnings == 1 ? "" : "s")</span>" }
        return html
    }

    private func section(_ key: String) -> String {
        let id = ReviewHTML.escape(key)
        var html = "<section class=\"key\" id=\"\(id)\" data-key=\"\(id)\">\n"
        html += "<h2 lang=\"en\"><code>\(id)</code>\(flags(key))</h2>\n<div class=\"pair\">\n"
        html += "<div class=\"english\" lang=\"en\" dir=\"ltr\"><h3>Source (\(ReviewCopy.sourceName).json)</h3>"
        if let message = review.source?.messages[key] { html += "<pre class=\"message\">\(ReviewHTML.escape(message))</pre>" }
        if let note = review.source?.notes[key] { html += "<p class=\"note\">\(ReviewHTML.escape(note))</p>" }
        html += "</div>\n<div class=\"translation\"><h3 lang=\"en\">\(ReviewHTML.escape(language.name)) · ICU MessageFormat</h3>"
        if let message = language.catalog?.messages[key] {
            html += "<pre class=\"message\"\(source)>\(ReviewHTML.escape(message))</pre>"
            if let note = language.catalog?.notes[key], language.name != ReviewCopy.sourceName {
                html += "<p class=\"note\"\(source)>\(ReviewHTML.escape(note))</p>"
            }
        } else {
            html += "<p class=\"warning\" lang=\"en\">Missing from \(ReviewHTML.escape(language.file)): readers get the source message, in English.</p>"
        }
        html += "</div>\n</div>\n"
        let problems = language.problems.filter { $0.key == key }
        if !problems.isEmpty {
            html += "<ul class=\"problems\" lang=\"en\">" + problems.map(\.listItem).joined() + "</ul>\n"
        }
        return html + samplesTable(key) + "</section>\n"
    }

    private func samplesTable(_ key: String) -> String {
        guard case .success(let source) = samples else {
            if case .failure(let reason) = samples {
                return "<p class=\"muted\" lang=\"en\">Not rendered: \(ReviewHTML.escape(reason.message))</p>\n"
            }
            return ""
        }
        var html = "<table class=\"samples\"><tbody>\n"
        for sample in source.samples(for: key, language: language.name) {
            var attributes = ""
            if let unit = sample.unit { attributes += " data-unit=\"\(unit.rawValue)\"" }
            if let count = sample.count { attributes += " data-count=\"\(count)\"" }
            if let category = sample.category { attributes += " data-category=\"\(ReviewHTML.escape(category))\"" }
            html += "<tr\(attributes)><th lang=\"en\">\(ReviewHTML.escape(sample.label))<span class=\"input\">\(ReviewHTML.escape(sample.input))</span></th>"
            switch sample.text {
            case .success(let text):
                html += "<td\(target)><div class=\"text\">\(ReviewHTML.escape(text))</div>"
                if let marked = VisibleText.marked(text) { html += "<div class=\"marked\"\(target)>\(ReviewHTML.escape(marked))</div>" }
                if language.isRightToLeft, let display = GoldenWriter.display(text) {
                    html += "<div class=\"display\" dir=\"ltr\">\(ReviewHTML.escape(display))</div>"
                }
            case .failure(let reason):
                html += "<td class=\"muted\" lang=\"en\">\(ReviewHTML.escape(reason.message))"
            }
            html += "</td></tr>\n"
        }
        return html + "</tbody></table>\n"
    }
}

extension ReviewCopy {
    /// The index's section on the copy folder: each language with its lint findings and page.
    func indexSection(written: Set<String>) -> String {
        let errors = languages.reduce(0) { $0 + $1.errorCount }, warnings = languages.reduce(0) { $0 + $1.warningCount }
        var html = "<h2 lang=\"en\">Your copy: <code>\(ReviewHTML.escape(directory))</code></h2>\n"
        html += "<p lang=\"en\">\(languages.count) languages, \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        if let rejection { html += " · <span class=\"error\">rejected: \(ReviewHTML.escape(rejection))</span>" }
        html += "</p>\n<table class=\"index copy\" lang=\"en\">\n<thead><tr><th>Language</th><th>Direction</th><th>Lint</th></tr></thead>\n<tbody>\n"
        for language in languages {
            let name = ReviewHTML.escape(language.name)
            let status = language.errorCount > 0 ? "error" : language.warningCount > 0 ? "warning" : "ok"
            html += "<tr id=\"copy-\(name)\" data-copy=\"\(name)\" data-status=\"\(status)\"><td>"
            html += written.contains(language.name) ? "<a href=\"\(ReviewHTML.href(language.pageName))\">\(name)</a>" : "<strong>\(name)</strong>"
            html += "<br><span class=\"muted mono nowrap\">\(ReviewHTML.escape(language.file))</span></td>"
            html += "<td>\(language.isRightToLeft ? "rtl" : "ltr")</td>"
            html += "<td class=\"\(status)\">\(language.errorCount) errors, \(language.warningCount) warnings"
            if !language.problems.isEmpty {
                html += "<ul>" + language.problems.map { problem in
                    "<li class=\"\(problem.isError ? "error" : "warning")\">" + (problem.key.map { "<code>\(ReviewHTML.escape($0))</code>: " } ?? "")
                        + ReviewHTML.escape(problem.message) + "</li>"
                }.joined() + "</ul>"
            }
            html += "</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }
}

private extension Product {
    func withBillingPlan(_ plan: BillingPlan) -> Product {
        var product = self
        product.billingPlan = plan
        return product
    }
}
