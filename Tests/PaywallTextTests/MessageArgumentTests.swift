@testable import PaywallText
import Testing

/// Each message's arguments are declared once, by its arguments type's `visit`; the names
/// ICU compiles the message with are derived from it. These checks hold the declaration to
/// the type's stored values and to what ICU receives.
@Suite("Message arguments")
struct MessageArgumentTests {
    /// Every key has its message, with the key's own name.
    @Test func everyKeyHasItsMessage() {
        #expect(MessageKey.allCases.map(\.message.key) == MessageKey.allCases)
        #expect(MessageKey.allCases.map(\.index) == Array(MessageKey.allCases.indices))
    }

    /// Formats a pattern that names every argument with the type's sample, and compares each
    /// output with the stored property of that name: a `visit` that passes `period` under the
    /// name `price` fails here.
    @Test(arguments: MessageKey.allCases)
    func eachArgumentReachesItsName(_ key: MessageKey) throws {
        let message = key.message
        let names = message.signature.names
        #expect(Set(names).count == names.count, "a name is declared twice")
        let separator: Character = "\u{1F}"
        let pattern = names.map { "{\($0)}" }.joined(separator: String(separator))
        let format = try ICU.MessageFormat(pattern: pattern, locale: "en", arguments: names)
        let outputs = try format.format(message.sampleValues(false).buffer)
            .split(separator: separator, omittingEmptySubsequences: false).map(String.init)
        let properties = Dictionary(storedValues(of: message.argumentsType.sample), uniquingKeysWith: { first, _ in first })
        let derived = Set(names.filter { Self.base(ofDerived: $0, in: names) != nil })
        #expect(Set(properties.keys) == Set(names).subtracting(derived), "the stored properties and the declared arguments differ")
        var stored: [String] = []
        for (name, output) in zip(names, outputs) {
            if let base = Self.base(ofDerived: name, in: names) {
                // Derived from a stored amount: its first word (none for a sample's plain text),
                // its form in a case (the amount itself, which has no spoken form), whether
                // every amount has a form in the case (a plain text has no case to miss).
                let expected = name.hasSuffix(MessageSignature.wordSuffix) ? "" : SpokenCase(rawValue: name) != nil ? "given" : properties[base]
                #expect(output == expected, "{\(name)} received \(output), expected \(expected ?? "nothing")")
            } else {
                #expect(properties[name] == output, "{\(name)} received \(output), but its property holds \(properties[name] ?? "nothing")")
                stored.append(output)
            }
        }
        // The sample's values differ from each other, so that a swap cannot go unseen.
        #expect(Set(stored).count == stored.count, "\(key.rawValue): sample values repeat: \(stored)")
    }

    /// For an argument derived from a stored one, that argument's name: an amount's first word
    /// (`priceWord` of `price`) or its form in a case (`priceDative`), and a case's keyword
    /// (`dative`, of every amount: its name); `nil` for a stored argument.
    private static func base(ofDerived name: String, in names: [String]) -> String? {
        if SpokenCase(rawValue: name) != nil { return name }
        for suffix in [MessageSignature.wordSuffix] + SpokenCase.allCases.map(\.suffix) where name.hasSuffix(suffix) {
            let base = String(name.dropLast(suffix.count))
            if names.contains(base) { return base }
        }
        return nil
    }

    /// A value's stored properties by name, with those of nested arguments (the offer inside
    /// the pay-as-you-go arguments) in its place.
    private func storedValues(of value: Any) -> [(String, String)] {
        Mirror(reflecting: value).children.flatMap { child -> [(String, String)] in
            if child.value is any MessageArguments { return storedValues(of: child.value) }
            let value = (child.value as? Text)?.string ?? "\(child.value)"
            return child.label.map { [($0, value)] } ?? []
        }
    }
}
