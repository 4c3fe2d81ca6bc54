/// The fields a render makes (``RenderOptions/fields``), named by the result's own JSON paths
/// without array indices: `price`, `pricePer.month.price`, `offers.summary` (every offer's
/// summary), `offers.phases.headline`, `billingPlan.summary`, `disclosures`, `copy`.
///
/// A path selects its field and everything under it (`pricePer` is every price per unit);
/// the identity of a result (`locale`, `catalog`, `productIdentifier`, `currencyCode`) is
/// always there. Only what is selected, and what it is made from, is rendered: a paywall
/// that shows `price` and `offers.headline` does not pay for the prices per unit, the terms
/// or the phases. `spoken`, `parts` and `fieldLanguages` keep the selected fields' entries,
/// under the same paths with their indices (`offers[0].summary`).
///
/// ```swift
/// var options = RenderOptions()
/// options.fields = try FieldSelection(["price", "recurringPrice", "offers.headline"])
/// ```
public struct FieldSelection: Sendable, Hashable, CustomStringConvertible {
    /// The paths asked for, in the order given, each once.
    public let paths: [String]

    /// Every path a selection may name, in the order results list them.
    public static let validPaths: [String] = {
        var lister = PathLister()
        RenderedProduct.withEveryField.visitFields(&lister)
        return lister.paths
    }()

    /// The fields at `paths`.
    ///
    /// - Throws: ``PaywallTextError`` naming the first path that is no field of a result,
    ///   and the valid ones.
    public init(_ paths: [String]) throws(PaywallTextError) {
        var kept: [String] = []
        for raw in paths {
            let path = String(raw.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
            guard !path.isEmpty else { continue }
            guard FieldSelection.validPaths.contains(path) else {
                throw PaywallTextError(.invalidValue, message: "unknown field \(quoted(path)); fields are named by the result's JSON paths "
                                       + "without indices: " + FieldSelection.validPaths.joined(separator: ", "))
            }
            if !kept.contains(path) { kept.append(path) }
        }
        self.paths = kept
    }

    /// Reads paths separated by commas (`price,offers.headline`), as `--fields` gives them.
    public init(parsing text: String) throws(PaywallTextError) {
        try self.init(text.split(separator: ",").map(String.init))
    }

    /// The paths, separated by commas.
    public var description: String { paths.joined(separator: ",") }

    /// Whether the field at `path` (without indices: `offers.summary`) is written, and so
    /// made: it, or an object it is in, is selected; or it is an object with a selected field
    /// in it.
    public func includes(_ path: String) -> Bool {
        paths.contains { selected in
            selected == path || FieldSelection.isUnder(path, selected) || FieldSelection.isUnder(selected, path)
        }
    }

    /// A field's path without its indices, as a selection names it: `offers[0].summary` →
    /// `offers.summary`.
    public static func pathWithoutIndices(_ path: String) -> String {
        guard path.utf8.contains(UInt8(ascii: "[")) else { return path }
        var result = "", skipping = false
        for character in path {
            if character == "[" { skipping = true } else if character == "]" { skipping = false } else if !skipping { result.append(character) }
        }
        return result
    }

    /// The maps keyed by field path, whose entries follow their fields.
    @usableFromInline
    static let fieldMaps: Set<String> = ["spoken", "parts", "fieldLanguages"]

    /// Whether `path` is inside the object at `container` (`offers.summary` in `offers`).
    private static func isUnder(_ path: String, _ container: String) -> Bool {
        path.utf8.count > container.utf8.count && path.hasPrefix(container) && path.utf8[path.utf8.index(path.utf8.startIndex, offsetBy: container.utf8.count)] == UInt8(ascii: ".")
    }

    /// The fields every result keeps, whatever is selected: what it is, and its language.
    @usableFromInline
    static let identity: Set<String> = ["locale", "catalog", "lang", "dir", "productIdentifier", "currencyCode"]
}

/// Lists the paths of a result's fields, without array indices.
private struct PathLister: ResultFieldVisitor {
    var paths: [String] = []
    private var prefix: [String] = []

    private mutating func record(_ key: String) {
        let path = (prefix + [key]).joined(separator: ".")
        if !FieldSelection.identity.contains(path), !paths.contains(path) { paths.append(path) }
    }

