/// The values one message receives, as a type: a message can only be formatted with the
/// arguments type it is declared with (see ``Messages``).
///
/// ``visit(_:)`` is the one declaration of a message's arguments: their names, kinds and
/// order, and where each value comes from. The names the catalogs may use, the order ICU
/// receives them in and which of them `plural` and `select` may work on are all derived
/// from it (``MessageSignature``).
protocol MessageArguments: Sendable {
    /// Passes every argument, in order, with its name and kind.
    func visit<Visitor: MessageArgumentVisitor>(_ visitor: inout Visitor)
    /// Typical values, different from each other: for checks, and for formatting a message
    /// that is being checked.
    static var sample: Self { get }
}

/// What receives a message's arguments (see ``MessageArguments/visit(_:)``).
protocol MessageArgumentVisitor {
    /// A formatted piece (`$9.99`, `3 months`), placed in the sentence as it is.
    mutating func text(_ name: String, _ value: Text)
    /// An amount (`$9.99`, the word for free where an offer costs nothing): a text, and the
    /// keyword `<name>Word`, the first word of the amount as ICU spells it out in the
    /// sentence language (``Text/word``), for a catalog whose words change before a number
    /// read with a vowel (Catalan `d’1,99 €`, `de 8,99 €`). In a spoken form it is also said
    /// in each case (``SpokenArguments``).
    mutating func amount(_ name: String, _ value: Text)
    /// A text that holds an amount (`$9.99/month`): placed as it is; in a spoken form it is
    /// also said in each case (``SpokenArguments``).
    mutating func pricedText(_ name: String, _ value: Text)
    /// A whole sentence of the message's own (a message said as written, ``SpokenArguments/said``):
    /// placed as it is, never isolated as a piece is, since it is the sentence.
    mutating func sentence(_ name: String, _ value: Text)
    /// A raw integer, for `plural` (`count`, `periods`).
    mutating func number(_ name: String, _ value: Int)
    /// A keyword, for `select` (`unit`: `day`, `week`, `month`, `year`).
    mutating func keyword(_ name: String, _ value: String)
}

/// How a message may use an argument.
enum MessageArgumentKind: String, Sendable, Hashable {
    /// A formatted piece, placed as it is: `{price}`.
    case text
    /// A raw integer: `{count, plural, …}`, or `{count}` itself.
    case number
    /// A keyword: `{unit, select, …}`.
    case keyword
}

/// A message's arguments as the catalogs see them: names and kinds, in ICU's order.
struct MessageSignature: Sendable, Hashable {
    struct Argument: Sendable, Hashable {
        let name: String
        let kind: MessageArgumentKind
    }

    let arguments: [Argument]

    /// The names, in the order ICU receives the values.
    var names: [String] { arguments.map(\.name) }

    /// The suffix of the keyword that carries an amount's first word (`priceWord`).
    static let wordSuffix = "Word"

    /// The values a catalog message's keyword argument takes, for `select`: what follows a
    /// commitment for `renewal`, a currency's ISO 4217 code for `currency`, `yes` or `no` for
    /// `fraction`, whether every amount has a form in a case for the case's name (`dative`:
    /// `given`, `missing`), a unit (`day`, `week`, `month`, `year`) for the others. `nil` for a
    /// keyword of open values: an amount's first word (`priceWord`: `u`, `onze`, `vint-i-u`)
    /// and a plural category (`plural`, which depends on the language).
    static func values(ofKeyword name: String) -> [String]? {
        switch name {
        case "renewal": CommitmentRenewal.Name.allCases.map(\.rawValue)
        case "currency": Currencies.digitsByCode.keys.sorted()
        case "fraction": ["yes", "no"]
        case "plural": nil
        case _ where SpokenCase(rawValue: name) != nil: SpokenCase.Availability.allCases.map(\.rawValue)
        case _ where name.hasSuffix(wordSuffix): nil
        default: PeriodUnit.allCases.map(\.rawValue)
        }
    }

