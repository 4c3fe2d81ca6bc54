/// A text as the renderer makes it: the string a field shows and, in a render that asks
/// for spoken forms or runs (``RenderOptions/include``), its spoken form and its runs.
///
/// Every piece (a price, a period, a percentage, a date) and every message of a render is a
/// `Text`. A message is a ``MessageTemplate`` filled with its arguments by concatenation, so
/// each argument's runs land in the sentence exactly where the argument does, after the
/// literal text before it: the runs are made with the text, in the same pass, and a sentence
/// placed in another (a `recurringPrice` inside a `summary`) brings its runs along. A plain
/// render carries no notes: a `Text` is then its string and an empty reference.
struct Text: Sendable, Hashable {
    /// The text as the field shows it.
    var string: String
    /// The spoken form and runs; `nil` in a render that asks for neither.
    var notes: TextNotes?
    /// For an amount, the first word of its number as ICU spells it out in the sentence
    /// language (Catalan `u` for 1,99, `onze` for 11): the keyword `<name>Word` of the
    /// messages it is placed in (``MessageArgumentVisitor/amount(_:_:)``). `nil` for any
    /// other text, and where the catalog chooses no word by it.
    var word: String?

    /// A text without notes.
    init(_ string: String) {
        self.string = string
        notes = nil
    }

    init(_ string: String, notes: TextNotes?) {
        self.string = string
        self.notes = notes
    }

    /// A formatted piece with its role and its spoken form, in a render with `mode`.
    static func piece(_ string: String, role: TextRole, spoken: @autoclosure () throws(PaywallTextError) -> String, _ mode: TextMode)
        throws(PaywallTextError) -> Text {
        guard mode.annotates else { return Text(string) }
        return Text(string, notes: TextNotes(spoken: mode.speaks ? try spoken() : "", spans: [TextSpan(string.utf8.count, role)]))
    }

    /// An amount with its role, its spoken form and its forms in the other cases, in a render
    /// with `mode`.
    static func amount(
        _ string: String, role: TextRole, spoken: @autoclosure () throws(PaywallTextError) -> SpokenAmount, _ mode: TextMode
    ) throws(PaywallTextError) -> Text {
        guard mode.annotates else { return Text(string) }
        let spans = [TextSpan(string.utf8.count, role)]
        guard mode.speaks else { return Text(string, notes: TextNotes(spoken: "", spans: spans)) }
        let said = try spoken()
        return Text(string, notes: TextNotes(spoken: said.nominative, spans: spans, cases: said.cases))
    }

    /// The spoken form: the string itself for a text without notes (a name, a literal).
    var spoken: String { notes?.spoken ?? string }

    /// The spans of the runs: one without a role for a text without notes.
    var spans: [TextSpan] { notes?.spans ?? (string.isEmpty ? [] : [TextSpan(string.utf8.count, nil)]) }

    /// The runs, each with its text (before isolates are given to the pieces they wrap).
    var runs: [TextRun] {
        var runs: [TextRun] = []
        runs.reserveCapacity(spans.count)
        var start = string.utf8.startIndex
        for span in spans {
            // Spans add up to the string by construction; should they ever not, the runs stop
            // at the string's end rather than read past it.
            let end = string.utf8.index(start, offsetBy: span.length, limitedBy: string.utf8.endIndex) ?? string.utf8.endIndex
            // By bytes, not characters: a run may end inside a grapheme (a piece followed by a
            // combining mark of the words after it), where slicing by characters would round.
            runs.append(TextRun(String(decoding: string.utf8[start..<end], as: UTF8.self), role: span.role))
            start = end
        }
        return runs
    }

    /// The text as a piece of `role`: its string becomes one run, unless it holds runs with
    /// roles of their own (then the innermost pieces keep their roles).
    func withRole(_ role: TextRole, _ mode: TextMode) -> Text {
        guard mode.annotates else { return self }
        if let notes, notes.spans.contains(where: { $0.role != nil }) { return self }
        return Text(string, notes: TextNotes(spoken: spoken, spans: string.isEmpty ? [] : [TextSpan(string.utf8.count, role)],
                                             cases: notes?.cases))
    }
}

extension Text: ExpressibleByStringLiteral {
    /// A literal text, as the sample arguments of messages give it.
    init(stringLiteral value: String) {
        self.init(value)
    }
}

