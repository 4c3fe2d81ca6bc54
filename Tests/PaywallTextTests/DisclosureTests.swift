import Foundation
@testable import PaywallText
@testable import PaywallTextGoldens
@testable import PaywallTextJSON
@testable import PaywallTextSupport
import Testing

/// The disclosures a store requires on a purchase screen (PRODUCT §16): the roles per store,
/// their texts, the store chosen, the title read from the documents. The English texts are
/// the catalog's messages (Locales/en.json) with the product's pieces, checked by reading them.
@Suite("Disclosures")
struct DisclosureTests {
    private let trial = Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1))
    /// Disclosures for a German storefront, whose law asks for the order button's label.
    private let disclosing = Self.disclosures(storefront: "DEU")

    private static func disclosures(store: Store? = nil, storefront: String?) -> RenderOptions {
        var options = RenderOptions(store: store, include: .disclosures)
        options.storefront = storefront
        return options
    }

    private func roles(_ disclosures: [Disclosure]?) -> [Disclosure.Role] {
        (disclosures ?? []).map(\.role)
    }

    private func disclosed(_ role: Disclosure.Role, _ disclosures: [Disclosure]?) -> String? {
        disclosures?.first { $0.role == role }?.text
    }

    @Test func absentUnlessIncluded() throws {
        let plain = try render(product("9.99", intro: trial), "en-US")
        #expect(plain.disclosures == nil && plain.store == nil && plain.offers.allSatisfy { $0.disclosures == nil })
        let hinted = try render(product("9.99", intro: trial), "en-US", options: RenderOptions(store: .appStore))
        #expect(hinted.disclosures == nil, "naming a store adds the hint to the terms, not the disclosures")
        let item = ImportedProduct(source: ProductSource(format: .storeKit1, store: .appStore, path: ""),
                                   result: .success(try CheckedProduct(product("9.99", intro: trial))))
        let json = RenderEntry.entries(for: StoreDocument(items: [item]), locales: ["en-US"], renderer: PaywallRenderer())[0].jsonText()
        #expect(!json.contains("disclosures") && !json.contains("\"store\""))
    }

    /// An App Store plan bought with its one-week free trial: every role of Schedule 2 §3.8(b).
    @Test func appStoreTrial() throws {
        let text = try render(product("9.99", intro: trial), "en-US", options: Self.disclosures(store: .appStore, storefront: "DEU"))
        #expect(text.store == .appStore)
        #expect(text.disclosures == [
            Disclosure(role: .length, text: "Subscription length: 1 month"),
            Disclosure(role: .price, text: "$9.99/month"),
            Disclosure(role: .autoRenew, text: "After the free trial, the subscription renews automatically at $9.99/month until canceled."),
            Disclosure(role: .cancelWindow, text: "The subscription renews automatically unless it is canceled at least 24 hours before "
                       + "the end of the current period. Your account is charged for the renewal within 24 hours before the current period ends."),
            Disclosure(role: .manage, text: "You can manage or cancel the subscription in your App Store account settings."),
            Disclosure(role: .trialForfeit, text: "Any unused part of a free trial is forfeited when you purchase a subscription."),
            Disclosure(role: .trialConversion, text: "The free trial lasts 1 week. When it ends, you will be charged $9.99/month unless you cancel."),
            Disclosure(role: .orderButton, text: "Subscribe with obligation to pay"),
        ])
        // The terms carry the hint the store option adds; the autoRenew disclosure does not,
        // since manage says it.
        #expect(text.terms?.hasSuffix("App Store account settings.") == true)
        // The introductory offer's own disclosures are the product's: the same purchase.
        #expect(text.offers[0].disclosures == text.disclosures)
    }

    /// Google Play: its own cancellation text and place to manage, and no trialForfeit (a rule
    /// of Apple's agreement only).
    @Test func googlePlayTrial() throws {
        let text = try render(product("9.99", intro: trial), "en-US", options: Self.disclosures(store: .googlePlay, storefront: "DEU"))
        #expect(roles(text.disclosures) == [.length, .price, .autoRenew, .cancelWindow, .manage, .trialConversion, .orderButton])
        #expect(disclosed(.cancelWindow, text.disclosures) == "The subscription renews automatically at the start of each billing period "
                + "unless it is canceled before then. After canceling, you keep access until the end of the period you have paid for.")
        #expect(disclosed(.manage, text.disclosures) == "You can manage or cancel the subscription in Google Play under Payments & subscriptions.")
    }

    @Test func planWithoutOfferAndOneTimePurchase() throws {
        let plan = try render(product("59.99", period: .years(1)), "en-US", options: disclosing)
        #expect(roles(plan.disclosures) == [.length, .price, .autoRenew, .cancelWindow, .manage, .orderButton])
        #expect(disclosed(.price, plan.disclosures) == "$59.99/year")
        #expect(disclosed(.autoRenew, plan.disclosures) == "Renews automatically at $59.99/year until canceled.")
        let once = try render(product("99", period: nil), "en-US", options: disclosing)
        #expect(once.disclosures == [Disclosure(role: .price, text: "$99"), Disclosure(role: .orderButton, text: "Order with obligation to pay")])
    }

    /// A prepaid plan is paid once and renews nothing: no autoRenew, cancelWindow or manage, and its
    /// price is for the time it buys, never per period, in every catalog (the catalog's
    /// `prepaid.headline`, not `recurringPrice`).
    @Test func aPrepaidPlanIsPricedForTheTimeItBuys() throws {
        let prepaid = Product(price: Decimal(string: "12.99")!, currencyCode: "EUR", subscriptionPeriod: .months(1), billingPlan: .prepaid)
        for store in [Store.googlePlay, .appStore] {
            let text = try render(prepaid, "en-US", options: Self.disclosures(store: store, storefront: "DEU"))
            // What it buys is in the price; the order button is the label of a purchase paid once.
            #expect(roles(text.disclosures) == [.price, .orderButton], "\(store)")
            #expect(disclosed(.price, text.disclosures) == "1 month for €12.99")
            #expect(disclosed(.orderButton, text.disclosures) == "Order with obligation to pay")
        }
        let german = try render(prepaid, "de-DE", options: Self.disclosures(store: .googlePlay, storefront: "DEU"))
        #expect(disclosed(.price, german.disclosures) == german.billingPlan?.headline)
        for locale in GoldenLocales.all.map(\.locale) {
            let text = try render(prepaid, locale, options: Self.disclosures(store: .googlePlay, storefront: "DEU"))
            let price = try #require(disclosed(.price, text.disclosures), "\(locale)")
            #expect(price == text.billingPlan?.headline, "\(locale): \(price)")
            let monthly = try render(product("12.99", "EUR", period: .months(1)), locale)
            #expect(!price.contains(monthly.recurringPrice ?? "\u{0}"), "\(locale): \(price) reads as a recurring price")
        }
    }

    /// A commitment (the App Store's monthly plan with a 12-month commitment, a Google Play
    /// installment plan): its length is the commitment, its price the billed amount, its
    /// autoRenew the plan's terms (what it commits to and what follows), and its cancellation
    /// line says that canceling stops none of the payments, never the renewing plan's line.
    @Test(arguments: [Store.appStore, .googlePlay])
    func aCommitmentSaysCancelingDoesNotStopItsPayments(_ store: Store) throws {
        let options = Self.disclosures(store: store, storefront: "USA")
        let expectations: [(CommitmentRenewal.Name, String, String)] = [
            (.newCommitment, "after that, a new commitment of 12 payments begins unless you cancel before then.",
             "Canceling before the commitment ends stops the renewal that follows it."),
            (.regularPrice, "after that, €4.99/month until you cancel.", "Canceling before the commitment ends stops the renewal that follows it."),
            (.ends, "after that, the subscription ends.", "The subscription ends with the commitment."),
        ]
        for (renewal, follows, canceling) in expectations {
            let plan = GoldenCases.commitment(Decimal(string: "4.99")!, .months(1), payments: 12, renewal: renewal)
            let text = try render(plan, "en-US", options: options)
            #expect(roles(text.disclosures) == [.length, .price, .autoRenew, .cancelWindow, .manage], "\(renewal)")
            #expect(disclosed(.length, text.disclosures) == "Subscription length: 12 months")
            #expect(disclosed(.price, text.disclosures) == "€4.99/month")
            #expect(disclosed(.autoRenew, text.disclosures) == "You commit to 12 monthly payments of €4.99, €59.88 in total; " + follows)
            #expect(disclosed(.cancelWindow, text.disclosures)
                    == "You agree to make every payment of the commitment: canceling does not stop them. " + canceling)
        }
        // In every catalog: the commitment's own line, never the renewing plan's.
        let plan = GoldenCases.commitment(Decimal(string: "4.99")!, .months(1), payments: 12, renewal: .newCommitment)
        for locale in GoldenLocales.all.map(\.locale) {
            let committed = try disclosed(.cancelWindow, render(plan, locale, options: options).disclosures)
            let renewing = try disclosed(.cancelWindow, render(product("4.99", "EUR"), locale, options: options).disclosures)
            #expect(committed != nil && committed != renewing, "\(locale): \(committed ?? "none")")
        }
    }

    /// A paid introductory offer: the price is still the billed amount after it, and there is
    /// no trial to forfeit or convert.
    @Test func paidIntroductoryOffer() throws {
        let intro = Discount(paymentMode: .payAsYouGo, price: decimal("1.99"), subscriptionPeriod: .months(1), numberOfPeriods: 3)
        let text = try render(product("9.99", intro: intro), "en-US", options: disclosing)
        #expect(disclosed(.price, text.disclosures) == "$9.99/month")
        #expect(disclosed(.autoRenew, text.disclosures) == "After the offer, the subscription renews automatically at $9.99/month until canceled.")
        #expect(!roles(text.disclosures).contains(.trialConversion) && !roles(text.disclosures).contains(.trialForfeit))
    }

    /// A promotional offer that starts free: its own disclosures say what each later phase
    /// charges, in order; the product's (no introductory offer) have no trial.
    @Test func trialFollowedByPaidPhases() throws {
        let offer = Discount(identifier: "back", type: .promotional, phases: OfferPhase(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1)),
                             then: [OfferPhase(paymentMode: .payAsYouGo, price: decimal("1.99"), subscriptionPeriod: .months(1), numberOfPeriods: 3)])
        let text = try render(product("9.99", discounts: [offer]), "en-US", options: disclosing)
        #expect(disclosed(.trialConversion, text.offers[0].disclosures)
                == "The free trial lasts 1 week. When it ends, you will be charged $1.99/month for 3 months, then $9.99/month unless you cancel.")
        #expect(!roles(text.disclosures).contains(.trialConversion))
    }

    @Test func britishSpelling() throws {
        let text = try render(product("9.99", intro: trial), "en-GB", options: disclosing)
        #expect(disclosed(.cancelWindow, text.disclosures)?.contains("unless it is cancelled at least 24 hours") == true)
    }

    // MARK: - The storefront

    /// The order button's label is what EU law (and the EEA's and the UK's) asks for: shown
    /// for a storefront there, and nowhere else.
    @Test func orderButtonFollowsTheStorefront() throws {
        func hasOrderButton(_ locale: String, storefront: String?) throws -> Bool {
            let plan = try render(product("9.99", intro: trial), locale, options: Self.disclosures(storefront: storefront))
            let once = try render(product("99", period: nil), locale, options: Self.disclosures(storefront: storefront))
            #expect(roles(plan.disclosures).contains(.orderButton) == roles(once.disclosures).contains(.orderButton))
            return roles(plan.disclosures).contains(.orderButton)
        }
        for territory in ["DEU", "DE", "GBR", "FR", "IE", "NOR", "IS", "LI"] {
            #expect(try hasOrderButton("en-US", storefront: territory), "\(territory)")
        }
        for territory in ["USA", "CAN", "CH", "JP", "BR"] {
            #expect(try !hasOrderButton("de-DE", storefront: territory), "\(territory)")
        }
        // Without a storefront, the display locale's region, or its likely one.
        #expect(try hasOrderButton("de-DE", storefront: nil))
        #expect(try hasOrderButton("de", storefront: nil), "de is likely Germany")
        #expect(try hasOrderButton("en-GB", storefront: nil))
        #expect(try !hasOrderButton("en-US", storefront: nil))
        #expect(try !hasOrderButton("en-CA", storefront: nil))
        #expect(try !hasOrderButton("de-CH", storefront: nil))
        #expect(try !hasOrderButton("en", storefront: nil), "en is likely the United States")
        // A StoreKit 1 product's price locale names its storefront.
        let german = product("9.99").with { $0.currencyCode = nil; $0.priceLocale = "de_DE@currency=EUR" }
        #expect(roles(try render(german, "en-US", options: Self.disclosures(storefront: "USA")).disclosures).contains(.orderButton))
    }

    /// A document's territory wins over the option; results of two territories are two
    /// cache entries.
    @Test func documentTerritoryWinsAndIsPartOfTheCacheKey() throws {
        let cache = RenderCache()
        let renderer = PaywallRenderer(options: Self.disclosures(storefront: "DEU"), cache: cache)
        let checked = try CheckedProduct(product("9.99"))
        func item(_ territory: String) -> ImportedProduct {
            ImportedProduct(source: ProductSource(format: .appStoreConnect, store: .appStore, path: "", territory: territory), result: .success(checked))
        }
        let american = try renderer.render([item("USA")], locale: DisplayLocale("en-US"))[0].get()
        let german = try renderer.render([item("DEU")], locale: DisplayLocale("en-US"))[0].get()
        #expect(!roles(american.disclosures).contains(.orderButton))
        #expect(roles(german.disclosures).contains(.orderButton))
        #expect(cache.statistics.entries == 2)
    }

    @Test func anUnknownStorefrontIsRefused() {
        var options = RenderOptions()
        #expect(throws: PaywallTextError(.invalidValue, message: #"unknown territory "XQ"; expected an ISO 3166-1 code such as DE or DEU"#)) {
            try options.set(.storefront, .text("XQ"))
        }
        #expect(throws: PaywallTextError(.invalidValue, message: "must be a string, got a boolean")) {
            try options.set(.storefront, .flag(true))
        }
        #expect(throws: Never.self) { try options.set(.storefront, .text("deu")) }
        #expect(options.changes == "storefront deu")
        // Set directly, an unknown code is the render's error, not a fallback to the locale's region.
        #expect(renderError(product("9.99"), options: Self.disclosures(storefront: "XQ"))
                == PaywallTextError(.invalidValue, path: "storefront", message: #"unknown territory "XQ"; expected an ISO 3166-1 code such as DE or DEU"#))
    }

    // MARK: - The store

    /// Without the option, each product's disclosures follow its document's store, else the
    /// App Store; the option wins over the document.
    @Test func storeFromTheDocument() throws {
        let google = try StoreDocuments.read(Data(contentsOf: packageRoot.appendingPathComponent("Examples/googleplay.json")))
        let stripe = try StoreDocuments.read(Data(contentsOf: packageRoot.appendingPathComponent("Examples/stripe.json")))
        let results = PaywallRenderer(options: disclosing).render(google.items, locale: "en-US")
        #expect(try results.allSatisfy { try $0.get().store == .googlePlay })
        #expect(try PaywallRenderer(options: disclosing).render(stripe.items, locale: "en-US").allSatisfy { try $0.get().store == .appStore })
        let chosen = PaywallRenderer(options: RenderOptions(store: .appStore, include: .disclosures)).render(google.items, locale: "en-US")
        #expect(try chosen.allSatisfy { try $0.get().store == .appStore })
    }

    /// The same product from two stores' documents, with a cache: two entries, each with its store.
    @Test func documentStoresArePartOfTheCacheKey() throws {
        let cache = RenderCache()
        let renderer = PaywallRenderer(options: disclosing, cache: cache)
        let checked = try CheckedProduct(product("9.99"))
        func item(_ store: Store) -> ImportedProduct {
            ImportedProduct(source: ProductSource(format: .storeKit1, store: store, path: ""), result: .success(checked))
        }
        let apple = try renderer.render([item(.appStore)], locale: DisplayLocale("en-US"))[0].get()
        let google = try renderer.render([item(.googlePlay)], locale: DisplayLocale("en-US"))[0].get()
        #expect(apple.store == .appStore && google.store == .googlePlay)
        #expect(cache.statistics.entries == 2)
        // Without disclosures the store changes nothing, and the two share an entry.
        let plain = PaywallRenderer(cache: cache)
        _ = plain.render([item(.appStore)], locale: "en-US")
        _ = plain.render([item(.googlePlay)], locale: "en-US")
        #expect(cache.statistics.entries == 3)
    }

    /// `cancellationHint` is the former name of `store`: in the library, a request and the tool.
    @Test func cancellationHintIsTheFormerNameOfStore() throws {
        var options = RenderOptions()
        try options.set(.cancellationHint, .text("googlePlay"))
        #expect(options.store == .googlePlay)
        #expect(options.changes == "store googlePlay")
        let body = #"{"products":[],"options":{"store":"appStore","cancellationHint":"googlePlay"}}"#
        #expect(throws: PaywallTextError(.invalidValue, path: "options.cancellationHint", message: "is the former name of store; give store alone")) {
            try RenderRequest.decode(Data(body.utf8))
        }
        #expect(try RenderRequest.decode(Data(#"{"products":[],"options":{"store":"googlePlay","cancellationHint":"googlePlay"}}"#.utf8)).options.store == .googlePlay)
        #expect(throws: PaywallTextError(.invalidValue, path: "options.store", message: #"unknown store "amazon"; expected appStore or googlePlay"#)) {
            try RenderRequest.decode(Data(#"{"products":[],"options":{"store":"amazon"}}"#.utf8))
        }

        let input = packageRoot.appendingPathComponent("Examples/products.json").path
        let old = try runTool(["render", input, "--locale", "en-US", "--format", "json", "--cancellation-hint", "googlePlay"])
        let new = try runTool(["render", input, "--locale", "en-US", "--format", "json", "--store", "googlePlay"])
        #expect(old.status == 0 && old.stdout == new.stdout)
        #expect(old.stderr.contains("warning: --cancellation-hint is deprecated; use --store googlePlay"))
        let both = try runTool(["render", input, "--locale", "en-US", "--store", "appStore", "--cancellation-hint", "googlePlay"])
        #expect(both.status == 64 && both.stderr.contains("--cancellation-hint is the former name of --store"))
    }

    // MARK: - JSON and the tool

    /// `store` and `disclosures` follow `offers`; an offer's `disclosures` follow its `phases`.
    @Test func jsonOrder() throws {
        let result = try runTool(["render", packageRoot.appendingPathComponent("Examples/storekit2.json").path, "--locale", "en-US",
                                  "--format", "json", "--include", "disclosures"])
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(result.stdout.split(separator: "\n").first { $0.contains("com.example.pro.monthly") })
        let offers = try #require(line.range(of: #","offers":["#)), store = try #require(line.range(of: #"],"store":"appStore","disclosures":[{"role":"title","text":"Pro Monthly"}"#))
        #expect(offers.lowerBound < store.lowerBound)
        #expect(line.contains(#""phases":[{"paymentMode":"freeTrial","price":"Free","period":"1 week","duration":"1 week","headline":"Free for 1 week"}],"disclosures":[{"role":"title""#))
    }

    /// The text table and a snapshot file list the plan's disclosures, and an offer's only
    /// where they differ from the plan's (the introductory offer's are the plan's).
    @Test func tableAndSnapshot() throws {
        let input = packageRoot.appendingPathComponent("Examples/products.json").path
        let table = try runTool(["render", input, "--locale", "en-US", "--include", "disclosures", "--storefront", "DEU"])
        #expect(table.status == 0, "\(table.stderr)")
        let monthly = table.stdout.split(separator: "\n").filter { $0.contains("com.example.pro.monthly") && $0.contains("disclosure") }
        // The monthly plan's price locale is en_US: its storefront is the United States, whatever
        // --storefront says, and it has no order button; the annual plan names none, and takes DEU.
        #expect(monthly.count == 7 + 2, "7 of the plan, 2 of the welcome-back offer")
        #expect(monthly.contains { $0.contains("promotional welcome-back freeTrial disclosure trialConversion")
            && $0.hasSuffix("The free trial lasts 1 week. When it ends, you will be charged $1.99/month for 3 months, then $9.99/month unless you cancel.") })
        #expect(!monthly.contains { $0.contains("disclosure orderButton") })
        #expect(table.stdout.split(separator: "\n").contains {
            $0.contains("com.example.pro.annual") && $0.contains("disclosure orderButton (appStore)") && $0.hasSuffix("Subscribe with obligation to pay")
        })

        let folder = try TemporaryFolder("snapshots")
        let result = try runTool(["snapshot", input, "--locale", "en-US", "--snapshots", folder.path, "--record", "missing", "--include", "disclosures"])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOf: folder.appendingPathComponent("en-US.txt"), encoding: .utf8)
        #expect(text.contains("# Options: including disclosures\n"))
        #expect(text.contains("\ndisclosures (appStore):\n  length → Subscription length: 1 month\n  price → $9.99/month\n"))
        #expect(text.contains("  disclosure autoRenew → After the offer, the subscription renews automatically at $9.99/month until canceled.\n"))
    }

    // MARK: - Titles

    /// The name for a locale is the one ICU's LocaleMatcher finds closest, else the sentences'
    /// language's, else the name without a locale; with no name, no title.
    @Test func titleByLocale() throws {
        let named = product("9.99").with {
            $0.displayName = "Pro"
            $0.localizedDisplayNames = ["en-US": "Pro (US)", "en_GB": "Pro (GB)", "de": "Pro (de)", "zh-Hant": "Pro (Hant)", "zh-Hans": "Pro (Hans)"]
        }
        func title(_ locale: String) throws -> String? {
            disclosed(.title, try render(named, locale, options: disclosing).disclosures)
        }
        #expect(try title("en-US") == "Pro (US)")
        #expect(try title("en-GB") == "Pro (GB)")
        #expect(try title("en-AU") == "Pro (GB)", "CLDR puts Australian English nearer British English")
        // sw-KE has no catalog and no name of its own: its sentences are English as written in
        // Kenya (en_KE), which CLDR puts with British English.
        #expect(try title("sw-KE") == "Pro (GB)")
        // Other languages' disclosures wait for their catalogs' translations; the choice of name
        // is the same for them.
        var copy = named
        var problems = ProblemList()
        let names = try #require(DisplayNames.check(&copy, errors: &problems))
        #expect(names.name(display: "de_AT", sentence: "de_AT")?.name == "Pro (de)")
        #expect(names.name(display: "fr_FR", sentence: "fr_FR")?.name == "Pro", "no name near French: the one without a locale")
        let untranslated = product("9.99").with { $0.displayName = "Pro"; $0.localizedDisplayNames = ["de": "Pro (de)"] }
        #expect(disclosed(.title, try render(untranslated, "en-US", options: disclosing).disclosures) == "Pro")
        #expect(disclosed(.title, try render(product("9.99"), "en-US", options: disclosing).disclosures) == nil, "never made up")
    }

    @Test func scriptsMatchByLikelySubtags() throws {
        let named = product("9.99").with { $0.localizedDisplayNames = ["zh-Hant": "專業版", "zh-Hans": "专业版"] }
        var copy = named
        var problems = ProblemList()
        let names = try #require(DisplayNames.check(&copy, errors: &problems))
        #expect(names.name(display: "zh_TW", sentence: "zh_TW")?.name == "專業版")
        #expect(names.name(display: "zh_CN", sentence: "zh_CN")?.name == "专业版")
        // No name near Japanese and none without a locale: the first listing, in its own language.
        #expect(names.name(display: "ja_JP", sentence: "ja_JP")?.name == "专业版")
        #expect(names.name(display: "ja_JP", sentence: "ja_JP")?.locale == "zh_Hans")
    }

    /// A title listed in one language only (a Google Play subscription's listing in English)
    /// is every locale's title, never dropped where ICU finds the language too far: marked
    /// with its own language where it is not the sentences'.
    @Test func aTitleListedInOtherLanguagesOnlyIsShownInItsOwn() throws {
        let coaching = product("9.99").with { $0.localizedDisplayNames = ["en-US": "Coaching"] }
        let english = TextLanguage(tag: "en-US", direction: .leftToRight)
        for locale in ["hi-IN", "ta-IN", "ja-JP", "ar-SA", "zh-TW", "de-DE"] {
            let title = try render(coaching, locale, options: Self.disclosures(store: .googlePlay, storefront: "DEU")).disclosures?.first
            #expect(title == Disclosure(role: .title, text: "Coaching", language: english), "\(locale)")
        }
        let british = try render(coaching, "en-GB", options: disclosing).disclosures?.first
        #expect(british == Disclosure(role: .title, text: "Coaching"), "English sentences: the title is in their language")
        let item = ImportedProduct(source: ProductSource(format: .storeKit1, store: .googlePlay, path: ""), result: .success(try CheckedProduct(coaching)))
        let json = RenderEntry.entries(for: StoreDocument(items: [item]), locales: ["hi-IN"], renderer: PaywallRenderer(options: disclosing))[0].jsonText()
        #expect(json.contains(#"{"role":"title","text":"Coaching","lang":"en-US","dir":"ltr"}"#), "\(json)")
    }

    /// A name is echoed into output: an empty one, a control character or a key that is no
    /// locale is an error of the name, and the product is rendered without it.
    @Test func badNamesAreErrorsOfTheNameAlone() throws {
        let bad = product("9.99").with {
            $0.displayName = "Pro\u{7}"
            $0.localizedDisplayNames = ["not a locale": "Pro", "de": ""]
        }
        #expect(CheckedProduct.problems(of: bad).map(\.description) == [
            #"displayName: contains the control character U+0007: "Pro\u{7}""#,
            "localizedDisplayNames.de: must not be empty; leave the name out when there is none",
            #"localizedDisplayNames.not a locale: "not a locale" is not a locale identifier; expected a BCP 47 tag (en-US) or an ICU ID (en_US)"#,
        ])
        let document = try StoreDocuments.read(Data(#"[{"productIdentifier":"p","price":"9.99","currencyCode":"USD","displayName":"\u0007"}]"#.utf8))
        let item = try #require(document.items.first)
        #expect(item.errors.map(\.path) == ["[0].displayName"])
        let text = try PaywallRenderer(options: disclosing).render(document.items, locale: "en-US")[0].get()
        #expect(disclosed(.title, text.disclosures) == nil)
    }

    // MARK: - Titles in the stores' documents

    private func names(_ path: String) throws -> [(String?, [String: String]?)] {
        try StoreDocuments.read(Data(contentsOf: packageRoot.appendingPathComponent(path))).items.map { item in
            let product = try item.result.get().product
            return (product.displayName, product.localizedDisplayNames)
        }
    }

    @Test func titlesFromEachFormat() throws {
        #expect(try names("Examples/storekit2.json").map(\.0) == ["Pro Monthly", "Pro Annual"])
        #expect(try names("Examples/revenuecat.json").map(\.0).contains("Pro Annual"))
        // Google's name, not its title with the app's name after it.
        #expect(try Set(names("Examples/googleplay.json").map(\.0)) == ["Premium"])
        #expect(try Set(names("Examples/googleplay-inapp.json").map(\.0)) == ["Pro forever", "No ads"])
        #expect(try names("Examples/playconsole.json").allSatisfy { $0.1 == ["en-US": "Premium"] })
        #expect(try names("Examples/storekitconfig.storekit").contains { $0.1 == ["en_US": "Pro Monthly"] })
        #expect(try Set(names("Examples/stripe.json").map(\.0)).contains("Pro"))
        // StoreKit 2's jsonRepresentation: attributes.name.
        let json = #"{"attributes":{"kind":"Consumable","name":"Hints","offerName":"hints","offers":[{"currencyCode":"USD","price":"0.99"}]},"id":"1","type":"in-apps","href":"/v1"}"#
        #expect(try StoreDocuments.read(Data(json.utf8)).items[0].result.get().product.displayName == "Hints")
    }

    /// App Store Connect: the subscription's localizations (by relationship, or listed by the
    /// subscription); its own `name` is a reference name and is not read; a localization
    /// without a name is a warning of the document.
    @Test func appStoreConnectLocalizations() throws {
        let document = #"""
        {"data": [{"type": "subscriptionPrices", "id": "p-usa", "attributes": {"startDate": null},
                   "relationships": {"territory": {"data": {"type": "territories", "id": "USA"}},
                                     "subscriptionPricePoint": {"data": {"type": "subscriptionPricePoints", "id": "pp"}}}}],
         "included": [
           {"type": "territories", "id": "USA", "attributes": {"currency": "USD"}},
           {"type": "subscriptionPricePoints", "id": "pp", "attributes": {"customerPrice": "9.99"}},
           {"type": "subscriptions", "id": "6447", "attributes": {"name": "Internal reference", "productId": "pro.monthly", "subscriptionPeriod": "ONE_MONTH"},
            "relationships": {"subscriptionLocalizations": {"data": [{"type": "subscriptionLocalizations", "id": "l1"}]}}},
           {"type": "subscriptionLocalizations", "id": "l1", "attributes": {"locale": "en-US", "name": "Pro Monthly"}},
           {"type": "subscriptionLocalizations", "id": "l2", "attributes": {"locale": "de-DE", "name": "Pro Monatlich"},
            "relationships": {"subscription": {"data": {"type": "subscriptions", "id": "6447"}}}},
           {"type": "subscriptionLocalizations", "id": "l3", "attributes": {"locale": "fr-FR"}}],
         "links": {"self": "https://api.appstoreconnect.apple.com/v1/subscriptions/6447/prices"}}
        """#
        let read = try StoreDocuments.read(Data(document.utf8))
        let product = try read.items[0].result.get().product
        #expect(product.displayName == nil)
        #expect(product.localizedDisplayNames == ["en-US": "Pro Monthly", "de-DE": "Pro Monatlich"])
        #expect(read.problems.map(\.description) == ["warning: included[5]: is not read: a localization has a string locale and a string name"])
        let text = try PaywallRenderer(options: disclosing).render(read.items, locale: "en-US")[0].get()
        #expect(disclosed(.title, text.disclosures) == "Pro Monthly")
    }

    /// A name of the wrong kind is a warning with its path; the product is read and rendered.
    @Test func aNameOfTheWrongKindIsAWarning() throws {
        let json = #"{"identifier":"pro","price":9.99,"priceString":"$9.99","currencyCode":"USD","subscriptionPeriod":"P1M","title":42}"#
        let item = try #require(try StoreDocuments.read(Data(json.utf8)).items.first)
        #expect(item.errors.isEmpty)
        #expect(item.warnings.map(\.description) == ["title: is not read: a display name is a string, got a number"])
        #expect(try item.result.get().product.displayName == nil)
    }
}
