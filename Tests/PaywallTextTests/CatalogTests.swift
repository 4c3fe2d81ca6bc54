import Foundation
@testable import PaywallText
@testable import PaywallTextSupport
@testable import PaywallTextGoldens
import Testing

@Suite("Offer copy")
struct OfferCopyTests {
    private let regular = product("9.99", period: .months(1))

    private func offer(_ mode: PaymentMode) -> Discount {
        switch mode {
        case .freeTrial: return Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .days(7))
        case .payAsYouGo: return Discount(paymentMode: .payAsYouGo, price: decimal("1.99"), subscriptionPeriod: .months(1), numberOfPeriods: 3)
        case .payUpFront: return Discount(paymentMode: .payUpFront, price: decimal("4.99"), subscriptionPeriod: .months(3))
        }
    }

    @Test func englishSentences() throws {
        var trial = regular
        trial.introductoryPrice = offer(.freeTrial)
        let free = try #require(try render(trial, "en-US").offers.first)
        #expect(free.price == "Free")
        #expect(free.headline == "1 week free")
        #expect(free.summary == "Free for 1 week, then $9.99/month")

        var payAsYouGo = regular
        payAsYouGo.introductoryPrice = offer(.payAsYouGo)
        let monthly = try #require(try render(payAsYouGo, "en-US").offers.first)
        #expect(monthly.headline == "$1.99/month for 3 months")
        #expect(monthly.summary == "$1.99/month for 3 months, then $9.99/month")

        var upFront = regular
        upFront.introductoryPrice = offer(.payUpFront)
        // Paid once for the whole offer, in the headline and the summary alike.
        let once = try #require(try render(upFront, "en-US").offers.first)
        #expect(once.headline == "3 months for $4.99, paid once")
        #expect(once.summary == "One payment of $4.99 for the first 3 months, then $9.99/month")

        let annual = product("59.99", period: .months(12), intro: Discount(paymentMode: .payUpFront, price: decimal("29.99"), subscriptionPeriod: .years(1)))
        #expect(try render(annual, "en-US").offers.first?.summary == "One payment of $29.99 for the first year, then $59.99/year")
    }

    @Test func recurringPrice() throws {
        #expect(try render(product("9.99", period: .months(1)), "en-US").recurringPrice == "$9.99/month")
        #expect(try render(product("24.99", period: .months(3)), "en-US").recurringPrice == "$24.99 every 3 months")
        #expect(try render(product("9.99", period: .days(7)), "en-US").recurringPrice == "$9.99/week")
        #expect(try render(product("9.99", period: nil), "en-US").recurringPrice == nil)
    }

    @Test func caseFormsAfterPrepositionsAndNumbers() throws {
        let trial = product("9.99", intro: offer(.freeTrial))
        #expect(try render(trial, "ru-RU").offers.first?.summary == "Бесплатно 1 неделю, затем 9,99\u{00A0}$ в месяц")
        let weekly = product("4.99", period: .weeks(1), intro: Discount(paymentMode: .payAsYouGo, price: decimal("0.99"), subscriptionPeriod: .weeks(1), numberOfPeriods: 21))
        #expect(try render(weekly, "ru-RU").offers.first?.headline == "0,99\u{00A0}$ в неделю в течение 21 недели")
        let quarterly = product("9.99", intro: Discount(paymentMode: .payAsYouGo, price: decimal("1.99"), subscriptionPeriod: .months(1), numberOfPeriods: 3))
        #expect(try render(quarterly, "pl-PL").offers.first?.headline.contains("przez 3 miesiące") == true)
    }

    /// In a right-to-left sentence each piece is isolated (FSI … PDI) and keeps ICU's own
    /// marks inside, and `US$` is isolated within the price.
    @Test func rightToLeftSentencesIsolateTheirPieces() throws {
        let text = try render(product("9.99", intro: offer(.payUpFront)), "ar-SA")
        let summary = try #require(text.offers.first?.summary)
        #expect(summary.contains("\u{2068}\u{200F}٤٫٩٩\u{00A0}\u{2068}US$\u{2069}\u{2069}"))
        #expect(summary.contains("\u{2068}\u{2068}\u{200F}٩٫٩٩\u{00A0}\u{2068}US$\u{2069}\u{2069} شهريًا\u{2069}"))
        let english = try #require(try render(product("9.99", intro: offer(.payUpFront)), "en-US").offers.first?.summary)
        #expect(!english.unicodeScalars.contains { BidiDisplay.isBidiControl($0) }, "left-to-right sentences get no isolates")
    }

    /// Every catalog locale and payment mode: non-empty sentences with the prices in them.
    @Test(arguments: GoldenLocales.all.map(\.locale))
    func everyLocaleAndMode(_ locale: String) throws {
        for mode in PaymentMode.allCases {
            let item = product("9.99", intro: offer(mode))
            let text = try render(item, locale)
            let english = try render(item, "en-US")
            let rendered = try #require(text.offers.first)
            #expect(!rendered.headline.isEmpty && !rendered.summary.isEmpty, "\(locale) \(mode)")
            #expect(rendered.summary.contains(text.price), "\(locale) \(mode): \(rendered.summary) lacks \(text.price)")
            if mode != .freeTrial {
                #expect(rendered.headline.contains(rendered.price), "\(locale) \(mode): \(rendered.headline) lacks \(rendered.price)")
                #expect(rendered.summary.contains(rendered.price), "\(locale) \(mode): \(rendered.summary) lacks \(rendered.price)")
            }
            if !locale.hasPrefix("en") {
                #expect(rendered.summary != english.offers.first?.summary, "\(locale) \(mode)")
            }
        }
    }
}