/// What an annotated ``Text`` carries beside its string.
final class TextNotes: Sendable, Hashable {
    /// The text as a screen reader should say it; empty in a render that asks for runs only.
    let spoken: String
    /// The runs as spans of the string, in order, whose lengths add up to the string's: each
    /// piece with its role (the innermost where pieces nest), the literal text between pieces
    /// merged into one span without a role. An isolate a message puts around a piece is
    /// literal text here; ``TextRun/attachingIsolates(_:)`` gives it to the piece when the
    /// field is read. Spans are lengths, not texts, so that joining texts costs no string.
    let spans: [TextSpan]
    /// For a text that holds an amount, what is said in the cases besides the nominative
    /// (``SpokenCase``), each `nil` where the catalog gives no form; `nil` for a text that holds
    /// no amount, which is said alike in every case.
    let cases: CaseForms?

    init(spoken: String, spans: [TextSpan], cases: CaseForms? = nil) {
        self.spoken = spoken
        self.spans = spans
        self.cases = cases
    }

    /// Notes with runs given as texts.
    convenience init(spoken: String, runs: [TextRun]) {
        self.init(spoken: spoken, spans: runs.filter { !$0.text.isEmpty }.map { TextSpan($0.text.utf8.count, $0.role) })
    }

    static func == (lhs: TextNotes, rhs: TextNotes) -> Bool {
        lhs.spoken == rhs.spoken && lhs.spans == rhs.spans && lhs.cases == rhs.cases
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(spoken)
        hasher.combine(spans)
        hasher.combine(cases)
    }
}

/// What an amount is said as: its nominative (ICU's long currency name, or the catalog's form),
/// and its forms in the other cases.
struct SpokenAmount {
    var nominative: String
    var cases: CaseForms
}

/// A run of a ``Text`` as a span of its string: its length in UTF-8 bytes, and its role.
struct TextSpan: Sendable, Hashable {
    var length: Int
    var role: TextRole?

    init(_ length: Int, _ role: TextRole?) {
        self.length = length
        self.role = role
    }
}

/// What a render makes of each text besides its string: spoken forms, runs, both, or neither
/// (``RenderOptions/include``). A value each render passes down, never state of a shared object.
struct TextMode: Sendable, Hashable {
    /// Whether texts carry their spoken forms.
    let speaks: Bool
    /// Whether results list their fields' runs.
    let listsParts: Bool

    /// Whether texts carry notes at all.
    var annotates: Bool { speaks || listsParts }

    /// Neither spoken forms nor runs: the fastest render.
    static let plain = TextMode(speaks: false, listsParts: false)

    init(speaks: Bool, listsParts: Bool) {
        self.speaks = speaks
        self.listsParts = listsParts
    }

    /// What a render with these options asks for.
    init(_ include: RenderOptions.Include) {
        self.init(speaks: include.contains(.spoken), listsParts: include.contains(.parts))
    }
}

/// Spans as they are joined: literal text beside literal text is one span, an empty span is none.
struct SpanList {
    private(set) var spans: [TextSpan] = []

    init(capacity: Int) {
        spans.reserveCapacity(capacity)
    }

    /// Literal text of `length` UTF-8 bytes.
    mutating func literal(_ length: Int) {
        guard length > 0 else { return }
        if let last = spans.indices.last, spans[last].role == nil {
            spans[last].length += length
        } else {
            spans.append(TextSpan(length, nil))
        }
    }

    mutating func append(_ span: TextSpan) {
        if span.role == nil { literal(span.length) } else if span.length > 0 { spans.append(span) }
    }

    mutating func append(contentsOf other: [TextSpan]) {
        for span in other { append(span) }
    }
}

extension TextRun {
    /// Moves an isolate that wraps exactly one piece into the piece's run: the literal text
    /// before it ends with the FIRST STRONG (or LEFT-TO-RIGHT, RIGHT-TO-LEFT) ISOLATE and the
    /// literal text after it starts with the POP DIRECTIONAL ISOLATE that closes it. An
    /// isolate that wraps a whole nested sentence (several runs) stays in the literal text
    /// beside it, as it is in the field.
    static func attachingIsolates(_ runs: [TextRun]) -> [TextRun] {
        var runs = runs
        var index = 1
        while index < runs.count - 1 {
            guard runs[index].role != nil, runs[index - 1].role == nil, runs[index + 1].role == nil,
                  let opening = runs[index - 1].text.unicodeScalars.last, (0x2066...0x2068).contains(opening.value),
                  runs[index + 1].text.unicodeScalars.first == "\u{2069}", isBalanced(runs[index].text)
            else {
                index += 1
                continue
            }
            runs[index - 1].text.unicodeScalars.removeLast()
            runs[index + 1].text.unicodeScalars.removeFirst()
            runs[index].text = String(opening) + runs[index].text + "\u{2069}"
            index += 1
        }
        return runs.filter { !$0.text.isEmpty }
    }

