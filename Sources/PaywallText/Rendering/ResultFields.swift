/// A visitor over a result's fields: the one list of what a ``RenderedProduct`` holds.
///
/// ``RenderedProduct/visitFields(_:)`` calls the visitor once per field, in the order the
/// JSON output writes them, with the field's JSON name: a text, a number, runs, an object
/// (whose members it visits in turn) or an array of objects. A field the result does not
/// have is visited too, with `nil` or `present: false`, so that a visitor sees every name
/// of the list whatever the result holds. The JSON writer, the command-line tool's text
/// table, the snapshot files, the render cache's size estimate and the tests' check of the
/// server's OpenAPI schema all derive from this list; a property added to a result and not
/// to the list fails `ResultFieldsTests`.
///
/// ```swift
/// struct Paths: ResultFieldVisitor {
///     var prefix = "", found: [String] = []
///     mutating func text(_ key: String, _ value: String?) { if value != nil { found.append(prefix + key) } }
///     …
/// }
/// ```
public protocol ResultFieldVisitor {
    /// A text field (`price`), or a keyword (`paymentMode`); `nil` when the result has none.
    mutating func text(_ key: String, _ value: String?)
    /// A number (`savings.percent`); `nil` when the result has none.
    mutating func number(_ key: String, _ value: Int?)
    /// A field's text as runs (a member of `parts`).
    mutating func runs(_ key: String, _ value: [TextRun])
    /// An object; `members` visits its fields, and is called only when `present`.
    mutating func object(_ key: String, present: Bool, _ members: (inout Self) -> Void)
    /// An array of objects; `element` visits the fields of the element at an index, and is
    /// called only when `present`.
    mutating func array(_ key: String, present: Bool, count: Int, _ element: (inout Self, Int) -> Void)
}

extension RenderedProduct {
    /// Visits every field of the result in JSON order (``ResultFieldVisitor``), or, when
    /// the render selected some (``RenderOptions/fields``), those and the result's identity.
    /// The product's ``copyWarnings`` are not a field: they are written with the entry's warnings.
    @inlinable
    public func visitFields<Visitor: ResultFieldVisitor>(_ visitor: inout Visitor) {
        guard let selection else { return visitEveryField(&visitor) }
        // The spoken forms, runs and languages of the fields kept, so that a map of none is absent.
        let selected = keepingAnnotations(of: selection)
        withUnsafeMutablePointer(to: &visitor) { base in
            var filter = SelectedFields(base: base, selection: selection)
            selected.visitEveryField(&filter)
        }
    }

    /// The result with the entries of `spoken`, `parts` and `fieldLanguages` (its own, its
    /// offers' and their phases') of the selected fields only.
    @usableFromInline
    func keepingAnnotations(of selection: FieldSelection) -> RenderedProduct {
        var result = self
        result.spoken = spoken.kept(selection, prefix: "")
        result.parts = parts.kept(selection, prefix: "")
        result.fieldLanguages = fieldLanguages.kept(selection, prefix: "")
        for index in result.offers.indices {
            result.offers[index].spoken = offers[index].spoken.kept(selection, prefix: "offers.")
            result.offers[index].parts = offers[index].parts.kept(selection, prefix: "offers.")
            result.offers[index].fieldLanguages = offers[index].fieldLanguages.kept(selection, prefix: "offers.")
            for phase in result.offers[index].phases.indices {
                let own = offers[index].phases[phase]
                result.offers[index].phases[phase].spoken = own.spoken.kept(selection, prefix: "offers.phases.")
                result.offers[index].phases[phase].parts = own.parts.kept(selection, prefix: "offers.phases.")
                result.offers[index].phases[phase].fieldLanguages = own.fieldLanguages.kept(selection, prefix: "offers.phases.")
            }
        }
        return result
    }

