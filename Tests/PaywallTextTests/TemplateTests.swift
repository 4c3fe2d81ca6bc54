@testable import PaywallText
@testable import PaywallTextSupport
@testable import PaywallTextGoldens
import Testing

/// Message templates give exactly ICU's output, for every message of every catalog.
@Suite("Message templates")
struct TemplateTests {
    @Test(arguments: GoldenLocales.all.map(\.locale) + ["sw-KE", "ka-GE", "fa-IR"])
    func templatesEqualICU(_ locale: String) throws {
        #expect(try TemplateCheck.differences(locale: locale, rounds: 40, seed: 7) == [])
    }

    /// A message set's table finds a template by message and by the integers and keyword of
    /// the call, and when full gives up the one used longest ago.
    @Test func tableKeepsTheRecentlyUsed() throws {
        func arguments(_ count: Int, _ unit: String) -> TemplateArguments {
            var arguments = TemplateArguments()
            arguments.append(count)
            arguments.append(keyword: unit)
            return arguments
        }
        func template(_ text: String) -> MessageTemplate { MessageTemplate(output: text) }
        var table = TemplateTable(messages: 3, capacity: 3)
        #expect(table.insert(template("a"), 0, arguments(1, "month")) == nil)
        #expect(table.insert(template("b"), 0, arguments(3, "month")) == nil)
        #expect(table.insert(template("c"), 1, arguments(1, "month")) == nil)
        #expect(table.template(0, arguments(1, "month"))?.filled(with: []) == "a")
        #expect(table.template(1, arguments(1, "month"))?.filled(with: []) == "c")
        #expect(table.template(2, arguments(1, "month")) == nil)
        #expect(table.template(0, arguments(1, "year")) == nil)
        // Full: "b" was used longest ago (inserted, never looked up since).
        #expect(table.insert(template("d"), 2, arguments(1, "month"))?.filled(with: []) == "b")
        #expect(table.count == 3)
        #expect(table.template(0, arguments(3, "month")) == nil)
        #expect(table.template(2, arguments(1, "month"))?.filled(with: []) == "d")
        // Now "a" is the oldest use.
        #expect(table.insert(template("e"), 0, arguments(3, "month"))?.filled(with: []) == "a")
        #expect(table.template(0, arguments(1, "month")) == nil)
        #expect(table.template(1, arguments(1, "month"))?.filled(with: []) == "c")
    }
}
