@testable import PaywallText
import Testing

@Suite("Locales")
struct LocaleTests {
    @Test(arguments: [
        ("en-US", "en-US"), ("en_US", "en-US"), ("pt-BR", "pt-BR"), ("zh-Hans-CN", "zh-Hans-CN"),
        ("zh_Hans_CN", "zh-Hans-CN"), ("de_DE@currency=EUR", "de-DE-u-cu-eur"), ("ar-SA-u-nu-latn", "ar-SA-u-nu-latn"),
    ])
    func acceptsBCP47AndICUForms(_ identifier: String, _ tag: String) throws {
        #expect(try PaywallRenderer.canonicalLocale(identifier) == tag)
    }

    @Test(arguments: ["xx-QQ", "xx", "zz_ZZ", "und"])
    func rejectsLocalesWithoutData(_ identifier: String) {
        #expect(throws: PaywallTextError.self) { try PaywallRenderer.canonicalLocale(identifier) }
        #expect(renderError(product("1"), identifier)?.kind == .unsupportedLocale)
    }

    @Test func unknownLocaleErrorNamesIt() {
        #expect(renderError(product("1"), "xx-QQ")?.description == #"locale: ICU \#(icuVersion) has no locale data for "xx-QQ""#)
    }

    @Test(arguments: ["", "en US", "en-", "-US", "en@@x", "12345678901", "en_US@currency="])
    func rejectsMalformedIdentifiers(_ identifier: String) {
        let error = renderError(product("1"), identifier)
        #expect(error?.kind == .unsupportedLocale)
        #expect(error?.message.contains("is not a locale identifier") == true)
    }

    /// ICU's text, with `US$` isolated so that a right-to-left paragraph keeps it whole.
    @Test func numberingSystemKeywordIsHonoured() throws {
        #expect(try render(product("9.99"), "ar-SA").price == "\u{200F}٩٫٩٩\u{00A0}\u{2068}US$\u{2069}")
        #expect(try render(product("9.99"), "ar-SA-u-nu-latn").price == "\u{200F}9.99\u{00A0}\u{2068}US$\u{2069}")
    }
}