    /// Visits every field of the result in JSON order (``ResultFieldVisitor``), the fields a
    /// render did not select (``RenderOptions/fields``) too, each with what the render made of
    /// it: for outputs that name a field by others, as the text table names an offer's rows by
    /// its type and payment mode, which a selection may leave out of ``visitFields(_:)``.
    @inlinable
    public func visitEveryField<Visitor: ResultFieldVisitor>(_ visitor: inout Visitor) {
        visitor.text("locale", locale)
        visitor.text("catalog", catalog)
        visitor.text("lang", language?.tag)
        visitor.text("dir", language?.direction.rawValue)
        visitor.text("productIdentifier", productIdentifier)
        visitor.text("currencyCode", currencyCode)
        visitor.text("price", price)
        visitor.text("period", period)
        visitor.text("recurringPrice", recurringPrice)
        visitor.text("recurringPriceShort", recurringPriceShort)
        visitor.text("planName", planName)
        ResultFields.pricePer(pricePer, &visitor)
        ResultFields.percent("savings", savings, &visitor)
        visitor.text("terms", terms)
        ResultFields.billingPlan(billingPlan, &visitor)
        visitor.object("dates", present: dates != nil) { visitor in
            ResultFields.date("firstChargeOn", dates!.firstChargeOn, &visitor)
            ResultFields.date("renewsOn", dates!.renewsOn, &visitor)
        }
        ResultFields.copy(copy, &visitor)
        ResultFields.annotations(spoken: spoken, parts: parts, languages: fieldLanguages, &visitor)
        visitor.array("offers", present: true, count: offers.count) { visitor, index in offers[index].visitFields(&visitor) }
        visitor.text("store", store?.rawValue)
        ResultFields.disclosures(disclosures, &visitor)
    }
}

extension RenderedOffer {
    /// Visits every field of the offer in JSON order (``ResultFieldVisitor``).
    @inlinable
    public func visitFields<Visitor: ResultFieldVisitor>(_ visitor: inout Visitor) {
        visitor.text("type", type.rawValue)
        visitor.text("identifier", identifier)
        visitor.text("paymentMode", paymentMode.rawValue)
        visitor.text("price", price)
        visitor.text("regularPrice", regularPrice)
        visitor.text("period", period)
        visitor.text("duration", duration)
        visitor.text("headline", headline)
        visitor.text("summary", summary)
        visitor.text("datedHeadline", datedHeadline)
        visitor.text("datedSummary", datedSummary)
        ResultFields.percent("discount", discount, &visitor)
        visitor.text("terms", terms)
        visitor.object("dates", present: dates != nil) { visitor in ResultFields.date("endsOn", dates!.endsOn, &visitor) }
        ResultFields.copy(copy, &visitor)
        ResultFields.annotations(spoken: spoken, parts: parts, languages: fieldLanguages, &visitor)
        visitor.array("phases", present: true, count: phases.count) { visitor, index in phases[index].visitFields(&visitor) }
        ResultFields.disclosures(disclosures, &visitor)
    }
}

extension RenderedPhase {
    /// Visits every field of the phase in JSON order (``ResultFieldVisitor``).
    @inlinable
    public func visitFields<Visitor: ResultFieldVisitor>(_ visitor: inout Visitor) {
        visitor.text("paymentMode", paymentMode.rawValue)
        visitor.text("price", price)
        visitor.text("period", period)
        visitor.text("duration", duration)
        visitor.text("headline", headline)
        ResultFields.percent("discount", discount, &visitor)
        ResultFields.pricePer(pricePer, &visitor)
        ResultFields.annotations(spoken: spoken, parts: parts, languages: fieldLanguages, &visitor)
    }
}

/// The fields of the values that results share (prices per unit, percents, dates, billing
/// plans, annotations), for ``RenderedProduct/visitFields(_:)``.
public enum ResultFields {
    /// `pricePer`: `day`, `week`, `month` and `year`, each `price`, `amount`,
    /// `recurringPrice` and `billed`.
    @inlinable
    public static func pricePer<Visitor: ResultFieldVisitor>(_ value: PricePer?, _ visitor: inout Visitor) {
        visitor.object("pricePer", present: value != nil) { visitor in
            for unit in PeriodUnit.allCases {
                let price = value![unit]
                visitor.object(unit.rawValue, present: true) { visitor in
                    visitor.text("price", price.price)
                    visitor.text("amount", price.amount)
                    visitor.text("recurringPrice", price.recurringPrice)
                    visitor.text("billed", price.billed)
                }
            }
        }
    }

