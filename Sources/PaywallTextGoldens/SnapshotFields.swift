import PaywallText

/// How a snapshot file writes a field of the list (``SnapshotFile/labels``).
enum SnapshotLabel: Sendable, ExpressibleByStringLiteral {
    /// `label → text` (a number as its digits), the label read from the fields beside the
    /// field; nothing when the label is `nil` or the field has no value.
    case entry(@Sendable (ListedPlace) -> String?)
    /// `label → text [category]`: the plural category of the count behind the text, from the
    /// product's counts and the index of the offer the field is in.
    case counted(String, @Sendable (ShownCounts, _ offer: Int?) -> Int?)
    /// An object or array whose fields are written by their own labels. An array's elements
    /// come after the lines of `heading` (read from the object that holds the array), each after
    /// the lines of `element` (read from the element and the number of elements; `nil` leaves
    /// the element out).
    case fields(heading: @Sendable (ListedPlace) -> [String] = { _ in [] },
                element: @Sendable (ListedPlace, _ count: Int) -> [String]? = { _, _ in [] })
    /// A map of copy messages: every key of the copy folder, with its text or the warning that
    /// left it out.
    case copy(indent: String)
    /// No entry of its own: in another field's label, in a heading or title, in the language
    /// block after the fields, or not shown in snapshot files.
    case none

    init(stringLiteral label: String) {
        self = .entry { _ in label }
    }
}

extension SnapshotFile {
    /// How a snapshot file writes each field of the list, by JSON path without indices, in the
    /// file's order. A field the table does not name is written after its object's others,
    /// labelled by its path; `FieldLabelTests` fails for it by name.
    static let labels: FieldLabels<SnapshotLabel> = {
        var labels: [(path: String, label: SnapshotLabel)] = [
            // The product's identity is in its title and input line; its language heads the
            // spoken forms and parts, written after the fields.
            ("locale", .none), ("catalog", .none), ("lang", .none), ("dir", .none), ("productIdentifier", .none), ("currencyCode", .none),
            ("price", "price"),
            ("period", .counted("period") { counts, _ in counts.period }),
            ("recurringPrice", "recurring price"),
            ("recurringPriceShort", "recurring price, short"),
            ("planName", "plan name"),
            ("pricePer", .fields()),
        ]
        for unit in PeriodUnit.allCases {
            let path = "pricePer.\(unit.rawValue)"
            labels += [
                (path, .fields()),
                // The amount in the label; the price without its unit is not shown.
                ("\(path).recurringPrice", .entry { "per \(unit.rawValue) (\($0.object.text("amount") ?? ""))" }),
                ("\(path).billed", .entry { _ in "per \(unit.rawValue) billed" }),
                ("\(path).price", .none), ("\(path).amount", .none),
            ]
        }
        labels += [
            ("savings", .fields()),
            ("savings.headline", .entry { "savings \($0.object.number("percent").map(String.init) ?? "")" }),
            ("savings.amountHeadline", .entry { place in place.object.text("amount").map { "savings a year (\($0))" } }),
            ("savings.percent", .none), ("savings.text", .none), ("savings.amount", .none),
            ("terms", "terms"),
            ("billingPlan", .fields()),
            ("billingPlan.headline", "billing plan"),
            ("billingPlan.summary", "billing plan summary"),
            ("billingPlan.total", .entry { "billing plan total (\($0.object.text("totalAmount") ?? ""))" }),
            ("billingPlan.endsOn", .fields()),
            ("billingPlan.endsOn.text", .entry { "billing plan ends on (\($0.object.text("iso") ?? ""))" }),
            ("billingPlan.endsOnText", "billing plan ends"),
            // The input line describes the plan.
            ("billingPlan.type", .none), ("billingPlan.numberOfPayments", .none), ("billingPlan.duration", .none),
            ("billingPlan.totalAmount", .none), ("billingPlan.renewal", .none), ("billingPlan.renewalPayments", .none),
            ("billingPlan.endsOn.iso", .none),
            ("dates", .fields()),
            ("dates.firstChargeOn", .fields()),
            ("dates.firstChargeOn.text", .entry { "first charge on (\($0.object.text("iso") ?? ""))" }),
            ("dates.firstChargeOn.iso", .none),
            ("dates.renewsOn", .fields()),
            ("dates.renewsOn.text", .entry { "renews on (\($0.object.text("iso") ?? ""))" }),
            ("dates.renewsOn.iso", .none),
            ("copy", .copy(indent: "")),
        ]
        labels += [
            ("offers", .fields(element: { offer, _ in
                ["", "offer \((offer.index ?? 0) + 1): \(offer.object.text("type") ?? "")" + (offer.object.text("identifier").map { " \($0)" } ?? "")
                    + " · \(offer.object.text("paymentMode") ?? "")"]
            })),
            // In the offer's heading; the regular price is the plan's own.
            ("offers.type", .none), ("offers.identifier", .none), ("offers.paymentMode", .none), ("offers.regularPrice", .none),
            ("offers.price", "  price"),
            ("offers.period", .counted("  period") { counts, offer in firstPhase(counts, offer)?.period }),
            ("offers.duration", .counted("  duration") { counts, offer in firstPhase(counts, offer)?.duration }),
            ("offers.headline", "  headline"),
            ("offers.summary", "  summary"),
            ("offers.datedHeadline", "  dated headline"),
            ("offers.datedSummary", "  dated summary"),
            ("offers.discount", .fields()),
            ("offers.discount.headline", .entry { "  discount \($0.object.number("percent").map(String.init) ?? "")" }),
            ("offers.discount.percent", .none), ("offers.discount.text", .none), ("offers.discount.amount", .none),
            ("offers.discount.amountHeadline", .none),
            ("offers.terms", "  terms"),
            ("offers.dates", .fields()),
            ("offers.dates.endsOn", .fields()),
            ("offers.dates.endsOn.text", .entry { "  ends on (\($0.object.text("iso") ?? ""))" }),
            ("offers.dates.endsOn.iso", .none),
        ]
        labels += [
            // An offer of one phase says it in its own fields.
            ("offers.phases", .fields(element: { _, count in count > 1 ? [] : nil })),
            ("offers.phases.headline", .entry { "  phase \(($0.index ?? 0) + 1)" }),
        ]
        labels += hidden(phaseFieldsBut: "headline")
        labels += [
            ("offers.copy", .copy(indent: "  ")),
            // Bought with this offer: the disclosures that differ from the plan's, listed below.
            ("offers.disclosures", .fields(element: { disclosure, _ in
                (disclosure.product.elements("disclosures") ?? []).contains { $0.fields == disclosure.object.fields } ? nil : []
            })),
            ("offers.disclosures.text", .entry { "  disclosure \($0.object.text("role") ?? "")" }),
            ("offers.disclosures.role", .none), ("offers.disclosures.lang", .none), ("offers.disclosures.dir", .none),
            ("offers.spoken", .none), ("offers.parts", .none), ("offers.fieldLanguages", .none),
            ("disclosures", .fields(heading: { ["", "disclosures (\($0.object.text("store") ?? "")):"] })),
            ("disclosures.text", .entry { "  \($0.object.text("role") ?? "")" }),
            ("disclosures.role", .none), ("disclosures.lang", .none), ("disclosures.dir", .none),
            ("store", .none),
            ("spoken", .none), ("parts", .none), ("fieldLanguages", .none),
        ]
        return FieldLabels(labels)
    }()

