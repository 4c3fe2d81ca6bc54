import Foundation
@testable import PaywallText
@testable import PaywallTextGoldens
@testable import PaywallTextJSON
import PaywallTextSupport
import Synchronization
import Testing

/// Dates (PRODUCT §15): calendar arithmetic in a time zone, the days an offer ends and a
/// product is first charged, their text in the locale's calendar, and the dated sentences.
@Suite("Dates")
struct DateTests {
    /// Options that render dates from an instant in a zone.
    static func dated(_ start: String, _ zone: String = "UTC") throws -> RenderOptions {
        let timeZone = try TimeZoneName(zone)
        return RenderOptions(asOf: try AsOf(parsing: start, timeZone: timeZone), timeZone: timeZone)
    }

    /// 9.99 USD/1 month with an introductory offer.
    static func monthly(_ offer: Discount) -> Product {
        product("9.99", intro: offer)
    }

    // MARK: - The issue's days

    /// The end of an offer, from the start, in the zone (checked by hand: see each case).
    @Test(arguments: [
        // January 31 + 1 month: February has 28 days in 2026, so the last one.
        ("2026-01-31T10:00:00+01:00", "Europe/Berlin", Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .months(1)),
         "2026-02-28"),
        // 3 × 1 month from November 30 (a date alone: midnight in UTC): February 28, 2027 (no leap day).
        ("2026-11-30", "UTC", Discount(paymentMode: .payAsYouGo, price: decimal("4.99"), subscriptionPeriod: .months(1), numberOfPeriods: 3),
         "2027-02-28"),
        // 7 days from February 26, 2028 cross February 29: 27, 28, 29, Mar 1, 2, 3, 4.
        ("2028-02-26", "UTC", Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1)), "2028-03-04"),
        // 3 days from 23:30 on March 28 in Paris, whose clocks go forward at 02:00 on March 29:
        // 23:30 on March 31 (72 hours would be 00:30 on April 1).
        ("2026-03-28T23:30:00+01:00", "Europe/Paris", Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .days(3)),
         "2026-03-31"),
        // Pay up front for a year from February 29, 2028: 2029 has no February 29.
        ("2028-02-29T12:00:00Z", "UTC", Discount(paymentMode: .payUpFront, price: decimal("49.99"), subscriptionPeriod: .years(1)),
         "2029-02-28"),
    ])
    func anOfferEndsOn(_ start: String, _ zone: String, _ offer: Discount, _ endsOn: String) throws {
        let text = try render(Self.monthly(offer), "en-US", options: Self.dated(start, zone))
        #expect(text.offers.first?.dates?.endsOn.iso == endsOn)
        #expect(text.dates?.renewsOn.iso == endsOn, "the first charge at the regular price is the offer's end")
    }

    /// Months are added from the start at once: January 31 + 1 month + 1 month is March 31
    /// (start + 2 months), not March 28 (February 28 + 1 month); a week then months start the
    /// months when the week ends (a store starts a phase when the one before it ends).
    @Test func durationsAreAddedCumulativelyFromTheStart() throws {
        let options = try Self.dated("2026-01-31T10:00:00+01:00", "Europe/Berlin")
        let twoPhases = Discount.of(identifier: "two", type: .promotional, [
            OfferPhase(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .months(1)),
            OfferPhase(paymentMode: .payAsYouGo, price: decimal("4.99"), subscriptionPeriod: .months(1)),
        ])
        let text = try render(product("9.99", discounts: [twoPhases]), "en-US", options: options)
        #expect(text.offers.first?.dates?.endsOn.iso == "2026-03-31")

        // January 25 + 1 week = February 1; + 3 months = May 1 (not April 25 + 7 days = May 2).
        let weekThenMonths = Discount.of(identifier: "w", type: .promotional, [
            OfferPhase(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1)),
            OfferPhase(paymentMode: .payAsYouGo, price: decimal("4.99"), subscriptionPeriod: .months(1), numberOfPeriods: 3),
        ])
        let fromJan25 = try render(product("9.99", discounts: [weekThenMonths]), "en-US", options: Self.dated("2026-01-25T12:00:00Z"))
        #expect(fromJan25.offers.first?.dates?.endsOn.iso == "2026-05-01")

        #expect(CalendarFields.amounts(of: [.months(1), .months(1)]).map(\.amount) == [2])
        #expect(CalendarFields.amounts(of: [.weeks(1), .days(3), .years(1), .months(2)]).map { "\($0.field) \($0.amount)" }
                == ["days 10", "months 14"])
    }

    /// The golden files' calendar cases end on the days worked out by hand beside them.
    @Test func goldenDateCasesEndWhereWorkedOut() throws {
        for example in GoldenCases.dateCases {
            let options = try GoldenCases.datedOptions(from: example.start, in: example.zone)
            #expect(try render(example.product, "en-US", options: options).offers.first?.dates?.endsOn.iso == example.endsOn, "\(example.title)")
        }
    }

    /// Three days across the clock change is 71 hours of real time: the wall time is kept.
    @Test func aClockChangeKeepsTheWallTime() throws {
        let zone = try TimeZoneName("Europe/Paris")
        let start = try AsOf(parsing: "2026-03-28T23:30:00+01:00")
        let end = try ICU.GregorianCalendar(zone: zone.identifier).adding([(.days, 3)], to: start.milliseconds)
        #expect(end.instant - start.milliseconds == 71 * 3_600_000)
        #expect(AsOf(Date(timeIntervalSince1970: end.instant / 1000)).description == "2026-03-31T21:30:00Z", "23:30 CEST")
        #expect(end.day == ICU.GregorianCalendar.Day(year: 2026, month: 3, day: 31))
    }

    // MARK: - Text in the locale's calendar

    /// The day's text: ICU's `yMMMMd` in the locale's own calendar. The expected texts were
    /// written from CLDR's patterns and checked with two other implementations: Node 20's
    /// `Intl.DateTimeFormat` (ICU 78, CLDR 48) with `{year: "numeric", month: "long", day:
    /// "numeric"}` and the calendar named explicitly, which gives every text below; and, in
    /// Python, Babel 2.18 (CLDR 47) for the Gregorian patterns (`MMMM d, y`, `d. MMMM y`,
    /// `y年M月d日`, `d MMMM y 'г'.`) and hijridate 2.6 for the Umm al-Qura days (Ramadan 11,
    /// 1447 and 21, 1448; Shawwal 8, 1449 and 12, 1447). The Buddhist year is the Gregorian
    /// one + 543. The space before Russian `г.` is where the three CLDR versions differ:
    /// U+202F (NARROW NO-BREAK SPACE) in CLDR 42 (ICU 72) and 47 (Babel), a plain space in CLDR 48 (Node).
    @Test(arguments: [
        ("en-US", "gregorian", "MMMM d, y", ["February 28, 2026", "February 28, 2027", "March 4, 2028", "March 31, 2026"]),
        ("de-DE", "gregorian", "d. MMMM y", ["28. Februar 2026", "28. Februar 2027", "4. März 2028", "31. März 2026"]),
        ("ja-JP", "gregorian", "y年M月d日", ["2026年2月28日", "2027年2月28日", "2028年3月4日", "2026年3月31日"]),
        // Saudi Arabia: Gregorian by default, as CLDR 46 (CLDR-11008) and Node's CLDR 48 have it
        // (Node: `Intl.DateTimeFormat('ar-SA', …)` resolves `calendar: gregory`), not ICU 72's Umm al-Qura.
        ("ar-SA", "gregorian", "d MMMM y", ["٢٨ فبراير ٢٠٢٦", "٢٨ فبراير ٢٠٢٧", "٤ مارس ٢٠٢٨", "٣١ مارس ٢٠٢٦"]),
        ("ar-SA-u-ca-islamic-umalqura", "islamic-umalqura", nil, ["١١ رمضان ١٤٤٧ هـ", "٢١ رمضان ١٤٤٨ هـ", "٨ شوال ١٤٤٩ هـ", "١٢ شوال ١٤٤٧ هـ"]),
        ("ru-RU", "gregorian", "d MMMM y\u{202F}'г'.", ["28 февраля 2026\u{202F}г.", "28 февраля 2027\u{202F}г.", "4 марта 2028\u{202F}г.", "31 марта 2026\u{202F}г."]),
        ("th-TH", "buddhist", nil, ["28 กุมภาพันธ์ 2569", "28 กุมภาพันธ์ 2570", "4 มีนาคม 2571", "31 มีนาคม 2569"]),
    ])
    func theTextIsTheLocalesCalendar(_ locale: String, _ calendar: String, _ pattern: String?, _ texts: [String]) throws {
        // The four days of the issue, each from its own start in its own zone.
        let cases: [(start: String, zone: String, period: SubscriptionPeriod)] = [
            ("2026-01-31T10:00:00+01:00", "Europe/Berlin", .months(1)),
            ("2026-11-30", "UTC", .months(3)),
            ("2028-02-26", "UTC", .weeks(1)),
            ("2026-03-28T23:30:00+01:00", "Europe/Paris", .days(3)),
        ]
        let renderer = PaywallRenderer()
        for (index, item) in cases.enumerated() {
            let zone = try TimeZoneName(item.zone)
            let day = try renderer.withContext(DisplayLocale(locale), snapshot: renderer.catalogs.snapshot) { context throws(PaywallTextError) in
                let dates = try context.dates(in: zone)
                #expect(dates.displayCalendar == calendar)
                // The Gregorian patterns are CLDR's long date patterns, as Babel gives them; the
                // Buddhist and Umm al-Qura ones are checked through their output alone.
                if let pattern { #expect(dates.displayPattern == pattern) }
                return try context.day(after: [item.period], from: AsOf(parsing: item.start, timeZone: zone), in: zone, path: "test")
            }
            #expect(day.date.text == texts[index], "\(locale) \(item.start): \(day.date.text.unicodeScalars.map { "U+" + String($0.value, radix: 16) })")
        }
    }

    /// A `-u-ca-` keyword chooses the calendar: the Gregorian date in Arabic for Saudi Arabia
    /// (now also its default), the Umm al-Qura date when the locale asks for it, the Gregorian
    /// one in Thailand.
    @Test func aCalendarKeywordChoosesTheCalendar() throws {
        let zone = TimeZoneName.utc
        let renderer = PaywallRenderer()
        func day(_ locale: String) throws -> (DatedDay, String) {
            try renderer.withContext(DisplayLocale(locale), snapshot: renderer.catalogs.snapshot) { context throws(PaywallTextError) in
                (try context.day(after: [.months(1)], from: AsOf(parsing: "2026-01-31"), in: zone, path: "test"), try context.dates(in: zone).displayCalendar)
            }
        }
        let gregorian = try day("ar-SA-u-ca-gregory")
        #expect(gregorian.0.date.iso == "2026-02-28")
        #expect(gregorian.0.date.text == "٢٨ فبراير ٢٠٢٦", "Node: Intl.DateTimeFormat('ar-SA', {calendar: 'gregory', …})")
        let ummAlQura = try day("ar-SA-u-ca-islamic-umalqura")
        #expect(ummAlQura.1 == "islamic-umalqura")
        #expect(ummAlQura.0.date.iso == "2026-02-28")
        #expect(ummAlQura.0.date.text == "١١ رمضان ١٤٤٧ هـ", "Node: Intl.DateTimeFormat('ar-SA-u-ca-islamic-umalqura', …)")
        #expect(try day("th-TH-u-ca-gregory").0.date.text == "28 กุมภาพันธ์ 2026")
    }

    /// The region SA writes Gregorian dates by default, whatever the language (CLDR-11008,
    /// CLDR 46; ICU 72 still prefers Umm al-Qura there): `ar-SA` as `ar-SA-u-ca-gregory`,
    /// `en-SA` as `en-SA-u-ca-gregory`, in the dates' text and in the sentences. Thailand keeps
    /// the Buddhist era, and the override changes nothing where the locale names a calendar.
    @Test func saudiArabiaIsGregorianByDefault() throws {
        let options = try Self.dated("2026-11-30T12:00:00Z")
        let offer = Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .days(8))
        for language in ["ar", "en", "ur"] {
            let byDefault = try render(Self.monthly(offer), "\(language)-SA", options: options)
            let gregorian = try render(Self.monthly(offer), "\(language)-SA-u-ca-gregory", options: options)
            #expect(byDefault.offers.first?.dates?.endsOn == gregorian.offers.first?.dates?.endsOn, "\(language)-SA")
            #expect(byDefault.offers.first?.datedSummary == gregorian.offers.first?.datedSummary, "\(language)-SA")
        }
        let arabic = try render(Self.monthly(offer), "ar-SA", options: options)
        #expect(arabic.offers.first?.dates?.endsOn.text == "٨ ديسمبر ٢٠٢٦", "Node (CLDR 48): Intl.DateTimeFormat('ar-SA', …)")
        #expect(arabic.offers.first?.dates?.endsOn.iso == "2026-12-08")
        #expect(try render(Self.monthly(offer), "ar-SA-u-ca-islamic-umalqura", options: options).offers.first?.dates?.endsOn.text
                == "٢٨ جمادى الآخرة ١٤٤٨ هـ", "Node: Intl.DateTimeFormat('ar-SA-u-ca-islamic-umalqura', …)")
        #expect(try render(Self.monthly(offer), "th-TH", options: options).offers.first?.dates?.endsOn.text == "8 ธันวาคม 2569")
        #expect(ZoneDates.dateLocale("ar_SA") == "ar_SA@calendar=gregorian")
        #expect(ZoneDates.dateLocale("ar_SA@calendar=islamic-umalqura") == "ar_SA@calendar=islamic-umalqura")
        #expect(ZoneDates.dateLocale("ar_EG") == "ar_EG")
        #expect(ZoneDates.dateLocale("th_TH") == "th_TH")
    }

    /// A fallback catalog's sentence takes the date in its own language; `dates` keep the
    /// display locale's (Georgian, checked with Node's Intl: `28 თებერვალი, 2026`).
    @Test func aFallbackSentenceTakesTheDateInItsLanguage() throws {
        let offer = Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .months(1))
        let text = try render(Self.monthly(offer), "ka-GE", options: Self.dated("2026-01-31T10:00:00+01:00", "Europe/Berlin"))
        #expect(text.catalog == "en")
        #expect(text.offers.first?.dates?.endsOn.text == "28 თებერვალი, 2026")
        // Its price is English too, as written in Georgia (ICU's en_GE).
        #expect(text.offers.first?.datedSummary == "Free until February 28, 2026, then \(text.recurringPrice ?? "")")
        #expect(text.recurringPrice?.hasSuffix("/month") == true)
    }

    // MARK: - The first of the month

    /// A free trial of `days` days from November 30, 2026 (UTC): it ends on December `days`.
    static func trialEndingInDecember(_ day: Int, _ locale: String) throws -> RenderedOffer {
        var options = try Self.dated("2026-11-30T12:00:00Z")
        options.include = .disclosures
        let offer = Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .days(day))
        return try #require(try render(Self.monthly(offer), locale, options: options).offers.first)
    }

    /// French and Brazilian Portuguese write the first day of a month as an ordinal (`1er
    /// décembre`, `1º de dezembro`: the reviewers' correct text), Italian as `1º` (its catalog's
    /// note says why), in the dates' own text and in every sentence that places the date; every
    /// other day stays ICU's cardinal. ICU's pattern has no ordinal day: the catalogs' `date.day`.
    @Test(arguments: [
        ("fr-FR", "1er décembre 2026", "Gratuit jusqu’au 1er décembre 2026, puis 9,99\u{00A0}$US/mois", "L’essai gratuit prend fin le 1er décembre 2026.",
         ["2 décembre 2026", "11 décembre 2026", "21 décembre 2026", "31 décembre 2026"]),
        ("fr-CA", "1er décembre 2026", "Essai gratuit jusqu’au 1er décembre 2026, puis 9,99\u{00A0}$\u{00A0}US par mois",
         "L’essai gratuit prend fin le 1er décembre 2026.",
         ["2 décembre 2026", "11 décembre 2026", "21 décembre 2026", "31 décembre 2026"]),
        ("pt-BR", "1º de dezembro de 2026", "Grátis até 1º de dezembro de 2026, depois US$\u{00A0}9,99/mês",
         "A avaliação gratuita termina em 1º de dezembro de 2026.",
         ["2 de dezembro de 2026", "11 de dezembro de 2026", "21 de dezembro de 2026", "31 de dezembro de 2026"]),
        ("it-IT", "1º dicembre 2026", "Gratis fino al giorno 1º dicembre 2026, poi 9,99\u{00A0}USD/mese",
         "La prova gratuita termina il giorno 1º dicembre 2026.",
         ["2 dicembre 2026", "11 dicembre 2026", "21 dicembre 2026", "31 dicembre 2026"]),
    ])
    func theFirstOfTheMonthIsAnOrdinal(_ locale: String, _ first: String, _ summary: String, _ disclosure: String, _ others: [String]) throws {
        let offer = try Self.trialEndingInDecember(1, locale)
        #expect(offer.dates?.endsOn.iso == "2026-12-01")
        #expect(offer.dates?.endsOn.text == first)
        #expect(offer.datedSummary == summary)
        #expect(offer.datedHeadline?.contains(first) == true)
        let conversion = offer.disclosures?.first { $0.role == .trialConversion }?.text ?? ""
        #expect(conversion.hasPrefix(disclosure), "\(conversion)")
        for (day, text) in zip([2, 11, 21, 31], others) {
            let later = try Self.trialEndingInDecember(day, locale)
            #expect(later.dates?.endsOn.text == text)
            #expect(later.datedSummary?.contains(text) == true, "\(later.datedSummary ?? "")")
        }
        // The other Portuguese catalog keeps the cardinal, as Portugal writes it.
        if locale == "pt-BR" {
            #expect(try Self.trialEndingInDecember(1, "pt-PT").dates?.endsOn.text == "1 de dezembro de 2026")
        }
    }

    /// Every other catalog writes its dates as ICU does, on the first of the month too: its
    /// `date.day` is `{day}`, and the dates of all 50 localizations from the 1st to the 31st
    /// are ICU's own text but for the four ordinal languages' first day.
    @Test func otherLanguagesKeepICUsDay() throws {
        let ordinal: Set<String> = ["fr", "fr-CA", "pt", "it"]
        let catalogs = Catalogs.builtIn.snapshot.catalogs
        for name in GoldenLocales.catalogs where !ordinal.contains(name) {
            #expect(catalogs[name]?.messages[MessageKey.dateDay.rawValue] == "{day}", "\(name)")
        }
        let renderer = PaywallRenderer()
        let zone = TimeZoneName.utc
        let start = try AsOf(parsing: "2026-11-30T12:00:00Z", timeZone: zone)
        for (catalog, locale) in GoldenLocales.all {
            // ICU's own date in the locale's calendar (Gregorian in Saudi Arabia, see saudiArabiaIsGregorianByDefault).
            let icu = try ICU.DateFormatter(skeleton: Skeleton.date, locale: ZoneDates.dateLocale(try DisplayLocale(locale).identity.icuID), zone: "UTC")
            for day in [1, 2, 11, 21, 31] {
                let dated = try renderer.withContext(DisplayLocale(locale), snapshot: renderer.catalogs.snapshot) { context throws(PaywallTextError) in
                    try context.day(after: [.days(day)], from: start, in: zone, path: "test")
                }
                let plain = try icu.format(start.milliseconds + Double(day) * 86_400_000)
                if day == 1, ordinal.contains(catalog) {
                    #expect(dated.date.text != plain, "\(locale)")
                    #expect(dated.date.text.contains("1er") || dated.date.text.contains("1\u{00BA}"), "\(locale): \(dated.date.text)")
                } else {
                    #expect(dated.date.text == plain, "\(locale) December \(day)")
                }
                #expect(dated.inSentence == dated.date.text, "\(locale): the catalog is the locale's language")
            }
        }
    }

    /// A fallback catalog's day form goes into its own sentences only: Belgian French takes
    /// the French catalog's `1er` (same language); Georgian, served by English, keeps ICU's
    /// Georgian date as it is.
    @Test func theDayFormFollowsTheCatalogsLanguage() throws {
        #expect(try Self.trialEndingInDecember(1, "fr-BE").dates?.endsOn.text == "1er décembre 2026")
        let georgian = try Self.trialEndingInDecember(1, "ka-GE")
        #expect(georgian.dates?.endsOn.text == "1 დეკემბერი, 2026")
        #expect(georgian.datedHeadline == "Free until December 1, 2026")
    }

    // MARK: - Sentences and product dates

    @Test func datedSentencesOfEachPaymentMode() throws {
        let options = try Self.dated("2026-01-31T10:00:00+01:00", "Europe/Berlin")
        let trial = try render(Self.monthly(Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .months(1))), "en-US", options: options)
        #expect(trial.offers.first?.datedHeadline == "Free until February 28, 2026")
        #expect(trial.offers.first?.datedSummary == "Free until February 28, 2026, then $9.99/month")
        // 3 × 1 month from January 31: April 30 (start + 3 months).
        let payAsYouGo = try render(Self.monthly(Discount(paymentMode: .payAsYouGo, price: decimal("1.99"), subscriptionPeriod: .months(1),
                                                          numberOfPeriods: 3)), "en-US", options: options)
        #expect(payAsYouGo.offers.first?.datedHeadline == "$1.99/month until April 30, 2026")
        #expect(payAsYouGo.offers.first?.datedSummary == "$1.99/month until April 30, 2026, then $9.99/month")
        let upFront = try render(Self.monthly(Discount(paymentMode: .payUpFront, price: decimal("4.99"), subscriptionPeriod: .months(3))),
                                 "en-US", options: options)
        #expect(upFront.offers.first?.datedHeadline == "Until April 30, 2026 for $4.99, paid once")
        #expect(upFront.offers.first?.datedSummary == "One payment of $4.99 until April 30, 2026, then $9.99/month")
        // en-GB writes the day first (CLDR's en-GB pattern `d MMMM y`).
        let british = try render(Self.monthly(Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .months(1))), "en-GB", options: options)
        #expect(british.offers.first?.datedSummary == "Free until 28 February 2026, then US$9.99/month")
    }

    /// A product's first charge is the start, or the end of a free first phase; its first
    /// renewal at the regular price is the end of the introductory offer, or, without one, one
    /// billing period after the start (January 31 + 1 month is February 28).
    @Test func productDates() throws {
        let options = try Self.dated("2026-01-31T10:00:00+01:00", "Europe/Berlin")
        let plain = try render(product("9.99"), "en-US", options: options)
        #expect(plain.dates == ProductDates(firstChargeOn: RenderedDate(iso: "2026-01-31", text: "January 31, 2026"),
                                            renewsOn: RenderedDate(iso: "2026-02-28", text: "February 28, 2026")))
        let annual = try render(product("59.99", period: .years(1)), "en-US", options: options)
        #expect(annual.dates?.renewsOn.iso == "2027-01-31")
        let paid = try render(Self.monthly(Discount(paymentMode: .payAsYouGo, price: decimal("1.99"), subscriptionPeriod: .months(1),
                                                    numberOfPeriods: 3)), "en-US", options: options)
        #expect(paid.dates?.firstChargeOn.iso == "2026-01-31")
        #expect(paid.dates?.renewsOn.iso == "2026-04-30")
        // Free 1 week (February 7), then $4.99/month × 3 (May 7).
        let phased = Discount.of([
            OfferPhase(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1)),
            OfferPhase(paymentMode: .payAsYouGo, price: decimal("4.99"), subscriptionPeriod: .months(1), numberOfPeriods: 3),
        ])
        let text = try render(Self.monthly(phased), "en-US", options: options)
        #expect(text.dates?.firstChargeOn.iso == "2026-02-07")
        #expect(text.dates?.renewsOn.iso == "2026-05-07")
        #expect(text.offers.first?.datedHeadline == "Free for 1 week, then $4.99/month for 3 months (until May 7, 2026)")
        #expect(text.offers.first?.datedSummary == "Free for 1 week, then $4.99/month for 3 months, then $9.99/month from May 7, 2026")
        // A promotional offer (for existing subscribers) does not move the product's dates: they
        // are those of the plan without an offer.
        let promoted = try render(product("9.99", discounts: [Discount.of(identifier: "p", type: .promotional, phased.phases)]),
                                  "en-US", options: options)
        #expect(promoted.dates?.firstChargeOn.iso == "2026-01-31")
        #expect(promoted.dates?.renewsOn.iso == "2026-02-28")
        #expect(promoted.offers.first?.dates?.endsOn.iso == "2026-05-07")
        // A one-time purchase has nothing to date.
        #expect(try render(product("9.99", period: nil), "en-US", options: options).dates == nil)
    }

    /// Without a start instant nothing is dated, and the JSON has no date keys.
    @Test func noStartNoDates() throws {
        let text = try render(Self.monthly(Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1))), "en-US")
        #expect(text.dates == nil)
        #expect(text.offers.first?.dates == nil && text.offers.first?.datedHeadline == nil && text.offers.first?.datedSummary == nil)
        let json = RenderEntry(position: 1, locale: "en-US", item: ImportedProduct(source: ProductSource(format: .storeKit1, store: nil, path: ""),
                                                                                   result: .success(try CheckedProduct(product("9.99")))),
                               outcome: .success(text)).jsonText()
        #expect(!json.contains("dates") && !json.contains("dated"))
    }

    /// Renders from many threads at once, in several zones and locales, give what one thread
    /// gives: each render context keeps its own calendars and date formats.
    @Test func concurrentRendersInSeveralZones() throws {
        let zones = ["Europe/Berlin", "Europe/Paris", "America/New_York", "Asia/Tokyo", "UTC", "Australia/Sydney"]
        let locales = ["en-US", "en-GB", "ka-GE", "en-CA"]
        let offer = Discount(paymentMode: .payAsYouGo, price: decimal("1.99"), subscriptionPeriod: .months(1), numberOfPeriods: 3)
        let cases = try zones.flatMap { zone in
            try locales.map { locale in (locale, try Self.dated("2026-01-31T23:30:00Z", zone)) }
        }
        let expected = try cases.map { try render(Self.monthly(offer), $0.0, options: $0.1) }
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { task in
            for round in 0..<40 {
                let index = (task * 7 + round) % cases.count
                let text = try? render(Self.monthly(offer), cases[index].0, options: cases[index].1)
                if text != expected[index] { mismatches.withLock { $0 += 1 } }
            }
        }
        #expect(mismatches.withLock { $0 } == 0)
        // The same instant is another day east of UTC: January 31, 23:30 UTC is February 1 in Tokyo.
        #expect(expected[locales.count * 3].dates?.firstChargeOn.iso == "2026-02-01")
        #expect(expected[0].dates?.firstChargeOn.iso == "2026-02-01", "00:30 in Berlin")
        #expect(expected[locales.count * 2].dates?.firstChargeOn.iso == "2026-01-31", "18:30 in New York")
    }

    // MARK: - Time zones and `now`

    @Test func unknownTimeZonesAreRefusedByName() throws {
        for name in ["Europe/Berln", "GMT+01:00", "", "Mars/Olympus_Mons"] {
            let error = thrownError { try TimeZoneName(name) }
            #expect(error?.path == "timeZone")
            #expect(error?.message.contains(quoted(name)) == true, "\(name)")
        }
        #expect(try TimeZoneName("US/Pacific").identifier == "US/Pacific", "an IANA link")
        #expect(try TimeZoneName("Etc/GMT-1").identifier == "Etc/GMT-1")
        #expect(TimeZoneName.dataVersion.count >= 5 && TimeZoneName.dataVersion.first?.isNumber == true)
    }

    /// A date alone starts at the first moment of that day in the zone: midnight in Berlin is
    /// 23:00 UTC the day before; in Santiago, clocks jump from 00:00 to 01:00 on September 6,
    /// 2026, so the day starts at 01:00 -03 (checked with Node's Intl in America/Santiago).
    @Test func aDateAloneStartsInTheTimeZone() throws {
        #expect(try AsOf(parsing: "2026-01-31", timeZone: TimeZoneName("Europe/Berlin")).description == "2026-01-30T23:00:00Z")
        #expect(try AsOf(parsing: "2026-09-06", timeZone: TimeZoneName("America/Santiago")).description == "2026-09-06T04:00:00Z")
        #expect(try AsOf(parsing: "2026-01-31T10:00:00+01:00", timeZone: TimeZoneName("Asia/Tokyo")).description == "2026-01-31T09:00:00Z")
    }

    @Test func nowIsTheCurrentTime() throws {
        let before = Date()
        let now = try AsOf(parsing: "now")
        #expect(now.date >= before.addingTimeInterval(-1) && now.date <= Date().addingTimeInterval(1))
    }

    /// `--as-of now` dates from today and echoes the instant; `--time-zone` names a bad zone.
    @Test func commandLine() throws {
        let folder = try TemporaryFolder("dates")
        let file = folder.appendingPathComponent("product.json")
        try Data(#"{"productIdentifier":"m","price":"9.99","currencyCode":"USD","subscriptionPeriod":{"unit":"month","numberOfUnits":1},"introductoryPrice":{"paymentMode":"freeTrial","price":"0","subscriptionPeriod":{"unit":"month","numberOfUnits":1},"numberOfPeriods":1}}"#.utf8).write(to: file)

        let berlin = try runTool(["render", file.path, "--locale", "en-US", "--format", "json",
                                  "--as-of", "2026-01-31T10:00:00+01:00", "--time-zone", "Europe/Berlin"])
        #expect(berlin.status == 0, "\(berlin.stderr)")
        #expect(berlin.stdout.contains(#""terms":"Renews automatically at $9.99/month until canceled.","dates":{"firstChargeOn":{"iso":"2026-02-28","text":"February 28, 2026"},"renewsOn":{"iso":"2026-02-28","text":"February 28, 2026"}},"offers":"#))
        #expect(berlin.stdout.contains(#""summary":"Free for 1 month, then $9.99/month","datedHeadline":"Free until February 28, 2026","datedSummary":"Free until February 28, 2026, then $9.99/month","terms":"#))
        #expect(berlin.stdout.contains(#""dates":{"endsOn":{"iso":"2026-02-28","text":"February 28, 2026"}},"phases":"#))
        #expect(berlin.stdout.contains(#""asOf":"2026-01-31T09:00:00Z""#))

        // A plan without an offer is first charged at the start: today (in UTC, the default zone).
        let plain = folder.appendingPathComponent("plain.json")
        try Data(#"{"productIdentifier":"p","price":"9.99","currencyCode":"USD","subscriptionPeriod":{"unit":"month","numberOfUnits":1}}"#.utf8).write(to: plain)
        let before = AsOf.now.utcDay
        let now = try runTool(["render", plain.path, "--locale", "en-US", "--format", "json", "--as-of", "now"])
        let after = AsOf.now.utcDay
        #expect(now.status == 0, "\(now.stderr)")
        #expect(now.stdout.contains(#""firstChargeOn":{"iso":"\#(before)""#) || now.stdout.contains(#""firstChargeOn":{"iso":"\#(after)""#))
        #expect(now.stdout.contains(#""asOf":"\#(before)T"#) || now.stdout.contains(#""asOf":"\#(after)T"#), "the instant is echoed")

        let bad = try runTool(["render", file.path, "--locale", "en-US", "--as-of", "2026-01-31", "--time-zone", "Europe/Berln"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains(#"--time-zone Europe/Berln: unknown time zone "Europe/Berln""#), "\(bad.stderr)")

        let table = try runTool(["render", file.path, "--locale", "en-US", "--as-of", "2026-01-31T10:00:00+01:00", "--time-zone", "Europe/Berlin"])
        #expect(table.stdoutLines.contains { $0.contains("introductory freeTrial ends on") && $0.hasSuffix("  February 28, 2026 (2026-02-28)") },
                "\(table.stdout)")
        #expect(table.stdoutLines.contains { $0.contains("introductory freeTrial dated summary") && $0.hasSuffix("Free until February 28, 2026, then $9.99/month") })

        let undated = try runTool(["render", file.path, "--locale", "en-US", "--format", "json"])
        #expect(!undated.stdout.contains("dates") && !undated.stdout.contains("datedHeadline") && !undated.stdout.contains("asOf"))
    }

    /// A snapshot file names the start and zone in its header and shows every date.
    @Test func snapshotFiles() throws {
        let offer = Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .months(1))
        let document = StoreDocument(items: [ImportedProduct(source: ProductSource(format: .storeKit1, store: nil, path: ""),
                                                             result: .success(try CheckedProduct(Self.monthly(offer))))])
        let text = try SnapshotFile.render(document.items, locale: "en-US", options: Self.dated("2026-01-31T10:00:00+01:00", "Europe/Berlin"))
        #expect(text.contains("\n# Dates from 2026-01-31T09:00:00Z in Europe/Berlin · time zone data \(TimeZoneName.dataVersion)\n"))
        #expect(text.contains("\nfirst charge on (2026-02-28) → February 28, 2026\nrenews on (2026-02-28) → February 28, 2026\n"))
        #expect(text.contains("\n  dated headline → Free until February 28, 2026\n  dated summary → Free until February 28, 2026, then $9.99/month\n"))
        #expect(text.contains("\n  ends on (2026-02-28) → February 28, 2026\n"))
        let undated = try SnapshotFile.render(document.items, locale: "en-US", options: RenderOptions())
        #expect(!undated.contains("Dates from") && !undated.contains("ends on") && !undated.contains("dated"))
    }

    /// The server's request takes `timeZone` beside `asOf`.
    @Test func renderRequest() throws {
        let body = #"{"products": {"price": "9.99", "currencyCode": "USD", "subscriptionPeriod": {"unit": "month", "numberOfUnits": 1}}, "asOf": "2026-01-31", "timeZone": "Europe/Berlin"}"#
        let request = try RenderRequest.decode(Data(body.utf8))
        #expect(request.options.timeZone == (try TimeZoneName("Europe/Berlin")))
        #expect(request.options.asOf?.description == "2026-01-30T23:00:00Z", "a date alone starts in the request's zone")
        let bad = thrownError { try RenderRequest.decode(Data(body.replacingOccurrences(of: "Europe/Berlin", with: "Europe/Berln").utf8)) }
        #expect(bad?.path == "timeZone")
        let notText = thrownError { try RenderRequest.decode(Data(body.replacingOccurrences(of: #""Europe/Berlin""#, with: "1").utf8)) }
        #expect(notText?.path == "timeZone")
        let undated = try RenderRequest.decode(Data(#"{"products": {"price": "9.99", "currencyCode": "USD"}}"#.utf8))
        #expect(undated.options.asOf == nil && undated.options.timeZone == .utc)
    }
}