    /// A percent (`savings`, `discount`): `percent`, `text`, `headline`, `amount`, `amountHeadline`.
    @inlinable
    public static func percent<Visitor: ResultFieldVisitor>(_ key: String, _ value: PercentText?, _ visitor: inout Visitor) {
        visitor.object(key, present: value != nil) { visitor in
            let value = value!
            visitor.number("percent", value.percent)
            visitor.text("text", value.text)
            visitor.text("headline", value.headline)
            visitor.text("amount", value.amount)
            visitor.text("amountHeadline", value.amountHeadline)
        }
    }

    /// A day: `iso` and `text`.
    @inlinable
    public static func date<Visitor: ResultFieldVisitor>(_ key: String, _ value: RenderedDate, _ visitor: inout Visitor) {
        visitor.object(key, present: true) { visitor in
            visitor.text("iso", value.iso)
            visitor.text("text", value.text)
        }
    }

    /// `billingPlan`: `type`, `numberOfPayments`, `duration`, `total`, `totalAmount`,
    /// `renewal` and `renewalPayments`, `headline`, `summary`, `endsOn` and `endsOnText`.
    @inlinable
    public static func billingPlan<Visitor: ResultFieldVisitor>(_ value: RenderedBillingPlan?, _ visitor: inout Visitor) {
        visitor.object("billingPlan", present: value != nil) { visitor in
            let plan = value!
            visitor.text("type", plan.type.rawValue)
            visitor.number("numberOfPayments", plan.numberOfPayments)
            visitor.text("duration", plan.duration)
            visitor.text("total", plan.total)
            visitor.text("totalAmount", plan.totalAmount)
            visitor.text("renewal", plan.renewal?.name.rawValue)
            if case .newCommitment(let payments) = plan.renewal {
                visitor.number("renewalPayments", payments)
            } else {
                visitor.number("renewalPayments", nil)
            }
            visitor.text("headline", plan.headline)
            visitor.text("summary", plan.summary)
            visitor.object("endsOn", present: plan.endsOn != nil) { visitor in
                visitor.text("iso", plan.endsOn!.iso)
                visitor.text("text", plan.endsOn!.text)
            }
            visitor.text("endsOnText", plan.endsOnText)
        }
    }

    /// `copy`: each message's text by key, keys sorted.
    @inlinable
    public static func copy<Visitor: ResultFieldVisitor>(_ value: [String: String]?, _ visitor: inout Visitor) {
        visitor.object("copy", present: value != nil) { visitor in
            for key in value!.keys.sorted() { visitor.text(key, value![key]) }
        }
    }

    /// `spoken`, `parts` and `fieldLanguages`, each keyed by field path; present when not empty.
    @inlinable
    public static func annotations<Visitor: ResultFieldVisitor>(
        spoken: FieldMap<String>, parts: FieldMap<[TextRun]>, languages: FieldMap<TextLanguage>, _ visitor: inout Visitor
    ) {
        visitor.object("spoken", present: !spoken.isEmpty) { visitor in
            for (field, text) in spoken { visitor.text(field, text) }
        }
        visitor.object("parts", present: !parts.isEmpty) { visitor in
            for (field, runs) in parts { visitor.runs(field, runs) }
        }
        visitor.object("fieldLanguages", present: !languages.isEmpty) { visitor in
            for (field, language) in languages {
                visitor.object(field, present: true) { visitor in
                    visitor.text("lang", language.tag)
                    visitor.text("dir", language.direction.rawValue)
                }
            }
        }
    }

