import PaywallText
import PaywallTextGoldens

/// How the text table shows a field of the list (``TableFields/labels``).
enum TableLabel: Sendable, ExpressibleByStringLiteral {
    /// A row of the field's text (a number as its digits), labelled so in the FIELD column
    /// after the name of the offer it is in; the label is read from the fields beside the
    /// field, `nil` for no row.
    case row(@Sendable (ListedPlace) -> String?)
    /// Rows of an object, each label with a text read from its fields (`per month`: the billed
    /// line, else the recurring price); shown when the object is selected.
    case rows(@Sendable (ListedObject) -> [(label: String, text: String?)])
    /// An object or array whose fields are shown by their own labels; each element of an array
    /// after the name `element` gives it (from the element and the number of elements; `nil`
    /// leaves the element out).
    case fields(element: @Sendable (ListedPlace, _ count: Int) -> String? = { _, _ in "" })
    /// A map of copy messages: a row per key, `copy KEY`.
    case copy
    /// No row of its own: in another field's row, in the LOCALE or PRODUCT column, in the
    /// spoken forms and parts listed after the fields, or not shown in the table.
    case none

    init(stringLiteral label: String) {
        self = .row { _ in label }
    }

    /// A row of a day: `February 7, 2026 (2026-02-07)`.
    static func date(_ label: String) -> TableLabel {
        .rows { date in [(label, date.text("text").map { "\($0) (\(date.text("iso") ?? ""))" })] }
    }
}

/// The text table's rows of a result's fields, read from the one list (``ListedObject``) by
/// ``labels``.
struct TableFields {
    /// How the text table shows each field of the list, by JSON path without indices, in the
    /// table's order. A field the table does not name is shown after its object's others,
    /// labelled by its path; `FieldLabelTests` fails for it by name.
    static let labels: FieldLabels<TableLabel> = {
        var labels: [(path: String, label: TableLabel)] = [
            // The LOCALE and PRODUCT columns.
            ("locale", .none), ("catalog", .none), ("lang", .none), ("dir", .none), ("productIdentifier", .none), ("currencyCode", .none),
            ("price", "price"),
            ("period", "period"),
            ("recurringPrice", "recurringPrice"),
            ("recurringPriceShort", "recurringPriceShort"),
            ("planName", "planName"),
            ("pricePer", .fields()),
        ]
        for unit in PeriodUnit.allCases {
            let path = "pricePer.\(unit.rawValue)"
            labels += [
                (path, .rows { price in [("per \(unit.rawValue)", price.text("billed") ?? price.text("recurringPrice"))] }),
                ("\(path).price", .none), ("\(path).amount", .none), ("\(path).recurringPrice", .none), ("\(path).billed", .none),
            ]
        }
        labels += [
            ("savings", .rows { savings in [("savings", savings.text("headline")), ("savings a year", savings.text("amountHeadline"))] }),
            ("savings.percent", .none), ("savings.text", .none), ("savings.headline", .none), ("savings.amount", .none),
            ("savings.amountHeadline", .none),
            ("terms", "terms"),
            ("billingPlan", .fields()),
            ("billingPlan.headline", "billingPlan headline"),
            ("billingPlan.summary", "billingPlan summary"),
            ("billingPlan.total", "billingPlan total"),
            ("billingPlan.endsOn", .date("billingPlan ends on")),
            ("billingPlan.endsOn.iso", .none), ("billingPlan.endsOn.text", .none),
            ("billingPlan.endsOnText", "billingPlan ends"),
            ("billingPlan.type", .none), ("billingPlan.numberOfPayments", .none), ("billingPlan.duration", .none),
            ("billingPlan.totalAmount", .none), ("billingPlan.renewal", .none), ("billingPlan.renewalPayments", .none),
            ("dates", .fields()),
            ("dates.firstChargeOn", .date("first charge on")),
            ("dates.firstChargeOn.iso", .none), ("dates.firstChargeOn.text", .none),
            ("dates.renewsOn", .date("renews on")),
            ("dates.renewsOn.iso", .none), ("dates.renewsOn.text", .none),
            ("copy", .copy),
        ]
        labels += [
            // An offer's rows are named by its type, identifier and payment mode.
            ("offers", .fields(element: { offer, _ in
                ["type", "identifier", "paymentMode"].compactMap { offer.object.text($0) }.joined(separator: " ") + " "
            })),
            ("offers.type", .none), ("offers.identifier", .none), ("offers.paymentMode", .none), ("offers.regularPrice", .none),
            ("offers.price", "price"),
            ("offers.period", "period"),
            ("offers.duration", "duration"),
            ("offers.headline", "headline"),
            ("offers.summary", "summary"),
            ("offers.datedHeadline", "dated headline"),
            ("offers.datedSummary", "dated summary"),
            ("offers.discount", .fields()),
            ("offers.discount.headline", "discount"),
            ("offers.discount.percent", .none), ("offers.discount.text", .none), ("offers.discount.amount", .none),
            ("offers.discount.amountHeadline", .none),
            ("offers.terms", "terms"),
            ("offers.dates", .fields()),
            ("offers.dates.endsOn", .date("ends on")),
            ("offers.dates.endsOn.iso", .none), ("offers.dates.endsOn.text", .none),
            ("offers.copy", .copy),
            // An offer of one phase says it in its own rows.
            ("offers.phases", .fields(element: { _, count in count > 1 ? "" : nil })),
            ("offers.phases.headline", .row { "phase \(($0.index ?? 0) + 1)" }),
        ]
        let percent = ["percent", "text", "headline", "amount", "amountHeadline"].map { "discount.\($0)" }
        let pricePer = PeriodUnit.allCases.flatMap { unit in
            ["pricePer.\(unit.rawValue)"] + ["price", "amount", "recurringPrice", "billed"].map { "pricePer.\(unit.rawValue).\($0)" }
        }
        for field in ["paymentMode", "price", "period", "duration", "discount"] + percent + ["pricePer"] + pricePer + ["spoken", "parts", "fieldLanguages"] {
            labels.append(("offers.phases.\(field)", .none))
        }
        labels += [
            // An offer's disclosures where they differ from the plan's, listed below.
            ("offers.disclosures", .fields(element: { disclosure, _ in
                (disclosure.product.elements("disclosures") ?? []).contains { $0.fields == disclosure.object.fields } ? nil : ""
            })),
            ("offers.disclosures.text", .row { "disclosure \($0.object.text("role") ?? "")" }),
            ("offers.disclosures.role", .none), ("offers.disclosures.lang", .none), ("offers.disclosures.dir", .none),
            ("offers.spoken", .none), ("offers.parts", .none), ("offers.fieldLanguages", .none),
            ("disclosures", .fields()),
            ("disclosures.text", .row { "disclosure \($0.object.text("role") ?? "") (\($0.product.text("store") ?? ""))" }),
            ("disclosures.role", .none), ("disclosures.lang", .none), ("disclosures.dir", .none),
            ("store", .none),
            ("spoken", .none), ("parts", .none), ("fieldLanguages", .none),
        ]
        return FieldLabels(labels)
    }()

