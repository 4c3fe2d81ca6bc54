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
}