@Suite("Catalogs")
struct CatalogTests {
    @Test func numbersFollowTheRequestedLocaleNotTheCatalog() throws {
        #expect(try render(product("9.99"), "pt-BR").price == "US$\u{00A0}9,99")
        #expect(try render(product("9.99"), "pt-PT").price == "9,99\u{00A0}US$")
        #expect(try render(product("9.99"), "de-CH").price == "$\u{00A0}9.99")
    }

    @Test func landedCatalogsPassLint() throws {
        let report = try CatalogLintReport(directory: packageRoot.appendingPathComponent("Locales").path)
        #expect(report.catalogCount == 49)
        #expect(report.problems.filter(\.isError).map(\.description) == [])
    }

    @Test func embeddedCatalogsAreLocales() throws {
        let embedded = Dictionary(uniqueKeysWithValues: Catalogs.builtIn.all.map { ($0.name, $0) })
        let files = try Catalogs.readDirectory(packageRoot.appendingPathComponent("Locales").path)
        #expect(Set(embedded.keys) == Set(files.map(\.name)))
        for file in files {
            #expect(embedded[file.name]?.messages == file.messages, "\(file.name)")
        }
    }

    @Test func englishNotesEveryKey() throws {
        let english = try #require(Catalogs.builtIn.all.first { $0.name == "en" })
        for key in MessageKey.allCases {
            #expect((english.notes[key.rawValue] ?? "").count > 20, "\(key.rawValue)")
        }
    }

    private func lint(_ change: (URL) throws -> Void) throws -> [String] {
        let folder = try TemporaryFolder.locales(change)
        return try CatalogLintReport(directory: folder.path).problems.map { problem in
            problem.description.replacingOccurrences(of: folder.path + "/", with: "")
        }
    }