    /// The fields a render selected (``RenderOptions/fields``), `nil` for every field.
    let selection: FieldSelection?
    let product: ListedObject
    /// Each row's label and text, in the table's order.
    private(set) var rows: [(field: String, text: String)] = []

    /// The rows of a result's fields: those it selected, with a text.
    init(_ result: RenderedProduct) {
        selection = result.selection
        product = ListedObject(result)
        add(product, prefix: "")
    }

    /// A row of a field not asked for (--fields) is left out, as its JSON member is.
    private func selected(_ path: String) -> Bool {
        selection?.includes(path) ?? true
    }

    /// Adds the rows of `object`, the element at `index` of its array (`nil` outside arrays),
    /// each labelled after `prefix`.
    private mutating func add(_ object: ListedObject, index: Int? = nil, prefix: String) {
        let place = ListedPlace(object: object, index: index, product: product)
        for field in Self.labels.fields(of: object) {
            let path = object.path(of: field.name)
            let label = Self.labels[path] ?? .row { _ in path }
            switch (label, field.value) {
            case (.row(let name), .text(let text?)):
                if selected(path), let name = name(place) { rows.append((prefix + name, text)) }
            case (.row(let name), .number(let number?)):
                if selected(path), let name = name(place) { rows.append((prefix + name, String(number))) }
            case (.rows(let read), .object(let nested?)):
                guard selected(path) else { continue }
                for (name, text) in read(nested) {
                    if let text { rows.append((prefix + name, text)) }
                }
            case (.copy, .object(let copy?)):
                guard selected(path) else { continue }
                for field in copy.fields {
                    if case .text(let text?) = field.value { rows.append((prefix + "copy \(field.name)", text)) }
                }
            case (.fields(let element), .array(let elements?)):
                for (number, nested) in elements.enumerated() {
                    guard let name = element(ListedPlace(object: nested, index: number, product: product), elements.count) else { continue }
                    add(nested, index: number, prefix: prefix + name)
                }
            case (.fields, .object(let nested?)), (.row, .object(let nested?)):
                // A field the table does not name shows its fields in turn.
                add(nested, index: index, prefix: prefix)
            case (.row, .array(let elements?)):
                for (number, nested) in elements.enumerated() { add(nested, index: number, prefix: prefix) }
            default:
                continue
            }
        }
    }
}