    /// Whether every isolate a text opens it also closes, so that a PDI after it closes the
    /// isolate before it.
    private static func isBalanced(_ text: String) -> Bool {
        var depth = 0
        for scalar in text.unicodeScalars {
            if (0x2066...0x2068).contains(scalar.value) { depth += 1 }
            if scalar == "\u{2069}" {
                guard depth > 0 else { return false }
                depth -= 1
            }
        }
        return depth == 0
    }
}

/// The spoken forms and runs of one object of a result (a product, an offer, a phase), as
/// its renderer records each field's ``Text`` under the field's path.
struct FieldNotes {
    let mode: TextMode
    private(set) var spoken = FieldMap<String>()
    private(set) var parts = FieldMap<[TextRun]>()

    init(_ mode: TextMode) {
        self.mode = mode
    }

    /// Records a field's text: its spoken form where it differs from the text, and its runs.
    /// A text without notes (a name from the input, an amount in ASCII) is not the
    /// renderer's text and gets nothing.
    mutating func add(_ path: String, _ text: Text?) {
        guard let text, let notes = text.notes else { return }
        if mode.speaks, notes.spoken != text.string { spoken.append(notes.spoken, for: path) }
        if mode.listsParts { parts.append(TextRun.attachingIsolates(text.runs), for: path) }
    }

    /// Records the fields of a price per unit of time under `prefix` (`pricePer.`).
    mutating func add(_ prefix: String, _ pricePer: PricePerText?) {
        guard let pricePer else { return }
        for unit in PeriodUnit.allCases {
            let price = pricePer[unit], path = prefix + unit.rawValue + "."
            add(path + "price", price.price)
            add(path + "recurringPrice", price.recurringPrice)
            add(path + "billed", price.billed)
        }
    }

    /// Records a percentage's fields under `prefix` (`savings.`).
    mutating func add(_ prefix: String, _ percent: PercentTexts?) {
        guard let percent else { return }
        add(prefix + "text", percent.text)
        add(prefix + "headline", percent.headline)
        add(prefix + "amount", percent.amount)
        add(prefix + "amountHeadline", percent.amountHeadline)
    }

    /// Records disclosures' texts (`disclosures[0].text`).
    mutating func add(_ disclosures: [DisclosureText]?) {
        guard let disclosures else { return }
        for (index, disclosure) in disclosures.enumerated() { add("disclosures[\(index)].text", disclosure.text) }
    }
}

/// A price per unit of time as the renderer makes it (``UnitPrice``).
struct UnitPriceText: Sendable {
    var price: Text
    var amount: String
    var recurringPrice: Text
    var billed: Text?

    var value: UnitPrice {
        UnitPrice(price: price.string, amount: amount, recurringPrice: recurringPrice.string, billed: billed?.string)
    }
}

/// The prices per day, week, month and year as the renderer makes them (``PricePer``).
struct PricePerText: Sendable {
    var day, week, month, year: UnitPriceText

    subscript(unit: PeriodUnit) -> UnitPriceText {
        switch unit {
        case .day: day
        case .week: week
        case .month: month
        case .year: year
        }
    }

    var value: PricePer {
        PricePer(day: day.value, week: week.value, month: month.value, year: year.value)
    }
}

/// A percentage as the renderer makes it (``PercentText``).
struct PercentTexts: Sendable {
    var percent: Int
    var text: Text
    var headline: Text
    var amount: Text?
    var amountHeadline: Text?

    var value: PercentText {
        PercentText(percent: percent, text: text.string, headline: headline.string, amount: amount?.string,
                    amountHeadline: amountHeadline?.string)
    }
}

/// A disclosure as the renderer makes it (``Disclosure``).
struct DisclosureText: Sendable {
    var role: Disclosure.Role
    var text: Text
    /// The text's language, where it is not the product's.
    var language: TextLanguage? = nil

    var value: Disclosure { Disclosure(role: role, text: text.string, language: language) }
}

extension [DisclosureText] {
    var values: [Disclosure] { map(\.value) }
}

extension RenderedProduct {
    /// Takes the product's recorded notes, and its language, in a render that asks for them.
    mutating func take(_ notes: FieldNotes, language: TextLanguage) {
        self.language = language
        spoken = notes.spoken
        parts = notes.parts
    }
}

extension RenderedOffer {
    mutating func take(_ notes: FieldNotes) {
        spoken = notes.spoken
        parts = notes.parts
    }
}

extension RenderedPhase {
    mutating func take(_ notes: FieldNotes) {
        spoken = notes.spoken
        parts = notes.parts
    }
}