    /// The signature an arguments type declares.
    init<Arguments: MessageArguments>(of type: Arguments.Type) {
        var collector = Collector()
        Arguments.sample.visit(&collector)
        arguments = collector.arguments
    }

    private struct Collector: MessageArgumentVisitor {
        var arguments: [Argument] = []
        mutating func text(_ name: String, _ value: Text) { arguments.append(Argument(name: name, kind: .text)) }
        mutating func amount(_ name: String, _ value: Text) {
            arguments.append(Argument(name: name, kind: .text))
            arguments.append(Argument(name: name + MessageSignature.wordSuffix, kind: .keyword))
        }
        mutating func pricedText(_ name: String, _ value: Text) { arguments.append(Argument(name: name, kind: .text)) }
        mutating func sentence(_ name: String, _ value: Text) { arguments.append(Argument(name: name, kind: .text)) }
        mutating func number(_ name: String, _ value: Int) { arguments.append(Argument(name: name, kind: .number)) }
        mutating func keyword(_ name: String, _ value: String) { arguments.append(Argument(name: name, kind: .keyword)) }
    }
}

/// A message's argument values in order, as ``MessageArguments/visit(_:)`` passes them.
///
/// By default the values are only collected: the texts in order, and the integers and
/// keyword that choose the output (``MessageTemplate``). For ICU itself, the values go
/// into ``buffer`` too, with each text as itself or as its template placeholder.
struct MessageValues: MessageArgumentVisitor {
    /// How the values are kept.
    enum Mode {
        /// Collected for a template: no ICU buffer.
        case collecting
        /// For ICU, with the texts themselves.
        case texts
        /// For ICU, with placeholders where the texts go (to make a template).
        case placeholders
        /// Collected for a render that asks for spoken forms or runs: no ICU buffer; each
        /// text's string in ``texts``, its runs in ``runs`` and its spoken form in ``spokenTexts``.
        case annotated
    }

    let mode: Mode
    /// Whether each formatted piece is wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL
    /// ISOLATE: in a right-to-left sentence, so that each piece displays as one unit in its
    /// own direction and the pieces keep the sentence's order (as MessageFormat 2 does).
    let isolatesPieces: Bool
    /// The texts, isolated when asked, in order.
    private(set) var texts: [String] = []
    /// The integers (`count`, `periods`) and the keyword (`unit`), which choose the output.
    private(set) var key = TemplateArguments()
    /// The values for ICU, in argument order (empty when collecting).
    private(set) var buffer = ICU.MessageFormat.Arguments(capacity: 0)
    /// In ``Mode/annotated``, each text's spans (not isolated: the template places the isolates).
    private(set) var spans: [[TextSpan]] = []
    /// In ``Mode/annotated``, each text's spoken form, isolated as ``texts`` are.
    private(set) var spokenTexts: [String] = []
    /// In ``Mode/annotated``, each text's forms in the cases besides the nominative (``CaseForms``),
    /// `nil` for a text that holds no amount; not isolated.
    private(set) var caseForms: [CaseForms?] = []
    /// In ``Mode/annotated``, whether each text is placed without isolates (a whole sentence).
    private var unisolated: [Bool] = []

    /// Whether the values go to ICU (``buffer``).
    private var feedsICU: Bool { mode == .texts || mode == .placeholders }

    init(capacity: Int, isolatesPieces: Bool = false, mode: Mode = .collecting) {
        self.mode = mode
        self.isolatesPieces = isolatesPieces
        texts.reserveCapacity(capacity)
        if feedsICU { buffer = ICU.MessageFormat.Arguments(capacity: capacity) }
    }

    /// Empties collected values for the next message, keeping the texts' storage.
    mutating func reset() {
        texts.removeAll(keepingCapacity: true)
        if !spokenTexts.isEmpty { spokenTexts.removeAll(keepingCapacity: true) }
        if !caseForms.isEmpty { caseForms.removeAll(keepingCapacity: true) }
        if !unisolated.isEmpty { unisolated.removeAll(keepingCapacity: true) }
        if !spans.isEmpty { spans.removeAll(keepingCapacity: true) }
        key = TemplateArguments()
    }

