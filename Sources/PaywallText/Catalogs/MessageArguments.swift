/// The values one message receives, as a type: a message can only be formatted with
/// the arguments type it is declared with (see ``Messages``).
///
/// Each conforming type's stored properties are named after the message's arguments,
/// ``names`` lists them in the order ``append(to:)`` passes them, and a test formats every
/// argument by name and compares it with the property of that name, so a swapped pair
/// fails the tests.
package protocol MessageArguments: Sendable {
    /// The argument names, in the order ``append(to:)`` passes their values.
    static var names: [String] { get }
    /// Passes the values in the order of ``names``.
    func append(to arguments: inout MessageValues)
    /// Typical values, different from each other: for the argument-order check and for
    /// formatting a message that is being checked.
    static var sample: Self { get }
}

/// A message's argument values, as ``MessageArguments/append(to:)`` passes them.
///
/// By default the values are only collected: the texts in order, and the integers and
/// keyword that choose the output (``MessageTemplate``). For ICU itself, the values go
/// into ``buffer`` too, with each text as itself or as its template placeholder.
package struct MessageValues {
    /// How the values are kept.
    enum Mode {
        /// Collected for a template: no ICU buffer.
        case collecting
        /// For ICU, with the texts themselves.
        case texts
        /// For ICU, with placeholders where the texts go (to make a template).
        case placeholders
    }

    let mode: Mode
    /// Whether each formatted piece is wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL
    /// ISOLATE: in a right-to-left sentence, so that each piece displays as one unit in its
    /// own direction and the pieces keep the sentence's order (as MessageFormat 2 does).
    let isolatesPieces: Bool
    /// The texts, isolated when asked, in order.
    private(set) var texts: [String] = []
    /// The integers (`count`, `periods`) and the keyword (`unit`), which choose the output.
    private(set) var key = MessageTemplateKey.Arguments()
    /// The values for ICU, in argument order (empty when collecting).
    private(set) var buffer = ICU.MessageFormat.Arguments(capacity: 0)

    init(capacity: Int, isolatesPieces: Bool = false, mode: Mode = .collecting) {
        self.mode = mode
        self.isolatesPieces = isolatesPieces
        texts.reserveCapacity(capacity)
        if mode != .collecting { buffer = ICU.MessageFormat.Arguments(capacity: capacity) }
    }

    /// Empties collected values for the next message, keeping the texts' storage.
    mutating func reset() {
        texts.removeAll(keepingCapacity: true)
        key = MessageTemplateKey.Arguments()
    }

    /// Appends a formatted piece (`$9.99`, `3 months`).
    package mutating func append(_ text: String) {
        let piece = isolatesPieces ? "\u{2068}\(text)\u{2069}" : text
        switch mode {
        case .collecting: break
        case .texts: buffer.append(piece)
        case .placeholders: buffer.append(MessageTemplate.placeholder(texts.count))
        }
        texts.append(piece)
    }

    /// Appends a keyword for `select` (`month`), never isolated.
    package mutating func append(keyword: String) {
        if mode != .collecting { buffer.append(keyword) }
        key.append(keyword: keyword)
    }

    /// Appends a raw integer, for `plural`.
    package mutating func append(_ integer: Int) {
        if mode != .collecting { buffer.append(integer) }
        key.append(integer)
    }
}

/// A message without arguments (`price.free`).
package struct NoArguments: MessageArguments {
    package static let names: [String] = []
    package static var sample: NoArguments { NoArguments() }
    package func append(to arguments: inout MessageValues) {}
}

/// A price with its period: `recurringPrice`.
package struct PeriodPriceArguments: MessageArguments {
    /// The formatted price (`$9.99`).
    var price: String
    /// The formatted period with its number (`3 months`).
    var period: String
    /// The period's number of units.
    var count: Int
    /// The period's unit name (`day`, `week`, `month`, `year`).
    var unit: String

    package static let names = ["price", "period", "count", "unit"]
    package static var sample: PeriodPriceArguments { .init(price: "$24.99", period: "3 months", count: 3, unit: "month") }

    package func append(to arguments: inout MessageValues) {
        arguments.append(price)
        arguments.append(period)
        arguments.append(count)
        arguments.append(keyword: unit)
    }
}

/// What every offer headline and summary receives.
package struct OfferArguments: MessageArguments {
    /// The offer price (`$1.99`), or the word for free.
    var price: String
    /// One offer billing period (`1 month`).
    var period: String
    /// How many billing periods the offer has.
    var periods: Int
    /// The whole offer (`3 months`).
    var duration: String
    /// The number of units of ``duration``.
    var count: Int
    /// The unit name of ``duration``.
    var unit: String
    /// The regular price after the offer (`$9.99`).
    var regularPrice: String
    /// The regular price with its period (`$9.99/month`).
    var recurringPrice: String

    package static let names = ["price", "period", "periods", "duration", "count", "unit", "regularPrice", "recurringPrice"]
    package static var sample: OfferArguments {
        .init(price: "$1.99", period: "1 week", periods: 21, duration: "21 weeks", count: 21, unit: "week",
              regularPrice: "$4.99", recurringPrice: "$4.99/week")
    }

    package func append(to arguments: inout MessageValues) {
        arguments.append(price)
        arguments.append(period)
        arguments.append(periods)
        arguments.append(duration)
        arguments.append(count)
        arguments.append(keyword: unit)
        arguments.append(regularPrice)
        arguments.append(recurringPrice)
    }
}