    /// `disclosures`: an array of `role` and `text`, with `lang` and `dir` for a text in
    /// another language than the product's.
    @inlinable
    public static func disclosures<Visitor: ResultFieldVisitor>(_ value: [Disclosure]?, _ visitor: inout Visitor) {
        visitor.array("disclosures", present: value != nil, count: value?.count ?? 0) { visitor, index in
            visitor.text("role", value![index].role.rawValue)
            visitor.text("text", value![index].text)
            visitor.text("lang", value![index].language?.tag)
            visitor.text("dir", value![index].language?.direction.rawValue)
        }
    }
}

/// A visitor that passes on the fields of a selection (``FieldSelection``) to another: the
/// one list of a result's fields, limited to what a render was asked for.
@usableFromInline
struct SelectedFields<Base: ResultFieldVisitor>: ResultFieldVisitor {
    /// The visitor written to, for the duration of one visit.
    @usableFromInline let base: UnsafeMutablePointer<Base>
    @usableFromInline let selection: FieldSelection
    /// The path of the object visited, with a final dot (`offers.`), without indices.
    @usableFromInline var prefix = ""
    /// Whether the members are entries of a map keyed by field path (`spoken`, `parts`,
    /// `fieldLanguages`), each kept when its field is.
    @usableFromInline var inFieldMap = false

    @usableFromInline
    init(base: UnsafeMutablePointer<Base>, selection: FieldSelection, prefix: String = "", inFieldMap: Bool = false) {
        self.base = base
        self.selection = selection
        self.prefix = prefix
        self.inFieldMap = inFieldMap
    }

    @usableFromInline
    func keeps(_ key: String) -> Bool {
        if inFieldMap { return selection.includes(prefix + FieldSelection.pathWithoutIndices(key)) }
        return (prefix.isEmpty && FieldSelection.identity.contains(key)) || selection.includes(prefix + key)
    }

    @usableFromInline
    mutating func text(_ key: String, _ value: String?) {
        if keeps(key) { base.pointee.text(key, value) }
    }

    @usableFromInline
    mutating func number(_ key: String, _ value: Int?) {
        if keeps(key) { base.pointee.number(key, value) }
    }

    @usableFromInline
    mutating func runs(_ key: String, _ value: [TextRun]) {
        if keeps(key) { base.pointee.runs(key, value) }
    }

    @usableFromInline
    mutating func object(_ key: String, present: Bool, _ members: (inout SelectedFields) -> Void) {
        // A map keyed by field path keeps the entries of the fields kept, under its owner's path.
        let fieldMap = !inFieldMap && FieldSelection.fieldMaps.contains(key)
        guard fieldMap || keeps(key) else { return }
        let selection = selection
        let prefix = fieldMap ? self.prefix : self.prefix + (inFieldMap ? FieldSelection.pathWithoutIndices(key) : key) + "."
        base.pointee.object(key, present: present) { inner in
            withUnsafeMutablePointer(to: &inner) { pointer in
                var nested = SelectedFields(base: pointer, selection: selection, prefix: prefix, inFieldMap: fieldMap)
                members(&nested)
            }
        }
    }

    @usableFromInline
    mutating func array(_ key: String, present: Bool, count: Int, _ element: (inout SelectedFields, Int) -> Void) {
        guard keeps(key) else { return }
        let selection = selection, prefix = self.prefix + key + "."
        base.pointee.array(key, present: present, count: count) { inner, index in
            withUnsafeMutablePointer(to: &inner) { pointer in
                var nested = SelectedFields(base: pointer, selection: selection, prefix: prefix)
                element(&nested, index)
            }
        }
    }
}

extension FieldMap {
    /// The entries of the fields a selection keeps, each field's path (without indices) read
    /// after `prefix`, the path of the object the map belongs to.
    @usableFromInline
    func kept(_ selection: FieldSelection, prefix: String) -> FieldMap {
        var kept = FieldMap()
        for (path, value) in self where selection.includes(prefix + FieldSelection.pathWithoutIndices(path)) {
            kept.append(value, for: path)
        }
        return kept
    }
}