    mutating func text(_ name: String, _ value: Text) {
        append(value, isolating: isolatesPieces)
    }

    mutating func sentence(_ name: String, _ value: Text) {
        append(value, isolating: false)
    }

    private mutating func append(_ value: Text, isolating: Bool) {
        if mode == .annotated {
            // The isolate wraps the piece in the field and in what is said alike.
            spans.append(value.spans)
            let spoken = value.spoken
            spokenTexts.append(isolating ? "\u{2068}\(spoken)\u{2069}" : spoken)
            caseForms.append(value.notes?.cases)
            unisolated.append(!isolating)
        }
        append(value.string, isolating: isolating)
    }

    mutating func amount(_ name: String, _ value: Text) {
        text(name, value)
        append(keyword: value.word ?? "")
    }

    mutating func pricedText(_ name: String, _ value: Text) {
        text(name, value)
    }

    /// The texts said in `spokenCase`, isolated as ``spokenTexts`` are; `nil` when a text that
    /// holds an amount has no form in it. For a message's spoken form in that case.
    func spokenTexts(in spokenCase: SpokenCase) -> [String]? {
        var texts = spokenTexts
        for (index, forms) in caseForms.enumerated() {
            guard let forms else { continue }
            guard let form = forms[spokenCase] else { return nil }
            texts[index] = isolatesPieces && !unisolated[index] ? "\u{2068}\(form)\u{2069}" : form
        }
        return texts
    }

    /// Whether any text holds an amount (so that the message's output does too).
    var holdsAmounts: Bool { caseForms.contains { $0 != nil } }

    mutating func number(_ name: String, _ value: Int) {
        append(value)
    }

    mutating func keyword(_ name: String, _ value: String) {
        append(keyword: value)
    }

    /// Appends a formatted piece (`$9.99`, `3 months`).
    mutating func append(_ text: String) {
        append(text, isolating: isolatesPieces)
    }

    private mutating func append(_ text: String, isolating: Bool) {
        let piece = isolating ? "\u{2068}\(text)\u{2069}" : text
        switch mode {
        case .collecting, .annotated: break
        case .texts: buffer.append(piece)
        case .placeholders: buffer.append(MessageTemplate.placeholder(texts.count))
        }
        texts.append(piece)
    }

    /// Appends a keyword for `select` (`month`), never isolated.
    mutating func append(keyword: String) {
        if feedsICU { buffer.append(keyword) }
        key.append(keyword: keyword)
    }

    /// Appends a raw integer, for `plural`.
    mutating func append(_ integer: Int) {
        if feedsICU { buffer.append(integer) }
        key.append(integer)
    }
}

/// A message without arguments (`price.free`).
struct NoArguments: MessageArguments {
    static var sample: NoArguments { NoArguments() }
    func visit<Visitor: MessageArgumentVisitor>(_ visitor: inout Visitor) {}
}

/// A price with its period: `recurringPrice`, `prepaid.*`.
struct PeriodPriceArguments: MessageArguments {
    /// The formatted price (`$9.99`).
    var price: Text
    /// The formatted period with its number (`3 months`).
    var period: Text
    /// The period's number of units.
    var count: Int
    /// The period's unit name (`day`, `week`, `month`, `year`).
    var unit: String

    static var sample: PeriodPriceArguments { .init(price: "$24.99", period: "3 months", count: 3, unit: "month") }

    func visit<Visitor: MessageArgumentVisitor>(_ visitor: inout Visitor) {
        visitor.amount("price", price)
        visitor.text("period", period)
        visitor.number("count", count)
        visitor.keyword("unit", unit)
    }
}