    /// The counts of the first phase of the offer at `index`.
    private static func firstPhase(_ counts: ShownCounts, _ index: Int?) -> (period: Int, duration: Int)? {
        guard let index, counts.offers.indices.contains(index) else { return nil }
        return counts.offers[index].first
    }

    /// The fields of an offer's phase other than `shown`, which a snapshot file does not write.
    private static func hidden(phaseFieldsBut shown: String) -> [(path: String, label: SnapshotLabel)] {
        let percent = ["percent", "text", "headline", "amount", "amountHeadline"].map { "discount.\($0)" }
        let pricePer = PeriodUnit.allCases.flatMap { unit in
            ["pricePer.\(unit.rawValue)"] + ["price", "amount", "recurringPrice", "billed"].map { "pricePer.\(unit.rawValue).\($0)" }
        }
        let fields = ["paymentMode", "price", "period", "duration", "headline", "discount"] + percent + ["pricePer"] + pricePer
            + ["spoken", "parts", "fieldLanguages"]
        return fields.filter { $0 != shown }.map { ("offers.phases.\($0)", .none) }
    }
}

/// Writes a result's fields into a snapshot file by ``SnapshotFile/labels``.
struct SnapshotFields {
    let counts: ShownCounts
    /// The keys of the copy folder, in its order.
    let copyKeys: [String]
    let warnings: [ProductWarning]
    let product: ListedObject
    /// The paths of the copy warnings written in place of their messages.
    private(set) var written: Set<String> = []

    init(_ product: ListedObject, counts: ShownCounts, copyKeys: [String], warnings: [ProductWarning]) {
        self.product = product
        self.counts = counts
        self.copyKeys = copyKeys
        self.warnings = warnings
    }

    /// Writes the fields of `object`, the element at `index` of its array (`nil` outside arrays).
    mutating func write(_ object: ListedObject, index: Int? = nil, to file: inout GoldenWriter) throws(PaywallTextError) {
        let place = ListedPlace(object: object, index: index, product: product)
        for field in SnapshotFile.labels.fields(of: object) {
            let path = object.path(of: field.name)
            let label = SnapshotFile.labels[path] ?? .entry { _ in path }
            switch (label, field.value) {
            case (.entry(let label), .text(let text?)):
                if let label = label(place) { file.entry(label, text) }
            case (.entry(let label), .number(let number?)):
                if let label = label(place) { file.entry(label, String(number)) }
            case (.counted(let label, let count), .text(let text?)):
                file.entry(label, text, category: try count(counts, index).map { count throws(PaywallTextError) in try file.category(count) })
            case (.copy(let indent), .object(let copy?)):
                var texts: [String: String] = [:]
                for field in copy.fields {
                    if case .text(let text?) = field.value { texts[field.name] = text }
                }
                let copyPath = index.map { "offers[\($0)].copy" } ?? "copy"
                written.formUnion(SnapshotFile.writeCopy(texts, keys: copyKeys, path: copyPath, indent: indent, warnings: warnings, to: &file))
            case (.fields, .object(let nested?)):
                try write(nested, index: index, to: &file)
            case (.fields(let heading, let element), .array(let elements?)):
                for line in heading(place) { file.line(line) }
                for (number, nested) in elements.enumerated() {
                    guard let lines = element(ListedPlace(object: nested, index: number, product: product), elements.count) else { continue }
                    for line in lines { file.line(line) }
                    try write(nested, index: number, to: &file)
                }
            case (.entry, .object(let nested?)), (.counted, .object(let nested?)):
                // A field the table does not name: its fields in turn.
                try write(nested, index: index, to: &file)
            case (.entry, .array(let elements?)), (.counted, .array(let elements?)):
                for (number, nested) in elements.enumerated() { try write(nested, index: number, to: &file) }
            default:
                continue
            }
        }
    }
}