    @Test func syntaxErrorNamesFileAndKey() throws {
        let problems = try lint { try setMessage("freeTrial.summary", to: "Бесплатно {duration, затем {recurringPrice}", in: $0.appendingPathComponent("ru.json")) }
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("ru.json: freeTrial.summary: error: syntax error at character") == true)
    }

    /// Error positions count characters of the message as the translator wrote it (an emoji
    /// is one character, though two UTF-16 units), and errors ICU cannot place say what is wrong.
    @Test func errorPositionsAreInTheMessageAsWritten() throws {
        let ascii = try lint { try setMessage("recurringPrice", to: "ab {price} {period {unit}", in: $0.appendingPathComponent("de.json")) }
        let emoji = try lint { try setMessage("recurringPrice", to: "🎉🎉 {price} {period {unit}", in: $0.appendingPathComponent("de.json")) }
        #expect(ascii.first?.hasPrefix("de.json: recurringPrice: error: syntax error at character 13 ") == true, "\(ascii)")
        #expect(emoji.first?.hasPrefix("de.json: recurringPrice: error: syntax error at character 13 ") == true, "\(emoji)")
        let noOther = try lint { try setMessage("recurringPrice", to: "{price} {unit, select, day {pro Tag}}", in: $0.appendingPathComponent("de.json")) }
        #expect(noOther.first?.hasPrefix("de.json: recurringPrice: error: a plural or select has no 'other' case") == true, "\(noOther)")
    }

    @Test func missingAndExtraKeys() throws {
        let problems = try lint { folder in
            try setMessage("payUpFront.headline", to: nil, in: folder.appendingPathComponent("de.json"))
            try setMessage("payUpFront.tagline", to: "{price}", in: folder.appendingPathComponent("de.json"))
        }
        #expect(problems == [
            #"de.json: payUpFront.headline: error: missing message (English: "{duration} for {price}, paid once")"#,
            "de.json: payUpFront.tagline: error: unknown key; catalogs have " + MessageKey.allCases.map(\.rawValue).joined(separator: ", "),
        ])
    }

    /// French typography in the built-in catalogs is an error: a no-break space (U+00A0 or
    /// U+202F) before `:` and `%`, inside « », and in France before `; ! ?`, where Quebec
    /// puts none. The reviewers' finding: `disclosure.trialConversion.dated` had an ordinary
    /// space before its colon in both French catalogs.
    @Test func frenchTypographyIsAnError() throws {
        let colon = try lint { try setMessage("disclosure.trialConversion.dated",
                                              to: "L’essai gratuit prend fin le {date}. Ensuite, l’abonnement devient payant : {charges}.",
                                              in: $0.appendingPathComponent("fr.json")) }
        #expect(colon == ["fr.json: disclosure.trialConversion.dated: error: French typography needs a no-break space (U+00A0 or U+202F) "
                          + "before \":\", so that it never wraps to a line of its own: \" devient payant : {charg\" has an ordinary space (U+0020)"])
        let quebec = try lint { folder in
            try setMessage("savings.headline", to: "Économisez {percent}\u{00A0}!", in: folder.appendingPathComponent("fr-CA.json"))
            try setMessage("discount.headline", to: "{percent} de rabais (50%)", in: folder.appendingPathComponent("fr-CA.json"))
        }
        #expect(Set(quebec) == [
            "fr-CA.json: discount.headline: error: Quebec French typography needs a no-break space (U+00A0 or U+202F) before \"%\", "
                + "so that it never wraps to a line of its own: \"t} de rabais (50%)\" has U+0030",
            "fr-CA.json: savings.headline: error: Quebec French typography puts no space before \"!\": \"misez {percent}\u{00A0}!\" has U+00A0",
        ])
        let guillemets = try lint { try setMessage("terms.hint.googlePlay", to: "Gérez-le dans « Paiements et abonnements ».",
                                                   in: $0.appendingPathComponent("fr.json")) }
        #expect(guillemets.count == 2)
        #expect(guillemets.allSatisfy { $0.hasPrefix("fr.json: terms.hint.googlePlay: error: French typography needs a no-break space") })
        // Other languages have no such rule: the German colon follows its word.
        #expect(try lint { try setMessage("disclosure.length", to: "Laufzeit : {period}", in: $0.appendingPathComponent("de.json")) } == [])
    }

    /// Every built-in catalog follows its language's typography, and the two French ones write
    /// the trial conversion's colon after a no-break space.
    @Test func builtInCatalogsFollowTheirTypography() throws {
        for catalog in Catalogs.builtIn.snapshot.catalogs.values {
            let locale = try CatalogLinter.LanguageRules(catalog.name).icuID
            for (key, pattern) in catalog.messages {
                #expect(Typography.problems(in: pattern, locale: locale).isEmpty, "\(catalog.name) \(key)")
            }
        }
        for name in ["fr", "fr-CA"] {
            #expect(Catalogs.builtIn.snapshot.catalogs[name]?.messages["disclosure.trialConversion.dated"]?.contains("payant\u{00A0}: {charges}") == true)
        }
    }

    /// `date.day` must place ICU's day in every case: a first of the month written `1er` is
    /// right, one written as a word alone (`premier`) loses the date's digits.
    @Test func theDayOfTheMonthKeepsItsDigits() throws {
        let written = try lint { try setMessage("date.day", to: "{dayOfMonth, selectordinal, one {premier} other {{day}}}", in: $0.appendingPathComponent("fr.json")) }
        #expect(written == ["fr.json: date.day: error: the day 1 is missing from the output; every case must place {day} (French: "
                            + "{dayOfMonth, selectordinal, one {{day}er} other {{day}}})"])
        let ordinal = try lint { try setMessage("date.day", to: "{dayOfMonth, selectordinal, =1 {{day}º} other {{day}}}", in: $0.appendingPathComponent("pt.json")) }
        #expect(ordinal.isEmpty)
    }

    @Test func unknownArgument() throws {
        let problems = try lint { try setMessage("freeTrial.headline", to: "{trialLength} gratis", in: $0.appendingPathComponent("de.json")) }
        #expect(problems.first?.hasPrefix("de.json: freeTrial.headline: error: unknown argument {trialLength}; this message receives {count}, {duration}") == true)
        let offerOnly = try lint { try setMessage("payUpFront.headline", to: "{recurringOfferPrice}", in: $0.appendingPathComponent("de.json")) }
        #expect(offerOnly.first?.hasPrefix("de.json: payUpFront.headline: error: unknown argument {recurringOfferPrice}") == true)
    }

    @Test func missingPluralCategory() throws {
        let problems = try lint { try setMessage("freeTrial.headline", to: "{count, plural, one {# неделю} other {# недели}} бесплатно", in: $0.appendingPathComponent("ru.json")) }
        #expect(problems == ["ru.json: freeTrial.headline: error: {count, plural} lacks few, many; ru needs few, many, one, other"])
    }

    @Test func ordinalsUseICUOrdinalCategories() throws {
        // Swedish ordinals: 1:a, 2:a, 3:e … 11:e, 12:e … 21:a, 22:a (ICU's ordinal rules, not its cardinal ones).
        let ordinal = "{unit, select, week {{count, selectordinal, one {Var #:a vecka} other {Var #:e vecka}}} other {{period}}}"
        let problems = try lint { try setMessage("planName", to: ordinal, in: $0.appendingPathComponent("sv.json")) }
        #expect(!problems.contains { $0.hasPrefix("sv.json: planName") }, "\(problems)")
        let folder = try TemporaryFolder.locales { try setMessage("planName", to: ordinal, in: $0.appendingPathComponent("sv.json")) }
        let catalogs = try Catalogs(directory: folder.path)
        let names = try [2, 3, 11, 12, 21, 22, 101, 121].map { try render(product("9.99", period: .weeks($0)), "sv-SE", catalogs: catalogs).planName }
        #expect(names == ["Var 2:a vecka", "Var 3:e vecka", "Var 11:e vecka", "Var 12:e vecka", "Var 21:a vecka",
                          "Var 22:a vecka", "Var 101:a vecka", "Var 121:a vecka"])

        let cardinalOnly = try lint {
            try setMessage("planName", to: "{count, selectordinal, few {#.} other {#:e}}", in: $0.appendingPathComponent("sv.json"))
        }.filter { $0.contains("planName") }
        #expect(cardinalOnly == ["sv.json: planName: error: {count, selectordinal} lacks one; sv ordinals need one, other",
                                 "sv.json: planName: error: {count, selectordinal} has few, which sv ordinals do not use (one, other)"])
        let onText = try lint { try setMessage("planName", to: "{unit, selectordinal, other {#}}", in: $0.appendingPathComponent("sv.json")) }
        #expect(onText.contains { $0.hasPrefix("sv.json: planName: error: {unit, selectordinal} needs a number; selectordinal works on {count}") }, "\(onText)")
    }

    @Test func pluralOnTextAndSelectOnNumbers() throws {
        let problems = try lint { folder in
            try setMessage("freeTrial.headline", to: "{price, plural, one {a} other {b}}", in: folder.appendingPathComponent("de.json"))
            try setMessage("freeTrial.summary", to: "{count, select, week {a} other {b}}", in: folder.appendingPathComponent("de.json"))
        }
        #expect(problems.contains("de.json: freeTrial.headline: error: {price, plural} needs a number; plural works on {count} or {periods}"))
        #expect(problems.contains("de.json: freeTrial.summary: error: {count, select} needs a unit; select works on {priceWord} or {regularPriceWord} or {unit}"))
    }

    @Test func identicalToEnglishIsAWarning() throws {
        let problems = try lint { try setMessage("freeTrial.summary", to: "Free for {duration}, then {recurringPrice}", in: $0.appendingPathComponent("it.json")) }
        #expect(problems == [#"it.json: freeTrial.summary: warning: identical to English: "Free for {duration}, then {recurringPrice}""#])
    }

    @Test func directoryCatalogsPreviewEdits() throws {
        let folder = try TemporaryFolder.locales { try setMessage("price.free", to: "Даром", in: $0.appendingPathComponent("ru.json")) }
        let catalogs = try Catalogs(directory: folder.path)
        let item = product("9.99", intro: Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .days(3)))
        #expect(try render(item, "ru-RU", catalogs: catalogs).offers.first?.price == "Даром")
        #expect(try render(item, "ru-RU").offers.first?.price == "Бесплатно")
    }

    @Test func brokenDirectoryIsRejectedWithFileAndKey() throws {
        let folder = try TemporaryFolder.locales { try setMessage("recurringPrice", to: "{price", in: $0.appendingPathComponent("ru.json")) }
        let error = thrownError { try Catalogs(directory: folder.path) }
        #expect(error?.kind == .invalidCatalog)
        #expect(error?.catalog == CatalogLocation(file: folder.appendingPathComponent("ru.json").path, key: "recurringPrice"))
        #expect(error?.path == "")
    }
}