/// A period with its number, for a field of its own or a plan's name: `period`, `planName`.
struct PeriodArguments: MessageArguments {
    /// The period as ICU writes it, with its number (`3 months`).
    var period: Text
    /// The number of units.
    var count: Int
    /// The unit name (`day`, `week`, `month`, `year`).
    var unit: String

    static var sample: PeriodArguments { .init(period: "3 months", count: 3, unit: "month") }

    func visit<Visitor: MessageArgumentVisitor>(_ visitor: inout Visitor) {
        visitor.text("period", period)
        visitor.number("count", count)
        visitor.keyword("unit", unit)
    }
}

/// A price with its period in short: `recurringPriceShort`.
struct ShortPriceArguments: MessageArguments {
    /// The formatted price (`$9.99`).
    var price: Text
    /// The period as ICU abbreviates it, with its number (`3 mths`, `3 Mon.`).
    var periodShort: Text
    /// The period's number of units.
    var count: Int
    /// The period's unit name.
    var unit: String

    static var sample: ShortPriceArguments { .init(price: "$24.99", periodShort: "3 mths", count: 3, unit: "month") }

    func visit<Visitor: MessageArgumentVisitor>(_ visitor: inout Visitor) {
        visitor.amount("price", price)
        visitor.text("periodShort", periodShort)
        visitor.number("count", count)
        visitor.keyword("unit", unit)
    }
}

/// An amount: `savings.amountHeadline`.
struct AmountArguments: MessageArguments {
    /// The formatted amount (`$30.00`).
    var amount: Text

    static var sample: AmountArguments { .init(amount: "$30.00") }

    func visit<Visitor: MessageArgumentVisitor>(_ visitor: inout Visitor) {
        visitor.amount("amount", amount)
    }
}

/// What every offer headline and summary receives.
struct OfferArguments: MessageArguments {
    /// The offer price (`$1.99`), or the word for free.
    var price: Text
    /// One offer billing period (`1 month`).
    var period: Text
    /// How many billing periods the offer has.
    var periods: Int
    /// The whole offer (`3 months`).
    var duration: Text
    /// The number of units of ``duration``.
    var count: Int
    /// The unit name of ``duration``.
    var unit: String
    /// The regular price after the offer (`$9.99`).
    var regularPrice: Text
    /// The regular price with its period (`$9.99/month`).
    var recurringPrice: Text

    static var sample: OfferArguments {
        .init(price: "$1.99", period: "1 week", periods: 21, duration: "21 weeks", count: 22, unit: "week",
              regularPrice: "$4.99", recurringPrice: "$4.99/week")
    }

    func visit<Visitor: MessageArgumentVisitor>(_ visitor: inout Visitor) {
        visitor.amount("price", price)
        visitor.text("period", period)
        visitor.number("periods", periods)
        visitor.text("duration", duration)
        visitor.number("count", count)
        visitor.keyword("unit", unit)
        visitor.amount("regularPrice", regularPrice)
        visitor.pricedText("recurringPrice", recurringPrice)
    }
}

/// A pay-as-you-go headline and summary: the offer's arguments and the offer price with
/// its billing period.
struct PayAsYouGoArguments: MessageArguments {
    var offer: OfferArguments
    /// The offer price with its billing period (`$1.99/month`).
    var recurringOfferPrice: Text

    static var sample: PayAsYouGoArguments { .init(offer: .sample, recurringOfferPrice: "$1.99/week") }

    func visit<Visitor: MessageArgumentVisitor>(_ visitor: inout Visitor) {
        offer.visit(&visitor)
        visitor.pricedText("recurringOfferPrice", recurringOfferPrice)
    }
}

/// A price per unit of time and what is billed: `billedPrice`, `billedPrice.once`.
struct BilledPriceArguments: MessageArguments {
    /// The price per unit with its unit, built by `recurringPrice` (`$4.49/month`).
    var unitPrice: Text
    /// The price billed (`$53.99`).
    var price: Text
    /// The billing period (`1 year`).
    var period: Text
    /// The billing period's number of units.
    var count: Int
    /// The billing period's unit name.
    var unit: String

