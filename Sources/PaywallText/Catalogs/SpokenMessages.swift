/// Which messages have a spoken form of their own.
///
/// A message is said as it is written, with its arguments' spoken forms (`Free for 1 week,
/// then 9.99 US dollars per month`), unless the catalogs have a `spoken.` key for it: a
/// message whose own words are not said as written (`$9.99/month`: a slash; `$9.99/mo`: an
/// abbreviation), or one that places an amount where a language needs another case than
/// ICU's currency name has (German `zum Preis von 1.200 japanischen Yen`). The spoken key
/// takes the message's arguments and more (``SpokenArguments``): a test checks it for every key.
extension MessageKey {
    /// The prefix of the keys of spoken forms.
    static let spokenPrefix = "spoken."

    /// The key of this message's spoken form (`spoken.recurringPrice`), `nil` when the message
    /// is said as it is written.
    var spokenKey: MessageKey? { MessageKey.spokenKeys[index] }

    /// For a spoken key, the message it is said for (`recurringPrice`); `nil` for the other
    /// keys, the forms of an amount (`spoken.amount.dative`) among them.
    var writtenKey: MessageKey? {
        guard rawValue.hasPrefix(MessageKey.spokenPrefix) else { return nil }
        return MessageKey(rawValue: String(rawValue.dropFirst(MessageKey.spokenPrefix.count)))
    }

    /// Whether the message is heard, never seen: a spoken form or an amount's form.
    var isSpoken: Bool { rawValue.hasPrefix(MessageKey.spokenPrefix) }

    private static let spokenKeys = allCases.map { MessageKey(rawValue: spokenPrefix + $0.rawValue) }
}

/// A grammatical case in which a catalog may say an amount, besides the nominative that ICU's
/// long currency names are in (`9,99 US-Dollar`, `1.200 Japanische Yen`).
///
/// ICU has a currency's name in the nominative only, so a spoken sentence either places the
/// amount where the nominative is grammatical (as the subject, or after a colon), or takes the
/// amount's form in a case from the catalog's `spoken.amount.<case>` message, which gives it
/// for the currencies it knows (those of both stores' storefronts) and nothing for the
/// others. A spoken message receives each amount in each case (`{recurringPriceDative}`) and,
/// for each case, whether every amount has a form in it (`{dative, select, given {…} other
/// {…}}`), so that it can place the amount where the nominative is grammatical for any other
/// currency.
enum SpokenCase: String, CaseIterable, Sendable {
    /// After a preposition that governs the dative: German `von 1.200 japanischen Yen`,
    /// Tamil `12.99 யூரோக்களுக்கு`.
    case dative
    /// Before a postposition: Kannada `9.99 ಅಮೆರಿಕದ ಡಾಲರ್ ದರದಲ್ಲಿ` (the noun without its
    /// plural ending).
    case oblique

    /// Whether every amount of a message has a form in a case: the value of the case's keyword.
    enum Availability: String, CaseIterable, Sendable {
        case given, missing
    }

    /// The suffix of an amount's argument in this case (`priceDative`).
    var suffix: String {
        switch self {
        case .dative: "Dative"
        case .oblique: "Oblique"
        }
    }

    /// The catalog message that gives an amount's form in this case.
    var message: Message<AmountFormArguments> {
        switch self {
        case .dative: Messages.spokenAmountDative
        case .oblique: Messages.spokenAmountOblique
        }
    }

    /// The case's position in `allCases`.
    var index: Int {
        switch self {
        case .dative: 0
        case .oblique: 1
        }
    }
}

/// A spoken text's forms in the cases besides the nominative (``SpokenCase``), for a text that
/// holds an amount: each `nil` where the catalog gives no form for the amount's currency.
struct CaseForms: Sendable, Hashable {
    private var forms: [String?]

    /// No form in any case.
    static let none = CaseForms(forms: Array(repeating: nil, count: SpokenCase.allCases.count))

    init(forms: [String?]) {
        precondition(forms.count == SpokenCase.allCases.count, "one form for each case")
        self.forms = forms
    }

    subscript(spokenCase: SpokenCase) -> String? {
        forms[spokenCase.index]
    }

    /// Whether the text has a form in any case.
    var isEmpty: Bool { forms.allSatisfy { $0 == nil } }
}

