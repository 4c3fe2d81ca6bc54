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

/// Argument values on their way to ICU, in a message's argument order.
package struct MessageValues {
    var buffer: ICU.MessageFormat.Arguments

    init(capacity: Int) {
        buffer = ICU.MessageFormat.Arguments(capacity: capacity)
    }

    /// Appends a formatted piece (`$9.99`, `3 months`).
    package mutating func append(_ text: String) {
        buffer.append(text)
    }

    /// Appends a raw integer, for `plural`.
    package mutating func append(_ integer: Int) {
        buffer.append(integer)
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
        arguments.append(unit)
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
        arguments.append(unit)
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
        entry(payUpFrontHeadline), entry(payUpFrontSummary),
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
                  var values = MessageValues(capacity: Arguments.names.count)
                  Arguments.sample.append(to: &values)
                  return values
              })
    }

    private static func orderProblems<Arguments: MessageArguments>(of type: Arguments.Type) -> [String] {
        let separator: Character = "\u{1F}"
        let pattern = Arguments.names.map { "{\($0)}" }.joined(separator: String(separator))
        let sample = Arguments.sample
        var values = MessageValues(capacity: Arguments.names.count)
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