@Suite("paywall-text lint")
struct LintCommandTests {
    @Test func passesOnLandedCatalogs() throws {
        let result = try runTool(["lint"])
        #expect(result.status == 0)
        #expect(result.stdout == "49 catalogs: 0 errors, 0 warnings\n")
    }

    @Test func failsOnASyntaxErrorInRussian() throws {
        let folder = try TemporaryFolder.locales { try setMessage("payAsYouGo.summary", to: "{recurringOfferPrice} {count, plural, one {x}", in: $0.appendingPathComponent("ru.json")) }
        let result = try runTool(["lint", "--catalogs", folder.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(folder.path)/ru.json: payAsYouGo.summary: error: syntax error"))
        #expect(result.stdout.hasSuffix("49 catalogs: 1 errors, 0 warnings\n"))
    }

    @Test func renderPreviewsACatalogFolder() throws {
        let folder = try TemporaryFolder.locales { try setMessage("price.free", to: "Gratuito!", in: $0.appendingPathComponent("pt.json")) }
        let input = #"{"price":"9.99","currencyCode":"USD","subscriptionPeriod":{"unit":"month","numberOfUnits":1},"introductoryPrice":{"paymentMode":"freeTrial","price":"0","subscriptionPeriod":{"unit":"day","numberOfUnits":7},"numberOfPeriods":1}}"#
        let result = try runTool(["render", "-", "--lines", "--format", "json", "--locale", "pt-BR", "--catalogs", folder.path], stdin: input)
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""catalog":"pt""#))
        #expect(result.stdout.contains(#""price":"Gratuito!""#))
    }
}
