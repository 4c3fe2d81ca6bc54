import Foundation
@testable import PaywallText
import Testing

/// Rendering a copy folder: the texts a reader sees, their arguments, what is left out, and
/// what a language lacks.
@Suite("Copy rendering")
struct CopyRenderingTests {
    /// The example folder the README shows.
    static let examples: PaywallCopy = {
        do {
            return try PaywallCopy(directory: packageRoot.appendingPathComponent("Examples/Copy").path)
        } catch {
            fatalError("Examples/Copy does not load: \(error)")
        }
    }()

    private func freeTrial(_ period: SubscriptionPeriod) -> Discount {
        Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: period)
    }

    /// One product's copy in a locale, with the example folder.
    private func copy(_ product: Product, _ locale: String, copy: PaywallCopy = examples) throws -> [String: String] {
        try PaywallRenderer(copy: copy).render(product, locale: locale).copy ?? [:]
    }

    // MARK: - Grammar in the example folder

    @Test func frenchAgreesWithTheUnitsGender() throws {
        // The reassurance line speaks of the period paid for, whatever its unit: "the end of
        // this year" would read as December 31.
        for period in [SubscriptionPeriod.days(1), .weeks(1), .months(1), .months(3), .years(1)] {
            #expect(try copy(product("9.99", period: period), "fr-FR")["cancelAnytime"]
                    == "Sans engagement\u{202F}: vous gardez l’accès jusqu’à la fin de la période payée.")
        }
        // un essai d’un jour, d’une semaine, d’un mois, d’un an: the article agrees too.
        let trials: [(SubscriptionPeriod, String)] = [(.days(1), "d’un jour"), (.weeks(1), "d’une semaine"), (.months(1), "d’un mois"),
                                                      (.years(1), "d’un an"), (.weeks(2), "de 2\u{00A0}semaines")]
        for (period, length) in trials {
            let trial = product("9.99", period: .years(1), intro: freeTrial(period))
            #expect(try copy(trial, "fr-FR")["startTrial"] == "Commencez votre essai gratuit \(length)")
        }
    }

    /// Japanese writes a number and its counter together (`1週間`, `6か月`), as the catalog's own
    /// sentences do (`1週間無料`), where ICU's unit name has a space (`1 週間`): the example
    /// copy words its durations itself (the reviewers' correct text), for every unit and count.
    @Test func japaneseJoinsNumberAndCounter() throws {
        let cases: [(SubscriptionPeriod, trial: String, badge: String, upFront: String)] = [
            (.days(3), "3日間", "3日間", "3日分"), (.weeks(1), "1週間", "1週間", "1週間分"), (.weeks(2), "2週間", "2週間", "2週間分"),
            (.months(1), "1か月", "1か月", "1か月分"), (.months(6), "6か月", "6か月", "6か月分"), (.years(1), "1年間", "1年", "1年分"),
        ]
        for (period, trialLength, badgeLength, upFrontLength) in cases {
            let trial = try PaywallRenderer(copy: Self.examples).render(product("9.99", period: .years(1), intro: freeTrial(period)), locale: "ja-JP")
            #expect(trial.copy?["startTrial"] == "\(trialLength)の無料トライアルを開始")
            // The catalog's headline for the same trial begins with the same words.
            #expect(trial.offers.first?.headline.hasPrefix(trialLength) == true, "\(trial.offers.first?.headline ?? "")")
            let upFront = Discount(paymentMode: .payUpFront, price: decimal("1.99"), subscriptionPeriod: period)
            let copy = try copy(product("999.99", period: .months(1), intro: upFront), "ja-JP")
            #expect(copy["startTrial"] == "\(upFrontLength)を$1.99で開始")
            #expect(copy["offerBadge"]?.hasSuffix("オフ（\(badgeLength)）") == true, "\(copy["offerBadge"] ?? "")")
        }
        // ICU's duration (`1 週間`) is placed nowhere in the Japanese copy.
        let file = try JSONSerialization.jsonObject(with: Data(contentsOf: packageRoot.appendingPathComponent("Examples/Copy/ja.json"))) as? [String: Any]
        let messages = try #require(file?["messages"] as? [String: Any]).values.map { ($0 as? String) ?? (($0 as? [String: Any])?["message"] as? String ?? "") }
        #expect(!messages.contains { $0.contains("{offerDuration}") || $0.contains("{period}") }, "ICU's duration has a space in Japanese")
    }

    @Test func russianPolishAndArabicAgreeWithCounts() throws {
        // Expected forms from each language's grammar (accusative after a verb or "for"), not
        // from the renderer's output.
        let counts = [1, 2, 5, 11, 21]
        func trials(_ locale: String) throws -> [String?] {
            try counts.map { try copy(product("9.99", period: .years(1), intro: freeTrial(.weeks($0))), locale)["startTrial"] }
        }
        /// The badge of an offer paid up front for `count` units: its length after the discount.
        func badges(_ locale: String, _ unit: PeriodUnit) throws -> [String] {
            try counts.map { count in
                let offer = Discount(paymentMode: .payUpFront, price: decimal("1.99"), subscriptionPeriod: SubscriptionPeriod(unit: unit, numberOfUnits: count))
                return try copy(product("999.99", period: .years(1), intro: offer), locale)["offerBadge"] ?? ""
            }
        }
        // Russian: 1 and 21 неделю (one), 2 недели (few), 5 and 11 недель (many).
        #expect(try trials("ru-RU") == ["Попробуйте 1 неделю бесплатно", "Попробуйте 2 недели бесплатно", "Попробуйте 5 недель бесплатно",
                                        "Попробуйте 11 недель бесплатно", "Попробуйте 21 неделю бесплатно"])
        // Accusative after на: 1 and 21 неделю, 2 недели, 5 and 11 недель.
        let russianLengths = ["на 1 неделю", "на 2 недели", "на 5 недель", "на 11 недель", "на 21 неделю"]
        for (badge, length) in zip(try badges("ru-RU", .week), russianLengths) {
            #expect(badge.hasPrefix("Скидка ") && badge.hasSuffix(length), "\(badge)")
        }
        // Polish: 1 tydzień (one), 2 tygodnie (few), 5, 11 and 21 tygodni (many: 21 is not one in Polish).
        #expect(try trials("pl-PL") == ["Wypróbuj za darmo przez 1 tydzień", "Wypróbuj za darmo przez 2 tygodnie",
                                        "Wypróbuj za darmo przez 5 tygodni", "Wypróbuj za darmo przez 11 tygodni",
                                        "Wypróbuj za darmo przez 21 tygodni"])
        // Accusative after przez, as in the trials.
        let polishLengths = ["przez 1 tydzień", "przez 2 tygodnie", "przez 5 tygodni", "przez 11 tygodni", "przez 21 tygodni"]
        for (badge, length) in zip(try badges("pl-PL", .week), polishLengths) {
            #expect(badge.hasSuffix("taniej " + length), "\(badge)")
        }
        // Arabic (Arabic-Indic digits in ar-SA): one week without a digit, the dual without a
        // digit, a plural for 3–10, an accusative singular for 11–99.
        #expect(try trials("ar-SA") == ["جرّب مجانًا لمدة أسبوع واحد", "جرّب مجانًا لمدة أسبوعين", "جرّب مجانًا لمدة ٥ أسابيع",
                                        "جرّب مجانًا لمدة ١١ أسبوعًا", "جرّب مجانًا لمدة ٢١ أسبوعًا"])
        // A year is feminine: سنة واحدة (not واحد); the dual سنتين; a plural for 3–10; an
        // accusative singular for 11–99.
        let arabicLengths = ["لمدة سنة واحدة", "لمدة سنتين", "لمدة ٥ سنوات", "لمدة ١١ سنةً", "لمدة ٢١ سنةً"]
        for (badge, length) in zip(try badges("ar-SA", .year), arabicLengths) {
            #expect(badge.hasPrefix("خصم ") && badge.hasSuffix(length), "\(badge)")
        }
    }

    // MARK: - What the buyer agrees to

    /// A copy folder of one message per case: `cancel` for plans that renew until canceled only.
    private static let forRenewingPlans: PaywallCopy = {
        do {
            return try PaywallCopy(checking: [Catalog(
                name: "en", file: "en.json",
                messages: ["cancel": "Cancel anytime", "plan": "{plan, select, renewing {r} commitment {c} prepaid {p} oneTime {o} other {?}}"],
                conditions: ["cancel": ["plan": ["renewing"]]])])
        } catch {
            fatalError("\(error)")
        }
    }()

    @Test func aMessageForRenewingPlansIsLeftOutOfACommitmentWithItsWarning() throws {
        let renderer = PaywallRenderer(copy: Self.forRenewingPlans)
        let renewing = try renderer.render(product("9.99"), locale: "en-US")
        #expect(renewing.copy == ["cancel": "Cancel anytime", "plan": "r"])
        #expect(renewing.copyWarnings.isEmpty)
        let commitment = try renderer.render(BillingPlanTests.apple, locale: "en-US")
        #expect(commitment.copy == ["plan": "c"])
        #expect(commitment.copyWarnings == [ProductWarning(path: "copy.cancel", message: "left out: shown only when {plan} is renewing; here it is commitment")])
        let prepaid = try renderer.render(product("12.99").with { $0.billingPlan = .prepaid }, locale: "en-US")
        #expect(prepaid.copy == ["plan": "p"])
        #expect(prepaid.copyWarnings.map(\.message) == ["left out: shown only when {plan} is renewing; here it is prepaid"])
        let oneTime = try renderer.render(product("99", period: nil), locale: "en-US")
        #expect(oneTime.copy == ["plan": "o"])
        // The example folder: no "cancel anytime" under a commitment or a prepaid pass, and no
        // price "a month" for a pass paid once.
        let examples = PaywallRenderer(copy: Self.examples)
        #expect(try examples.render(product("9.99"), locale: "de-DE").copy?["cancelAnytime"] != nil)
        let examplePass = try examples.render(product("12.99").with { $0.billingPlan = .prepaid }, locale: "de-DE")
        #expect(examplePass.copy?["cancelAnytime"] == nil && examplePass.copy?["unlockFor"] == nil)
        #expect(try examples.render(BillingPlanTests.apple, locale: "de-DE").copy?["cancelAnytime"] == nil)
    }

    /// The whole offer's length and number of phases beside the first phase's: the badge of
    /// the welcome-back offer (a free week, then 3 months at $1.99) names the whole offer.
    @Test func anOfferOfSeveralPhasesGivesItsWholeLength() throws {
        var plan = product("9.99")
        plan.discounts = [Discount(identifier: "welcome-back", type: .promotional,
                                   phases: OfferPhase(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1)),
                                   then: [OfferPhase(paymentMode: .payAsYouGo, price: decimal("1.99"), subscriptionPeriod: .months(1), numberOfPeriods: 3)])]
        let offer = try #require(try PaywallRenderer(copy: Self.eachArgument).render(plan, locale: "en-US").offers.first)
        #expect(offer.copy?["offerDuration"] == "1 week")
        #expect(offer.copy?["offerTotalDuration"] == "3 months and 1 week")
        #expect(offer.copy?["offerPhases"] == "2")
        let badges = try #require(try PaywallRenderer(copy: Self.examples).render(plan, locale: "en-US").offers.first?.copy)
        #expect(badges["offerBadge"] == "81% off for 3 months and 1 week")
        let russian = try #require(try PaywallRenderer(copy: Self.examples).render(plan, locale: "ru-RU").offers.first?.copy)
        #expect(russian["offerBadge"] == "Скидка 81\u{00A0}% на всё предложение (3 месяца и 1 неделя)")
    }

    // MARK: - Arguments

    /// A folder whose every key is one argument alone (`{price}` …), for comparing the
    /// values with the built-in fields.
    private static let eachArgument: PaywallCopy = {
        var messages: [String: String] = [:]
        for argument in CopyArgument.allCases {
            switch argument.kind {
            case .text: messages[argument.rawValue] = "{\(argument.rawValue)}"
            case .number: messages[argument.rawValue] = "{\(argument.rawValue), plural, other {#}}"
            case .keyword:
                messages[argument.rawValue] = "{\(argument.rawValue), select, "
                    + argument.keywords.map { "\($0) {\($0)}" }.joined(separator: " ") + " other {other}}"
            }
        }
        do {
            return try PaywallCopy(checking: copyFiles(["en": messages, "ar": messages]))
        } catch {
            fatalError("\(error)")
        }
    }()

    @Test(arguments: ["en-US", "ar-SA"])
    func valuesAreTheBuiltInFields(locale: String) throws {
        // An annual plan beside a monthly one (savings), with a paid introductory offer (discount).
        let annual = product("53.99", period: .years(1),
                             intro: Discount(paymentMode: .payAsYouGo, price: decimal("1.99"), subscriptionPeriod: .months(1), numberOfPeriods: 3))
        let results = PaywallRenderer(copy: Self.eachArgument).render([product("6.99"), annual], locale: locale)
        let text = try results[1].get()
        let copy = try #require(text.copy)
        let offer = try #require(text.offers.first)
        // In a right-to-left language each text is isolated, as the built-in sentences isolate their pieces.
        let isolated = { (field: String?) in locale == "ar-SA" ? field.map { "\u{2068}\($0)\u{2069}" } : field }
        let pricePer = try #require(text.pricePer), savings = try #require(text.savings)
        let expected: [String: String?] = [
            "price": isolated(text.price), "regularPrice": isolated(offer.regularPrice), "recurringPrice": isolated(text.recurringPrice),
            "recurringPriceShort": isolated(text.recurringPriceShort), "period": isolated(text.period), "planName": isolated(text.planName),
            "pricePerDay": isolated(pricePer.day.price), "pricePerWeek": isolated(pricePer.week.price),
            "pricePerMonth": isolated(pricePer.month.price), "pricePerYear": isolated(pricePer.year.price),
            "savings": isolated(savings.text), "savingsAmount": isolated(savings.amount),
            "offerPrice": isolated(offer.price), "offerDuration": isolated(offer.duration), "offerSummary": isolated(offer.summary),
            "discount": isolated(offer.discount?.text), "offerTotalDuration": isolated(offer.duration),
            // Numbers as `#` prints them in the locale; keywords as select receives them.
            "count": locale == "ar-SA" ? "١" : "1", "offerCount": locale == "ar-SA" ? "٣" : "3",
            "savingsPercent": locale == "ar-SA" ? "\(try #require(ICUDigits.arabic(savings.percent)))" : "\(savings.percent)",
            "offerPhases": locale == "ar-SA" ? "١" : "1",
            "unit": "year", "offerUnit": "month", "offerPaymentMode": "payAsYouGo", "plan": "renewing",
        ]
        #expect(Set(copy.keys) == Set(expected.keys))
        for (key, value) in expected {
            #expect(copy[key] == value, "\(locale) \(key)")
        }
        #expect(text.copyWarnings == [])
        // The offer's own copy: the same values, since this offer is the introductory one.
        #expect(offer.copy == copy)
        #expect(offer.regularPrice == text.price)
    }

    @Test func productAndOfferArguments() throws {
        let copy = try PaywallCopy(checking: copyFiles(["en": [
            "mode": "{offerPaymentMode, select, freeTrial {trial} payAsYouGo {paid} other {once}} for {offerDuration}",
            "badge": "{discount} off",
        ]]))
        let item = product("9.99", intro: freeTrial(.weeks(1)), discounts: [
            Discount(identifier: "spring", type: .promotional, paymentMode: .payAsYouGo, price: decimal("1.99"),
                     subscriptionPeriod: .months(1), numberOfPeriods: 3),
        ])
        let text = try PaywallRenderer(copy: copy).render(item, locale: "en-US")
        // The product's copy has its introductory offer's arguments; each offer its own.
        #expect(text.copy == ["mode": "trial for 1 week"])
        #expect(text.offers[0].copy == ["mode": "trial for 1 week"])
        #expect(text.offers[1].copy == ["mode": "paid for 3 months", "badge": "80% off"])
        #expect(text.copyWarnings == [
            ProductWarning(path: "copy.badge", message: "left out: needs {discount}; the offer has no discount (a free trial, or not cheaper than the regular price)"),
            ProductWarning(path: "offers[0].copy.badge", message: "left out: needs {discount}; the offer has no discount (a free trial, or not cheaper than the regular price)"),
        ])
    }

    @Test func messagesNeedingWhatAProductLacksAreLeftOutWithAWarning() throws {
        let copy = try PaywallCopy(checking: copyFiles(["en": [
            "hello": "Only {price}", "perMonth": "{pricePerMonth} a month", "save": "Save {savingsAmount}", "trial": "Try {offerDuration}",
        ]]))
        let renderer = PaywallRenderer(copy: copy)
        // A one-time purchase has no period, savings or offer.
        let lifetime = try renderer.render(product("99.99", period: nil), locale: "en-US")
        #expect(lifetime.copy == ["hello": "Only $99.99"])
        let oneTime = "a one-time purchase has no period, savings or offer"
        #expect(lifetime.copyWarnings == [
            ProductWarning(path: "copy.perMonth", message: "left out: needs {pricePerMonth}; \(oneTime)"),
            ProductWarning(path: "copy.save", message: "left out: needs {savingsAmount}; \(oneTime)"),
            ProductWarning(path: "copy.trial", message: "left out: needs {offerDuration}; \(oneTime)"),
        ])
        // A subscription without an introductory offer.
        let monthly = try renderer.render(product("9.99"), locale: "en-US")
        #expect(monthly.copyWarnings.last == ProductWarning(path: "copy.trial", message: "left out: needs {offerDuration}; the product has no introductory offer"))
        // The dearest plan of a paywall has no savings; the cheaper one has.
        let paywall = renderer.render([product("9.99"), product("59.99", period: .years(1))], locale: "en-US")
        #expect(try paywall[0].get().copy?["save"] == nil)
        #expect(try paywall[0].get().copyWarnings.contains { $0.path == "copy.save" && $0.message.hasPrefix("left out: needs {savingsAmount}") })
        #expect(try paywall[1].get().copy?["save"] == "Save $59.89")  // 12 × 9.99 − 59.99
    }

    // MARK: - Languages and fallbacks

    @Test func aKeyALanguageLacksIsTheSourceMessageInTheSourceLanguage() throws {
        let copy = try PaywallCopy(checking: copyFiles([
            "en": ["line": "{planName}: {recurringPrice} for {period}", "title": "Go"],
            "fr": ["title": "Allez"],
        ]))
        let monthly = product("9.99")
        let text = try PaywallRenderer(copy: copy).render(monthly, locale: "fr-FR")
        // The source message whole, its pieces in English as the built-in catalogs word them
        // for a locale without a catalog of its own: English words and numbers, as English is
        // written in France (ICU's en_FR), never a French number inside an English sentence.
        let englishOnly = try Catalogs(checking: [Catalogs.builtIn.all.first { $0.name == "en" }!])
        let fallback = try render(monthly, "fr-FR", catalogs: englishOnly)
        #expect(fallback.catalog == "en")
        #expect(text.copy?["line"] == "\(fallback.planName!): \(fallback.recurringPrice!) for \(fallback.period!)")
        #expect(text.copy?["line"]?.contains("9.99") == true && text.copy?["line"]?.contains("9,99") == false)
        #expect(text.fieldLanguages["copy.line"] == TextLanguage(tag: "en", direction: .leftToRight))
        #expect(text.fieldLanguages["copy.title"] == nil, "in French")
        #expect(text.copy?["title"] == "Allez")
        #expect(text.copyWarnings == [ProductWarning(path: "copy.line", message: "not in fr.json; the source message (en.json) is shown, in English")])

        // A language without a file: every message is the source's, one warning.
        let spanish = try PaywallRenderer(copy: copy).render(monthly, locale: "es-ES")
        let englishInSpain = try render(monthly, "es-ES", catalogs: englishOnly)
        #expect(spanish.copy == ["line": "Monthly: \(englishInSpain.recurringPrice!) for 1 month", "title": "Go"])
        #expect(spanish.copyWarnings == [ProductWarning(path: "copy", message: "no copy file for the catalog es; every message is the source's (en.json), in English")])
    }

    /// Copy shown in the source language where the reader's language has no file: English as
    /// written in the reader's region (`en` for he-IL formats as en-IL: `US$…`, Latin digits),
    /// isolated as a whole where the paywall is right to left, and marked as English.
    @Test(arguments: ["he-IL", "ur-PK", "bn-BD", "mr-IN", "tr-TR"])
    func fallbackCopyIsEnglishInItsOwnDirection(locale: String) throws {
        let monthly = product("4.99", period: .weeks(1), intro: freeTrial(.weeks(1)))
        let text = try PaywallRenderer(copy: Self.examples).render(monthly, locale: locale)
        let copy = try #require(text.copy)
        let rightToLeft = ["he-IL", "ur-PK"].contains(locale)
        for key in ["startTrial", "unlockFor", "cancelAnytime"] {
            let line = try #require(copy[key], "\(locale) \(key)")
            // Only ASCII digits, and the English decimal point (4.99 a week is 21.68 a month).
            #expect(line.unicodeScalars.allSatisfy { $0.properties.numericType == nil || ("0"..."9").contains($0) }, "\(locale): \(line)")
            #expect(text.fieldLanguages["copy.\(key)"] == TextLanguage(tag: "en", direction: .leftToRight))
            #expect(line.hasPrefix("\u{2066}") == rightToLeft && line.hasSuffix("\u{2069}") == rightToLeft, "\(locale): \(line)")
        }
        #expect(copy["startTrial"]?.contains("Start your 1-week free trial") == true)
        #expect(copy["unlockFor"]?.contains("21.68") == true, "\(copy["unlockFor"] ?? "")")
        #expect(copy["unlockFor"]?.contains("%") == false && copy["unlockFor"]?.contains("21,68") == false)
        if locale == "he-IL" {
            #expect(copy["unlockFor"] == "\u{2066}Unlock everything for US$21.68 a month\u{2069}")
        }
    }

    @Test func theCopyLanguageIsTheCatalogTheLocaleRendersWith() throws {
        let copy = try PaywallCopy(checking: copyFiles([
            "en": ["hi": "Hello"], "fr": ["hi": "Bonjour"], "fr-CA": ["hi": "Allô"], "pt": ["hi": "Olá"], "pt-PT": ["hi": "Olá (PT)"],
        ]))
        let renderer = PaywallRenderer(copy: copy)
        let cases = [("fr-FR", "Bonjour"), ("fr-CA", "Allô"), ("fr-CH", "Bonjour"), ("pt-BR", "Olá"), ("pt-AO", "Olá (PT)"), ("ka-GE", "Hello")]
        for (locale, expected) in cases {
            let text = try renderer.render(product("9.99"), locale: locale)
            #expect(text.copy?["hi"] == expected, "\(locale)")
            #expect(text.copyWarnings == [], "\(locale)")
        }
    }

    // MARK: - The value

    @Test func loadingAnEditedFolderGivesNewTextAndABrokenOneThrows() throws {
        let folder = try copyFolder(["en": ["badge": "Save {savings}"], "de": ["badge": "Spare {savings}"]])
        let paywall = [product("9.99"), product("59.99", period: .years(1))]
        let before = try PaywallCopy(directory: folder.path)
        var renderer = PaywallRenderer(copy: before)
        #expect(try renderer.render(paywall, locale: "de-DE")[1].get().copy == ["badge": "Spare 49\u{00A0}%"])

        // Reloading is loading a new value: the old one keeps serving until the caller swaps.
        try writeCopyFile(["badge": "Jetzt {savings} sparen"], language: "de", in: folder)
        let after = try PaywallCopy(directory: folder.path)
        #expect(try renderer.render(paywall, locale: "de-DE")[1].get().copy == ["badge": "Spare 49\u{00A0}%"])
        renderer.copy = after
        #expect(try renderer.render(paywall, locale: "de-DE")[1].get().copy == ["badge": "Jetzt 49\u{00A0}% sparen"])

        // A broken folder throws with the file and key; the values in use are untouched.
        try writeCopyFile(["badge": "Jetzt {savings, plural, other {#}} sparen"], language: "de", in: folder)
        let error = thrownError { try PaywallCopy(directory: folder.path) }
        #expect(error?.catalog == CatalogLocation(file: folder.appendingPathComponent("de.json").path, key: "badge"))
        #expect(try renderer.render(paywall, locale: "de-DE")[1].get().copy == ["badge": "Jetzt 49\u{00A0}% sparen"])
        #expect(try PaywallRenderer(copy: before).render(paywall, locale: "de-DE")[1].get().copy == ["badge": "Spare 49\u{00A0}%"])
    }

    @Test func withoutCopyTheOutputIsTodays() throws {
        let paywall = [product("9.99", intro: freeTrial(.weeks(1))), product("59.99", period: .years(1))]
        for locale in ["en-US", "ru-RU", "ar-SA", "ja-JP"] {
            let plain = try PaywallRenderer().render(paywall, locale: locale).map { try $0.get() }
            #expect(plain.allSatisfy { $0.copy == nil && $0.copyWarnings.isEmpty && $0.offers.allSatisfy { $0.copy == nil } })
            var withCopy = try PaywallRenderer(copy: Self.examples).render(paywall, locale: locale).map { try $0.get() }
            #expect(withCopy.allSatisfy { $0.copy != nil })
            for index in withCopy.indices {
                withCopy[index].copy = nil
                withCopy[index].copyWarnings = []
                for offer in withCopy[index].offers.indices { withCopy[index].offers[offer].copy = nil }
            }
            #expect(withCopy == plain, "\(locale)")
        }
    }

    @Test func theResultCacheTellsCopyValuesApart() throws {
        let cache = RenderCache()
        let item = product("9.99", intro: freeTrial(.weeks(1)))
        let first = try PaywallCopy(checking: copyFiles(["en": ["hi": "Try {offerDuration}"]]))
        let second = try PaywallCopy(checking: copyFiles(["en": ["hi": "Start {offerDuration}"]]))
        #expect(try PaywallRenderer(cache: cache).render(item, locale: "en-US").copy == nil)
        #expect(try PaywallRenderer(copy: first, cache: cache).render(item, locale: "en-US").copy == ["hi": "Try 1 week"])
        #expect(try PaywallRenderer(copy: second, cache: cache).render(item, locale: "en-US").copy == ["hi": "Start 1 week"])
        #expect(try PaywallRenderer(copy: first, cache: cache).render(item, locale: "en-US").copy == ["hi": "Try 1 week"])
        #expect(cache.statistics.hits == 1)
    }

    @Test func manyThreadsRenderTheSameCopy() async throws {
        let products = [1, 2, 5, 11, 21].map { product("9.99", period: .months($0), intro: freeTrial(.weeks($0))) }
        let locales = ["fr-FR", "ru-RU", "pl-PL", "ar-SA", "ja-JP", "de-DE"]
        let renderer = PaywallRenderer(copy: Self.examples)
        let expected = locales.map { renderer.render(products, locale: $0).map { try? $0.get() } }
        await withTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    (0..<20).allSatisfy { round in
                        let index = (task + round) % locales.count
                        return renderer.render(products, locale: locales[index]).map { try? $0.get() } == expected[index]
                    }
                }
            }
            for await same in group { #expect(same) }
        }
    }

    // MARK: - Templates

    @Test func templatesEqualDirectFormatting() throws {
        // A message is formatted once per combination of its numbers and keywords and filled
        // in after (MessageTemplate); this checks every example message against ICU itself.
        let products = [1, 2, 5, 11, 21].flatMap { count in
            PeriodUnit.allCases.flatMap { unit in
                PaymentMode.allCases.map { mode in
                    product(mode == .freeTrial ? "9.99" : "299.99", period: SubscriptionPeriod(unit: unit, numberOfUnits: count), intro: Discount(
                        paymentMode: mode, price: mode == .freeTrial ? 0 : decimal("1.99"),
                        subscriptionPeriod: SubscriptionPeriod(unit: unit, numberOfUnits: mode == .payAsYouGo ? 1 : count),
                        numberOfPeriods: mode == .payAsYouGo ? count : 1))
                }
            }
        }
        let copy = Self.examples
        let renderer = PaywallRenderer(copy: copy, options: RenderOptions(normalization: .disabled))
        var compared = 0
        for locale in ["en-US", "fr-FR", "de-DE", "ru-RU", "pl-PL", "ar-SA", "ja-JP"] {
            let display = try DisplayLocale(locale)
            try renderer.withContext(display, snapshot: Catalogs.builtIn.snapshot) { context throws(PaywallTextError) in
                let plan = copy.plan(forCatalog: context.catalog)
                let messages = context.copyMessages(of: copy)
                for item in products {
                    let checked = try CheckedProduct(item)
                    let product = try ProductRenderer(context: context, options: renderer.options, locale: locale)
                        .render(checked.model, collectingCopy: true).copy!
                    var values = product.product
                    values.setOffer(product.offer(for: nil))
                    for entry in plan.entries where entry.message.uses.missing(from: values.present).isEmpty {
                        let templated = try messages.format(entry.message, values)
                        #expect(templated == (try messages.formatDirectly(entry.message, values)), "\(locale) \(entry.message.key)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 1000)
    }

    // MARK: - One message system

    /// A copy message and a catalog message are compiled by one core (``CompiledMessages``):
    /// a template per combination of numbers and keywords in its template table, each
    /// counted in the set's estimate of bytes.
    @Test func copyAndCatalogMessagesShareTheTemplates() throws {
        let copy = try PaywallCopy(checking: copyFiles(["en": ["length": "{count, plural, one {# month} other {# months}} for {price}"]]))
        let message = try #require(copy.messages.first)
        let set = CopyMessageSet(copy: copy, locale: "en")
        func values(_ count: Int, _ price: String) -> CopyValues {
            var values = CopyValues()
            values.set(.count, number: count)
            values.set(.price, text: price)
            return values
        }
        #expect(try set.format(message, values(1, "$1.99")) == "1 month for $1.99")
        #expect(set.templateCount == 1)
        let compiled = set.estimatedBytes
        // The same number: the same template, filled with another price.
        #expect(try set.format(message, values(1, "$4.99")) == "1 month for $4.99")
        #expect(set.templateCount == 1)
        #expect(set.estimatedBytes == compiled)
        // Another number: a second template, and its bytes.
        #expect(try set.format(message, values(3, "$4.99")) == "3 months for $4.99")
        #expect(set.templateCount == 2)
        #expect(set.estimatedBytes == compiled + MessageTemplate(output: "3 months for " + MessageTemplate.placeholder(0)).estimatedBytes)

        // A catalog message alike.
        let catalog = MessageSet(catalog: try #require(Catalogs.builtIn.snapshot.catalogs["en"]), locale: "en", isRightToLeft: false)
        func arguments(_ count: Int) -> PeriodPriceArguments {
            PeriodPriceArguments(price: Text("$9.99"), period: Text("\(count) months"), count: count, unit: "month")
        }
        let monthly = try catalog.format(Messages.recurringPrice, arguments(1))
        #expect(catalog.templateCount == 1)
        let catalogCompiled = catalog.estimatedBytes
        #expect(try catalog.format(Messages.recurringPrice, arguments(1)) == monthly)
        #expect(catalog.templateCount == 1)
        #expect(catalog.estimatedBytes == catalogCompiled)
        _ = try catalog.format(Messages.recurringPrice, arguments(3))
        #expect(catalog.templateCount == 2)
        // ICU's output with placeholders is the template.
        var placeholders = catalog.makeValues(capacity: 4, mode: .placeholders)
        arguments(3).visit(&placeholders)
        let output = try catalog.format(.recurringPrice, placeholders)
        #expect(catalog.estimatedBytes == catalogCompiled + MessageTemplate(output: output).estimatedBytes)
    }

    /// A copy folder's messages live in the render context beside the catalog's: a render
    /// takes them from the contexts' pool with the context and gives them back with it, and
    /// another copy value (a reloaded folder) takes their place.
    @Test func copyMessagesLiveInThePooledContext() throws {
        // Catalogs of this test's own, so that the pool's contexts of their snapshot are this test's.
        let catalogs = try Catalogs(checking: Catalogs.builtIn.all.filter { $0.name == "en" })
        let files = copyFiles(["en": ["length": "{count, plural, one {# month} other {# months}} for {price}"]])
        let copy = try PaywallCopy(checking: files)
        let renderer = PaywallRenderer(catalogs: catalogs, copy: copy)
        #expect(try renderer.render(product("4.99"), locale: "en-US").copy == ["length": "1 month for $4.99"])
        let display = try DisplayLocale("en-US")
        var kept: CopyMessageSet?
        try renderer.withContext(display, snapshot: catalogs.snapshot) { context throws(PaywallTextError) in
            // The render's set, back in the pool with its context: the template it made is there.
            let set = context.copyMessages(of: copy)
            #expect(set.templateCount == 1)
            #expect(context.estimatedBytes >= context.messages.estimatedBytes + set.estimatedBytes)
            kept = set
        }
        #expect(try renderer.render(product("9.99"), locale: "en-US").copy == ["length": "1 month for $9.99"])
        let reloaded = try PaywallCopy(checking: files)
        try renderer.withContext(display, snapshot: catalogs.snapshot) { context throws(PaywallTextError) in
            #expect(context.copyMessages(of: copy) === kept)
            #expect(kept?.templateCount == 1)
            #expect(context.copyMessages(of: reloaded) !== kept)
        }
    }

    @Test func argumentsAreDeclaredOnce() {
        #expect(CopyArgument.allCases.map(\.index) == Array(CopyArgument.allCases.indices))
        // A message is compiled with the arguments it uses, in their declared order.
        let message = CopyMessage(index: 0, file: "en.json", language: "en", key: "k", pattern: "",
                                  uses: CopyArgumentSet(bits: CopyArgument.plan.bit | CopyArgument.price.bit | CopyArgument.count.bit),
                                  conditions: [])
        #expect(message.argumentNames == ["price", "count", "plan"])
    }
}

/// Arabic-Indic digits, as ICU writes numbers in ar-SA (٠١٢٣٤٥٦٧٨٩).
enum ICUDigits {
    static func arabic(_ number: Int) -> String? {
        let digits = Array("٠١٢٣٤٥٦٧٨٩")
        return String(String(number).compactMap { $0.wholeNumberValue.map { digits[$0] } })
    }
}