    mutating func text(_ key: String, _ value: String?) { record(key) }
    mutating func number(_ key: String, _ value: Int?) { record(key) }
    mutating func runs(_ key: String, _ value: [TextRun]) { record(key) }

    mutating func object(_ key: String, present: Bool, _ members: (inout PathLister) -> Void) {
        record(key)
        // Maps keyed by field (spoken, parts, copy, …) are selected whole.
        guard present, !FieldSelection.fieldMaps.contains(key), key != "copy" else { return }
        prefix.append(key)
        members(&self)
        prefix.removeLast()
    }

    mutating func array(_ key: String, present: Bool, count: Int, _ element: (inout PathLister, Int) -> Void) {
        record(key)
        guard present, key != "disclosures" else { return }
        prefix.append(key)
        for index in 0..<count { element(&self, index) }
        prefix.removeLast()
    }
}

extension RenderedProduct {
    /// A result with every field filled in, each nested value once: what
    /// ``FieldSelection/validPaths`` lists (and what the tests check the list against).
    static let withEveryField: RenderedProduct = {
        let unit = UnitPrice(price: "$0.33", amount: "0.33", recurringPrice: "$0.33/day", billed: "$0.33/day, billed monthly at $9.99")
        let pricePer = PricePer(day: unit, week: unit, month: unit, year: unit)
        let percent = PercentText(percent: 35, text: "35%", headline: "Save 35%", amount: "$29.89", amountHeadline: "Save $29.89 a year")
        let date = RenderedDate(iso: "2026-02-28", text: "February 28, 2026")
        var runs = FieldMap<[TextRun]>()
        runs["price"] = [TextRun("$9.99", role: .regularPrice)]
        var spoken = FieldMap<String>()
        spoken["price"] = "9.99 US dollars"
        var languages = FieldMap<TextLanguage>()
        languages["copy.title"] = TextLanguage(tag: "en", direction: .leftToRight)
        // A title from a listing in another language than the product's.
        let disclosures = [Disclosure(role: .title, text: "Pro", language: TextLanguage(tag: "en-US", direction: .leftToRight))]
        var phase = RenderedPhase(paymentMode: .payAsYouGo, price: "$1.99", period: "1 month", duration: "3 months",
                                  headline: "$1.99/month for 3 months", discount: percent, pricePer: pricePer)
        phase.spoken = spoken
        phase.parts = runs
        phase.fieldLanguages = languages
        var offer = RenderedOffer(type: .introductory, identifier: "intro", paymentMode: .payAsYouGo, price: "$1.99", period: "1 month",
                                  duration: "3 months", headline: "h", summary: "s", terms: "t", discount: percent, phases: [phase],
                                  regularPrice: "$9.99", copy: ["title": "Try it"])
        offer.datedHeadline = "dh"
        offer.datedSummary = "ds"
        offer.dates = OfferDates(endsOn: date)
        offer.spoken = spoken
        offer.parts = runs
        offer.fieldLanguages = languages
        offer.disclosures = disclosures
        var plan = RenderedBillingPlan(type: .commitment, numberOfPayments: 12, duration: "12 months", total: "€59.88", totalAmount: "59.88",
                                       renewal: .newCommitment(numberOfPayments: 12), headline: "h", summary: "s")
        plan.endsOn = date
        plan.endsOnText = "e"
        var text = RenderedProduct(locale: "en-US", catalog: "en", productIdentifier: "p", currencyCode: "USD", price: "$9.99",
                                   period: "1 month", recurringPrice: "$9.99/month", recurringPriceShort: "$9.99/mo", planName: "Monthly",
                                   pricePer: pricePer, savings: percent, terms: "Renews", offers: [offer], copy: ["title": "Go"],
                                   copyWarnings: [], billingPlan: plan)
        text.dates = ProductDates(firstChargeOn: date, renewsOn: date)
        text.language = TextLanguage(tag: "en", direction: .leftToRight)
        text.spoken = spoken
        text.parts = runs
        text.fieldLanguages = languages
        text.store = .appStore
        text.disclosures = disclosures
        return text
    }()
}