    static var sample: BilledPriceArguments {
        .init(unitPrice: "$4.49/month", price: "$53.99", period: "1 year", count: 1, unit: "year")
    }

    func visit<Visitor: MessageArgumentVisitor>(_ visitor: inout Visitor) {
        visitor.pricedText("unitPrice", unitPrice)
        visitor.amount("price", price)
        visitor.text("period", period)
        visitor.number("count", count)
        visitor.keyword("unit", unit)
    }
}

/// Two clauses in order: `phases.then`.
struct ThenArguments: MessageArguments {
    /// What comes first (`free for 1 week`, or two clauses already joined).
    var first: Text
    /// What follows (`$1.99/month for 3 months`, or the regular price `$9.99/month`).
    var next: Text

    static var sample: ThenArguments { .init(first: "free for 1 week", next: "$1.99/month for 3 months") }

    func visit<Visitor: MessageArgumentVisitor>(_ visitor: inout Visitor) {
        visitor.text("first", first)
        visitor.text("next", next)
    }
}

/// A percentage: `savings.headline`, `discount.headline`.
struct PercentArguments: MessageArguments {
    /// The formatted percentage (`35%`, `35 %`, `%35`).
    var percent: Text

    static var sample: PercentArguments { .init(percent: "35%") }

    func visit<Visitor: MessageArgumentVisitor>(_ visitor: inout Visitor) {
        visitor.text("percent", percent)
    }
}

/// The renewal terms: `terms.renewal`, `terms.afterFreeTrial`, `terms.afterOffer`.
struct TermsArguments: MessageArguments {
    /// The regular price with its period (`$9.99/month`).
    var recurringPrice: Text
    /// The regular price (`$9.99`).
    var price: Text
    /// The billing period (`1 month`).
    var period: Text
    /// The billing period's number of units.
    var count: Int
    /// The billing period's unit name.
    var unit: String

    static var sample: TermsArguments {
        .init(recurringPrice: "$9.99/month", price: "$9.99", period: "1 month", count: 1, unit: "month")
    }

    func visit<Visitor: MessageArgumentVisitor>(_ visitor: inout Visitor) {
        visitor.pricedText("recurringPrice", recurringPrice)
        visitor.amount("price", price)
        visitor.text("period", period)
        visitor.number("count", count)
        visitor.keyword("unit", unit)
    }
}

/// The terms followed by a hint: `terms.withHint`.
struct TermsWithHintArguments: MessageArguments {
    /// The renewal terms sentence.
    var terms: Text
    /// Where to manage or cancel the subscription.
    var hint: Text

    static var sample: TermsWithHintArguments {
        .init(terms: "Renews automatically at $9.99/month until canceled.", hint: "Manage it in your account settings.")
    }

    func visit<Visitor: MessageArgumentVisitor>(_ visitor: inout Visitor) {
        visitor.text("terms", terms)
        visitor.text("hint", hint)
    }
}

/// A free-trial or pay-up-front offer with the day it ends: `dated.freeTrial.*`,
/// `dated.payUpFront.*`.
struct DatedOfferArguments: MessageArguments {
    var offer: OfferArguments
    /// The day the offer ends and the regular price begins (`February 28, 2026`).
    var date: Text

    static var sample: DatedOfferArguments { .init(offer: .sample, date: "February 28, 2026") }

    func visit<Visitor: MessageArgumentVisitor>(_ visitor: inout Visitor) {
        offer.visit(&visitor)
        visitor.text("date", date)
    }
}

/// A pay-as-you-go offer with the day it ends: `dated.payAsYouGo.*`.
struct DatedPayAsYouGoArguments: MessageArguments {
    var offer: PayAsYouGoArguments
    /// The day the offer ends and the regular price begins (`April 30, 2026`).
    var date: Text

    static var sample: DatedPayAsYouGoArguments { .init(offer: .sample, date: "April 30, 2026") }