/// A pay-as-you-go headline and summary: the offer's arguments and the offer price with
/// its billing period.
package struct PayAsYouGoArguments: MessageArguments {
    var offer: OfferArguments
    /// The offer price with its billing period (`$1.99/month`).
    var recurringOfferPrice: String

    package static let names = OfferArguments.names + ["recurringOfferPrice"]
    package static var sample: PayAsYouGoArguments { .init(offer: .sample, recurringOfferPrice: "$1.99/week") }

    package func append(to arguments: inout MessageValues) {
        offer.append(to: &arguments)
        arguments.append(recurringOfferPrice)
    }
}

/// A price per unit of time and what is billed: `billedPrice`.
package struct BilledPriceArguments: MessageArguments {
    /// The price per unit with its unit, built by `recurringPrice` (`$4.49/month`).
    var unitPrice: String
    /// The price billed (`$53.99`).
    var price: String
    /// The billing period (`1 year`).
    var period: String
    /// The billing period's number of units.
    var count: Int
    /// The billing period's unit name.
    var unit: String

    package static let names = ["unitPrice", "price", "period", "count", "unit"]
    package static var sample: BilledPriceArguments {
        .init(unitPrice: "$4.49/month", price: "$53.99", period: "1 year", count: 1, unit: "year")
    }

    package func append(to arguments: inout MessageValues) {
        arguments.append(unitPrice)
        arguments.append(price)
        arguments.append(period)
        arguments.append(count)
        arguments.append(keyword: unit)
    }
}

/// Two clauses in order: `phases.then`.
package struct ThenArguments: MessageArguments {
    /// What comes first (`free for 1 week`, or two clauses already joined).
    var first: String
    /// What follows (`$1.99/month for 3 months`, or the regular price `$9.99/month`).
    var next: String

    package static let names = ["first", "next"]
    package static var sample: ThenArguments { .init(first: "free for 1 week", next: "$1.99/month for 3 months") }

    package func append(to arguments: inout MessageValues) {
        arguments.append(first)
        arguments.append(next)
    }
}

/// A percentage: `savings.headline`, `discount.headline`.
package struct PercentArguments: MessageArguments {
    /// The formatted percentage (`35%`, `35 %`, `%35`).
    var percent: String

    package static let names = ["percent"]
    package static var sample: PercentArguments { .init(percent: "35%") }

    package func append(to arguments: inout MessageValues) {
        arguments.append(percent)
    }
}

/// The renewal terms: `terms.renewal`, `terms.afterFreeTrial`, `terms.afterOffer`.
package struct TermsArguments: MessageArguments {
    /// The regular price with its period (`$9.99/month`).
    var recurringPrice: String
    /// The regular price (`$9.99`).
    var price: String
    /// The billing period (`1 month`).
    var period: String
    /// The billing period's number of units.
    var count: Int
    /// The billing period's unit name.
    var unit: String

    package static let names = ["recurringPrice", "price", "period", "count", "unit"]
    package static var sample: TermsArguments {
        .init(recurringPrice: "$9.99/month", price: "$9.99", period: "1 month", count: 1, unit: "month")
    }

    package func append(to arguments: inout MessageValues) {
        arguments.append(recurringPrice)
        arguments.append(price)
        arguments.append(period)
        arguments.append(count)
        arguments.append(keyword: unit)
    }
}

/// The terms followed by a hint: `terms.withHint`.
package struct TermsWithHintArguments: MessageArguments {
    /// The renewal terms sentence.
    var terms: String
    /// Where to manage or cancel the subscription.
    var hint: String

    package static let names = ["terms", "hint"]
    package static var sample: TermsWithHintArguments {
        .init(terms: "Renews automatically at $9.99/month until canceled.", hint: "Manage it in your account settings.")
    }

    package func append(to arguments: inout MessageValues) {
        arguments.append(terms)
        arguments.append(hint)
    }
}

/// A message key with the type of its arguments.
package struct Message<Arguments: MessageArguments>: Sendable {
    package let key: MessageKey
}

