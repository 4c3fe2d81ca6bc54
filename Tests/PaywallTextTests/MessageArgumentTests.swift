import PaywallText
import Testing

/// Each message's arguments are a type; the order in which a type passes its values must
/// match the names ICU compiles the message with.
@Suite("Message arguments")
struct MessageArgumentTests {
    @Test func everyKeyHasExactlyOneArgumentsType() {
        #expect(Messages.all.map(\.key) == MessageKey.allCases)
    }

    @Test(arguments: MessageKey.allCases)
    func eachArgumentReachesItsName(_ key: MessageKey) throws {
        let entry = try #require(Messages.all.first { $0.key == key })
        #expect(entry.argumentOrderProblems() == [])
        #expect(key.argumentOrder == entry.names)
    }
}