/// What a spoken key (`spoken.terms.renewal`) receives: the arguments of the message it is
/// said for, in their spoken forms; `said`, that message as written, said aloud; each amount
/// of the arguments in each case (`priceDative`, `recurringPriceOblique`: the amount's form, or
/// its nominative where the catalog gives none); and for each case whether every amount has a
/// form in it (`dative`: `given` or `missing`).
struct SpokenArguments<Written: MessageArguments>: MessageArguments {
    var written: Written
    /// The written message said aloud: its words, its arguments' spoken forms (`Das Abo
    /// verlängert sich automatisch zum Preis von 9,99 US-Dollar pro Monat, …`). A language
    /// that says the message as written gives `{said}`.
    var said: Text

    static var sample: SpokenArguments { .init(written: .sample, said: "Said as written") }

    func visit<Visitor: MessageArgumentVisitor>(_ visitor: inout Visitor) {
        written.visit(&visitor)
        visitor.sentence("said", said)
        var amounts = Amounts()
        written.visit(&amounts)
        for spokenCase in SpokenCase.allCases {
            for (name, text) in amounts.texts {
                visitor.text(name + spokenCase.suffix, text.said(in: spokenCase))
            }
        }
        for spokenCase in SpokenCase.allCases {
            let given = amounts.texts.allSatisfy { $0.1.notes?.cases == nil || $0.1.notes?.cases?[spokenCase] != nil }
            visitor.keyword(spokenCase.rawValue, (given ? SpokenCase.Availability.given : .missing).rawValue)
        }
    }

    /// The amounts and priced texts of the written arguments, in order.
    private struct Amounts: MessageArgumentVisitor {
        var texts: [(String, Text)] = []
        mutating func text(_ name: String, _ value: Text) {}
        mutating func amount(_ name: String, _ value: Text) { texts.append((name, value)) }
        mutating func pricedText(_ name: String, _ value: Text) { texts.append((name, value)) }
        mutating func sentence(_ name: String, _ value: Text) {}
        mutating func number(_ name: String, _ value: Int) {}
        mutating func keyword(_ name: String, _ value: String) {}
    }
}

/// What a catalog's form of an amount in a case receives (`spoken.amount.nominative`,
/// `spoken.amount.dative`, `spoken.amount.oblique`). The message gives the amount as said in
/// that case for the currencies it knows, `{currency, select, JPY {…} … other {}}`, with a
/// plural or a fraction where the forms differ; its empty output means "no form": ICU's
/// nominative for `spoken.amount.nominative`, the nominative placement of the spoken message
/// for the others.
struct AmountFormArguments: MessageArguments {
    /// The amount in the currency's own digits, as ICU writes the number in the sentence
    /// language (`9,99`, `1.200`), without the currency.
    var amount: Text
    /// ICU's long name of one unit of the currency in the sentence language (`US-Dollar`,
    /// `ameriški dolar`, `ಅಮೆರಿಕದ ಡಾಲರ್`).
    var name: Text
    /// The amount with ICU's long currency name, in the nominative (`9,99 US-Dollar`), for a
    /// currency whose form in a case is the same.
    var nominative: Text
    /// The currency's ISO 4217 code (`USD`).
    var currency: String
    /// The plural category ICU's rules give the amount as written, its fraction digits
    /// included (Slovenian `9,99` and `3,00`: `few`; `5`: `other`).
    var plural: String
    /// `yes` when the amount as written has a fraction (`9,99`, `3,50`), `no` for a whole
    /// amount (`3`, `1.200`).
    var fraction: String

    static var sample: AmountFormArguments {
        .init(amount: "9.99", name: "US dollar", nominative: "9.99 US dollars", currency: "USD", plural: "other", fraction: "yes")
    }

    func visit<Visitor: MessageArgumentVisitor>(_ visitor: inout Visitor) {
        visitor.text("amount", amount)
        visitor.text("name", name)
        visitor.text("nominative", nominative)
        visitor.keyword("currency", currency)
        visitor.keyword("plural", plural)
        visitor.keyword("fraction", fraction)
    }
}

extension Text {
    /// The text as said in a case: its form in it, or its spoken form where it has none (or
    /// holds no amount); placed as the text itself in the written message.
    func said(in spokenCase: SpokenCase) -> Text {
        guard let notes else { return self }
        return Text(string, notes: TextNotes(spoken: notes.cases?[spokenCase] ?? notes.spoken, spans: notes.spans))
    }
}