/// Every message, each with its arguments type: the one place that says what a message
/// receives, read by the renderer (through the types) and by the catalog checks (through
/// ``argumentNames``).
package enum Messages {
    package static let free = Message<NoArguments>(key: .free)
    package static let recurringPrice = Message<PeriodPriceArguments>(key: .recurringPrice)
    package static let freeTrialHeadline = Message<OfferArguments>(key: .freeTrialHeadline)
    package static let freeTrialSummary = Message<OfferArguments>(key: .freeTrialSummary)
    package static let payAsYouGoHeadline = Message<PayAsYouGoArguments>(key: .payAsYouGoHeadline)
    package static let payAsYouGoSummary = Message<PayAsYouGoArguments>(key: .payAsYouGoSummary)
    package static let payUpFrontHeadline = Message<OfferArguments>(key: .payUpFrontHeadline)
    package static let payUpFrontSummary = Message<OfferArguments>(key: .payUpFrontSummary)
    package static let billedPrice = Message<BilledPriceArguments>(key: .billedPrice)
    package static let freeTrialPhase = Message<OfferArguments>(key: .freeTrialPhase)
    package static let payAsYouGoPhase = Message<PayAsYouGoArguments>(key: .payAsYouGoPhase)
    package static let payUpFrontPhase = Message<OfferArguments>(key: .payUpFrontPhase)
    package static let phasesThen = Message<ThenArguments>(key: .phasesThen)
    package static let savingsHeadline = Message<PercentArguments>(key: .savingsHeadline)
    package static let discountHeadline = Message<PercentArguments>(key: .discountHeadline)
    package static let termsRenewal = Message<TermsArguments>(key: .termsRenewal)
    package static let termsAfterFreeTrial = Message<TermsArguments>(key: .termsAfterFreeTrial)
    package static let termsAfterOffer = Message<TermsArguments>(key: .termsAfterOffer)
    package static let termsHintAppStore = Message<NoArguments>(key: .termsHintAppStore)
    package static let termsHintGooglePlay = Message<NoArguments>(key: .termsHintGooglePlay)
    package static let termsWithHint = Message<TermsWithHintArguments>(key: .termsWithHint)

    /// A message key, the names of its arguments, and a check of its arguments type.
    package struct Entry: Sendable {
        package let key: MessageKey
        package let names: [String]
        /// Formats the type's ``MessageArguments/sample`` with a pattern that names every
        /// argument and compares each output with the stored property of that name; returns
        /// what differs (nothing when the order of ``MessageArguments/append(to:)`` matches
        /// ``MessageArguments/names``).
        package let argumentOrderProblems: @Sendable () -> [String]
        /// The values of the type's ``MessageArguments/sample``, to format a message being checked.
        let sampleValues: @Sendable () -> MessageValues
    }

    /// Each key with its argument names, in ``MessageKey/allCases`` order.
    package static let all: [Entry] = [
        entry(free), entry(recurringPrice),
        entry(freeTrialHeadline), entry(freeTrialSummary),
        entry(payAsYouGoHeadline), entry(payAsYouGoSummary),
        entry(payUpFrontHeadline), entry(payUpFrontSummary), entry(billedPrice),
        entry(freeTrialPhase), entry(payAsYouGoPhase), entry(payUpFrontPhase), entry(phasesThen),
        entry(savingsHeadline), entry(discountHeadline),
        entry(termsRenewal), entry(termsAfterFreeTrial), entry(termsAfterOffer),
        entry(termsHintAppStore), entry(termsHintGooglePlay), entry(termsWithHint),
    ].sorted { $0.key.index < $1.key.index }

    /// Argument names by ``MessageKey/index``.
    static let argumentNames: [[String]] = all.map(\.names)

    /// A value's stored properties by name, with those of nested arguments (the offer inside
    /// the pay-as-you-go arguments) in its place.
    private static func storedValues(of value: Any) -> [(String, String)] {
        Mirror(reflecting: value).children.flatMap { child -> [(String, String)] in
            if child.value is any MessageArguments { return storedValues(of: child.value) }
            return child.label.map { [($0, "\(child.value)")] } ?? []
        }
    }

    private static func entry<Arguments>(_ message: Message<Arguments>) -> Entry {
        Entry(key: message.key, names: Arguments.names, argumentOrderProblems: { orderProblems(of: Arguments.self) },
              sampleValues: {
                  var values = MessageValues(capacity: Arguments.names.count, mode: .texts)
                  Arguments.sample.append(to: &values)
                  return values
              })
    }

    private static func orderProblems<Arguments: MessageArguments>(of type: Arguments.Type) -> [String] {
        let separator: Character = "\u{1F}"
        let pattern = Arguments.names.map { "{\($0)}" }.joined(separator: String(separator))
        let sample = Arguments.sample
        var values = MessageValues(capacity: Arguments.names.count, mode: .texts)
        sample.append(to: &values)
        let outputs: [String]
        do {
            let format = try ICU.MessageFormat(pattern: pattern, locale: "en", arguments: Arguments.names)
            outputs = try format.format(values.buffer).split(separator: separator, omittingEmptySubsequences: false).map(String.init)
        } catch {
            return ["\(type): \(error)"]
        }
        let properties = Dictionary(storedValues(of: sample), uniquingKeysWith: { first, _ in first })
        var problems: [String] = []
        if Set(properties.keys) != Set(Arguments.names) {
            problems.append("\(type): properties \(properties.keys.sorted()) but names \(Arguments.names.sorted())")
        }
        for (name, output) in zip(Arguments.names, outputs) where properties[name] != output {
            problems.append("\(type): {\(name)} received \(quoted(output)), but its property holds \(quoted(properties[name] ?? "nothing"))")
        }
        return problems
    }
}
