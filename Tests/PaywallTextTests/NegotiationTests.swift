@testable import PaywallText
import Testing

/// Choosing the locale from a client's preferred languages, with ICU's LocaleMatcher.
@Suite("Language negotiation")
struct NegotiationTests {
    let renderer = PaywallRenderer()

    @Test(arguments: [
        ("de-AT;q=0.9, en;q=0.5", "de-AT", "de"),
        ("en;q=0.5, de-AT;q=0.9", "de-AT", "de"),
        ("en-GB", "en-GB", "en-001"),
        ("en-US,en;q=0.9", "en-US", "en"),
        ("en-CA", "en-CA", "en-CA"),
        ("zh-TW", "zh-TW", "zh-Hant"),
        ("zh-CN", "zh-CN", "zh-Hans"),
        ("pt-BR", "pt-BR", "pt"),
        ("pt-PT", "pt-PT", "pt-PT"),
        ("es-MX", "es-MX", "es-419"),
        ("nb-NO", "nb-NO", "no"),
        ("fr-CA, fr;q=0.8", "fr-CA", "fr-CA"),
        ("sr, ru;q=0.5", "ru", "ru"),
        ("*;q=0.5, ja", "ja", "ja"),
        ("de;q=0, fr", "fr", "fr"),
        // CLDR's language matching falls back from Swahili to English: English it is, in English.
        ("sw-KE", "en", "en"),
    ])
    func acceptLanguage(_ header: String, _ locale: String, _ catalog: String) throws {
        let result = renderer.negotiateLocale(acceptLanguage: header)
        #expect(result == NegotiatedLocale(locale: locale, catalog: catalog, matched: true))
        // What is chosen renders with that catalog.
        #expect(try renderer.catalogName(for: result.locale) == catalog)
    }

    @Test(arguments: ["", "xx", ";;;,,", "de;q=2", "*"])
    func noMatchIsEnglish(_ header: String) throws {
        #expect(renderer.negotiateLocale(acceptLanguage: header) == NegotiatedLocale(locale: "en", catalog: "en", matched: false))
    }

    @Test func preferredLanguagesInOrder() throws {
        #expect(renderer.negotiateLocale(preferredLanguages: ["xx-QQ", "ko-KR", "en"]).locale == "ko-KR")
        #expect(renderer.negotiateLocale(preferredLanguages: []).matched == false)
    }
}