    func visit<Visitor: MessageArgumentVisitor>(_ visitor: inout Visitor) {
        offer.visit(&visitor)
        visitor.text("date", date)
    }
}

/// The day a commitment ends: `dated.commitment.ends`.
struct CommitmentEndArguments: MessageArguments {
    /// The day the commitment's last paid period ends (`February 28, 2027`).
    var date: Text
    /// The payments committed to (`12`).
    var payments: Int

    static var sample: CommitmentEndArguments { .init(date: "February 28, 2027", payments: 12) }

    func visit<Visitor: MessageArgumentVisitor>(_ visitor: inout Visitor) {
        visitor.text("date", date)
        visitor.number("payments", payments)
    }
}

/// The day of the month in a date: `date.day`.
struct DayArguments: MessageArguments {
    /// The day as ICU's date pattern writes it (`1`, `28`; Arabic-Indic `١` where the locale's
    /// digits are).
    var day: Text
    /// The day's number in the date's calendar (1–31), for `plural` or `selectordinal`.
    var dayOfMonth: Int

    /// The first of a month as Arabic writes it: the day's text and its number differ, so that
    /// a message that placed one for the other would show it.
    static var sample: DayArguments { .init(day: "١", dayOfMonth: 1) }

    func visit<Visitor: MessageArgumentVisitor>(_ visitor: inout Visitor) {
        visitor.text("day", day)
        visitor.number("dayOfMonth", dayOfMonth)
    }
}

/// An offer of several phases with the day it ends: `dated.phases.*`.
struct DatedPhasesArguments: MessageArguments {
    /// The phases' clauses joined by `phases.then` (`free for 1 week, then $4.99/month for 3 months`).
    var phases: Text
    /// The regular price after the offer (`$9.99`).
    var regularPrice: Text
    /// The regular price with its period (`$9.99/month`).
    var recurringPrice: Text
    /// The day the last phase ends and the regular price begins (`May 7, 2026`).
    var date: Text

    static var sample: DatedPhasesArguments {
        .init(phases: "free for 1 week, then $4.99/month for 3 months", regularPrice: "$9.99", recurringPrice: "$9.99/month",
              date: "May 7, 2026")
    }

    func visit<Visitor: MessageArgumentVisitor>(_ visitor: inout Visitor) {
        visitor.text("phases", phases)
        visitor.amount("regularPrice", regularPrice)
        visitor.pricedText("recurringPrice", recurringPrice)
        visitor.text("date", date)
    }
}

/// A free trial, the day it ends and what follows it: `disclosure.trialConversion.dated`.
struct DatedTrialConversionArguments: MessageArguments {
    var trial: TrialConversionArguments
    /// The day the trial ends and the first charge falls (`February 28, 2026`).
    var date: Text

    static var sample: DatedTrialConversionArguments { .init(trial: .sample, date: "February 28, 2026") }

    func visit<Visitor: MessageArgumentVisitor>(_ visitor: inout Visitor) {
        trial.visit(&visitor)
        visitor.text("date", date)
    }
}

/// A free trial and what follows it: `disclosure.trialConversion`.
struct TrialConversionArguments: MessageArguments {
    /// The whole trial (`1 week`).
    var duration: Text
    /// The number of units of ``duration``.
    var count: Int
    /// The unit name of ``duration``.
    var unit: String
    /// What is charged after the trial: the regular price with its period (`$9.99/month`),
    /// or the offer's next phases and then that price, joined by `phases.then`.
    var charges: Text

    static var sample: TrialConversionArguments {
        .init(duration: "2 weeks", count: 2, unit: "week", charges: "$1.99/month for 3 months, then $9.99/month")
    }

    func visit<Visitor: MessageArgumentVisitor>(_ visitor: inout Visitor) {
        visitor.text("duration", duration)
        visitor.number("count", count)
        visitor.keyword("unit", unit)
        visitor.text("charges", charges)
    }
}
