import Foundation
@testable import PaywallText
import Testing

/// `storekitconfig`: Xcode StoreKit configuration files, their storefront's currency, and what
/// they hold that is not read.
@Suite("StoreKit configuration files")
struct StoreKitConfigTests {
    static let example = URL(fileURLWithPath: "Examples/storekitconfig.storekit")

    /// A configuration file: the subscriptions of one group, then `extra` members.
    static func file(storefront: String? = "USA", subscriptions: [String], extra: String = "") -> Data {
        let settings = storefront.map { #"{"_storefront":"\#($0)","_developerTeamID":"TEAM-SECRET-7Q"}"# } ?? #"{"_developerTeamID":"TEAM-SECRET-7Q"}"#
        return Data(#"""
        {"identifier":"0A0B0C0D","nonRenewingSubscriptions":[],"products":[],"settings":\#(settings),
         "subscriptionGroups":[{"id":"1","localizations":[],"name":"pro","subscriptions":[\#(subscriptions.joined(separator: ","))]}],
         "version":{"major":3,"minor":0}\#(extra)}
        """#.utf8)
    }

    static func subscription(_ id: String = "com.example.monthly", price: String = "9.99", period: String = "P1M", offers: String = "") -> String {
        #"{"productID":"\#(id)","displayPrice":"\#(price)","recurringSubscriptionPeriod":"\#(period)","type":"RecurringSubscription","localizations":[{"displayName":"Monthly","description":"","locale":"en_US"}]\#(offers)}"#
    }

    static func read(_ data: Data, options: ReadOptions = ReadOptions()) throws -> StoreDocument {
        try StoreDocuments.read(data, format: .storeKitConfig, options: options)
    }

    /// The example file and the same products written by hand render the same strings.
    @Test func exampleRendersAsTheModelDoes() throws {
        let data = try Data(contentsOf: Self.example)
        #expect(try StoreDocuments.detectFormat(data) == .storeKitConfig)
        let document = try StoreDocuments.read(data)
        #expect(document.problems.isEmpty)
        #expect(document.items.allSatisfy { $0.errors.isEmpty && $0.warnings.isEmpty && $0.source.format == .storeKitConfig })
        let usd = { (id: String, price: String) in Product(productIdentifier: id, price: decimal(price), currencyCode: "USD") }
        StoreFormatTests().expectSameText(document.items, as: [
            ("USA", usd("com.example.pro.monthly", "9.99").with {
                $0.subscriptionPeriod = .months(1)
                $0.introductoryPrice = Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1))
                $0.discounts = [
                    Discount(identifier: "comeback_3m", type: .promotional, paymentMode: .payAsYouGo, price: decimal("4.99"),
                             subscriptionPeriod: .months(1), numberOfPeriods: 3),
                    // An offer code has no offerID: its reference name identifies it.
                    Discount(identifier: "SPRING3", type: .offerCode, paymentMode: .payUpFront, price: decimal("14.99"),
                             subscriptionPeriod: .months(3)),
                    // A free win-back offer leaves out its price and count.
                    Discount(identifier: "winback_free_2w", type: .winBack, paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(2)),
                ]
            }),
            ("USA", usd("com.example.pro.annual", "59.99").with {
                $0.subscriptionPeriod = .years(1)
                $0.introductoryPrice = Discount(paymentMode: .payUpFront, price: decimal("29.99"), subscriptionPeriod: .months(6))
            }),
            ("USA", usd("com.example.pro.season", "14.99")),
            ("USA", usd("com.example.pro.lifetime", "99.99")),
            ("USA", usd("com.example.hints.10", "0.99")),
        ])
    }

    /// The currency is the storefront's, from ICU's region and currency data.
    @Test(arguments: [("USA", "USD", "USA"), ("DEU", "EUR", "DEU"), ("JPN", "JPY", "JPN"), ("GBR", "GBP", "GBR"), ("CHE", "CHF", "CHE"),
                      ("US", "USD", "USA"), ("de", "EUR", "DEU"), ("840", "USD", "USA")])
    func theStorefrontGivesTheCurrency(_ code: String, _ currency: String, _ territory: String) throws {
        let storefront = try Storefronts.storefront(code, path: "settings._storefront")
        #expect(storefront.currency == currency)
        #expect(storefront.territory == territory)
        let price = currency == "JPY" ? "1200" : "9.99"
        let item = try #require(try Self.read(Self.file(storefront: code, subscriptions: [Self.subscription(price: price)])).items.first)
        #expect(try item.result.get().model.currency == currency)
        #expect(item.source.territory == territory)
    }

    /// Codes that name no territory, or one with no currency, are refused with the path.
    @Test(arguments: ["XYZ", "001", "150", "EU", "U$A", "", "UNITEDSTATES"])
    func whatIsNoStorefrontIsRefused(_ code: String) throws {
        let item = try #require(try Self.read(Self.file(storefront: code, subscriptions: [Self.subscription()])).items.first)
        let error = try #require(item.errors.first)
        #expect(error.path == "settings._storefront")
        #expect(error.message.contains("is not a territory ICU knows"))
    }

    /// Without a storefront, every product is refused asking for one; the options give it.
    @Test func aFileWithoutAStorefrontNeedsOne() throws {
        let data = Self.file(storefront: nil, subscriptions: [Self.subscription(), Self.subscription("com.example.annual", price: "59.99", period: "P1Y")])
        let document = try Self.read(data)
        #expect(document.items.count == 2)
        for item in document.items {
            #expect(item.errors.map(\.path) == ["settings._storefront"])
            #expect(item.errors.first?.message.contains("--storefront (USA) or --currency (USD)") == true)
        }
        let euros = try Self.read(data, options: ReadOptions(storefront: "FRA"))
        #expect(try euros.items.map { try $0.result.get().model.currency } == ["EUR", "EUR"])
        #expect(euros.items.map(\.source.territory) == ["FRA", "FRA"])
        let francs = try Self.read(data, options: ReadOptions(currency: "chf"))
        #expect(try francs.items.map { try $0.result.get().model.currency } == ["CHF", "CHF"])
        #expect(francs.items.map(\.source.territory) == [nil, nil])
        // `check` takes the same options as `render`.
        let text = String(decoding: data, as: UTF8.self)
        let refused = try runTool(["check", "-"], stdin: text)
        #expect(refused.status == 65 && refused.stdoutLines.allSatisfy { $0.hasPrefix("error ") }, "\(refused.stdout)")
        let checked = try runTool(["check", "-", "--storefront", "FRA"], stdin: text)
        #expect(checked.status == 0)
        #expect(checked.stdoutLines == ["ok       com.example.monthly (FRA)", "ok       com.example.annual (FRA)"])
        // The file's own storefront wins, and an option it makes useless is reported.
        let own = try Self.read(Self.file(subscriptions: [Self.subscription()]), options: ReadOptions(currency: "EUR"))
        #expect(try own.items[0].result.get().model.currency == "USD")
        #expect(own.problems.map(\.path) == ["settings._storefront"])
        #expect(own.problems.map(\.severity) == [.warning])
    }

    /// Options that disagree, or name nothing, are refused before anything is read.
    @Test func optionsAreChecked() throws {
        #expect(try ReadOptions().documentCurrency() == nil)
        #expect(try ReadOptions(storefront: "USA", currency: "usd").documentCurrency()?.currency == "USD")
        #expect(thrownError { try ReadOptions(storefront: "USA", currency: "EUR").documentCurrency() }?.path == "currency")
        #expect(thrownError { try ReadOptions(currency: "EURO").documentCurrency() }?.path == "currency")
        #expect(thrownError { try ReadOptions(storefront: "Atlantis").documentCurrency() }?.path == "storefront")
    }

    /// Every problem of a product is named; a bad offer is left out, the others kept.
    @Test func everyProblemIsNamedAndABadOfferIsLeftOut() throws {
        let offers = #","introductoryOffer":{"paymentMode":"free","subscriptionPeriod":"P1W"},"adHocOffers":[{"offerID":"a","paymentMode":"halfOff","subscriptionPeriod":"P1X","displayPrice":"1.99"},{"offerID":"b","paymentMode":"payAsYouGo","subscriptionPeriod":"P1M","numberOfPeriods":2,"displayPrice":"4.99"}],"codeOffers":[{"referenceName":"C","paymentMode":"payAsYouGo","subscriptionPeriod":"P1M","displayPrice":"1.99"}]"#
        let good = try #require(try Self.read(Self.file(subscriptions: [Self.subscription(offers: offers)])).items.first)
        let product = try good.result.get().product
        #expect(product.introductoryPrice?.paymentMode == .freeTrial)
        #expect(product.discounts?.map(\.identifier) == ["b"])
        #expect(good.errors.map(\.path) == [
            "subscriptionGroups[0].subscriptions[0].adHocOffers[0].paymentMode",
            "subscriptionGroups[0].subscriptions[0].adHocOffers[0].subscriptionPeriod",
            "subscriptionGroups[0].subscriptions[0].codeOffers[0].numberOfPeriods",
        ])
        // The product's own fields: each one at fault is named, and its offers' problems too.
        let bad = try #require(try Self.read(Self.file(subscriptions: [Self.subscription(price: "9,99", period: "monthly", offers: offers)])).items.first)
        #expect(throws: PaywallTextError.self) { try bad.result.get() }
        #expect(bad.errors.map(\.path) == [
            "subscriptionGroups[0].subscriptions[0].displayPrice",
            "subscriptionGroups[0].subscriptions[0].recurringSubscriptionPeriod",
            "subscriptionGroups[0].subscriptions[0].adHocOffers[0].paymentMode",
            "subscriptionGroups[0].subscriptions[0].adHocOffers[0].subscriptionPeriod",
            "subscriptionGroups[0].subscriptions[0].codeOffers[0].numberOfPeriods",
        ])
    }

    /// What the file holds and this reader does not read is reported with its path.
    @Test func whatIsNotReadIsReported() throws {
        let offers = #","introductoryOffers":[{"paymentMode":"free","subscriptionPeriod":"P1W"},{"paymentMode":"free","subscriptionPeriod":"P2W"}],"billingPlans":[{"billingPlanType":"BILLED_UPFRONT","displayPrice":"9.99"},{"billingPlanType":"MONTHLY","displayPrice":"0.99"},{"billingPlanType":"WEEKLY"}]"#
        let document = try Self.read(Self.file(subscriptions: [Self.subscription(offers: offers)],
                                               extra: #","advancedCommerceProducts":[{"productID":"x"}]"#))
        #expect(document.problems.map(\.path) == ["advancedCommerceProducts"])
        #expect(document.problems.allSatisfy { $0.severity == .warning && $0.error.kind == .unused })
        let item = try #require(document.items.first)
        #expect(try item.result.get().product.introductoryPrice?.subscriptionPeriod == .weeks(1))
        #expect(item.warnings.map(\.path) == [
            "subscriptionGroups[0].subscriptions[0].introductoryOffers[1]",
            "subscriptionGroups[0].subscriptions[0].billingPlans[2]",
        ])
        // The monthly plan with a 12-month commitment is a product of its own; Apple sells it on
        // one-year subscriptions (this one is monthly), and not in the United States (the file's storefront).
        let commitment = try #require(document.items.last)
        #expect(document.items.count == 2)
        #expect(try commitment.result.get().product.billingPlan?.type == .commitment)
        #expect(commitment.warnings.map(\.path) == ["subscriptionGroups[0].subscriptions[0].recurringSubscriptionPeriod",
                                                    "subscriptionGroups[0].subscriptions[0].billingPlans[1]"])
        // A group without subscriptions is a problem of the file; the others are read.
        let groups = try Self.read(Data(#"{"subscriptionGroups":[{"name":"empty"},{"subscriptions":[\#(Self.subscription())]}],"settings":{"_storefront":"USA"},"version":{"major":2,"minor":0}}"#.utf8))
        #expect(groups.problems.map(\.path) == ["subscriptionGroups[0].subscriptions"])
        #expect(groups.items.count == 1)
        // So is a list that is not one; the other lists are read.
        let lists = try Self.read(Self.file(subscriptions: [Self.subscription()]).replacing(Data(#""products":[]"#.utf8), with: Data(#""products":{}"#.utf8)))
        #expect(lists.problems.map(\.path) == ["products"])
        #expect(lists.problems.map(\.severity) == [.error])
        #expect(lists.items.map(\.source.productIdentifier) == ["com.example.monthly"])
    }

    /// No message quotes a setting other than the storefront: a file can hold a team's
    /// identifiers and keys.
    @Test func settingsAreNeverEchoed() throws {
        let secret = "TEAM-SECRET-7Q"
        let files = [
            Self.file(storefront: nil, subscriptions: [Self.subscription(price: "-1", period: "P0M")], extra: #","mystery":"x""#),
            Self.file(storefront: "Nowhere", subscriptions: [Self.subscription()]),
            Data(#"{"products":[{"productID":"p","displayPrice":"1","type":"Other"}],"settings":{"_storefront":"USA","_developerTeamID":"\#(secret)","_signingKey":"\#(secret)"},"version":{"major":9}}"#.utf8),
        ]
        for data in files {
            let document = try Self.read(data)
            let text = (document.items.flatMap { $0.errors.map(\.description) + $0.warnings.map(\.description) }
                + document.problems.map(\.description)).joined(separator: "\n")
            #expect(!text.isEmpty)
            #expect(!text.contains(secret), "\(text)")
        }
    }

    /// Format versions 2 to 5 are read, a later one with a warning; version 1 is refused.
    @Test func formatVersions() throws {
        func versioned(_ major: Int) -> Data {
            Data(#"{"products":[{"productID":"p","displayPrice":"1.99","type":"Consumable"}],"settings":{"_storefront":"USA"},"version":{"major":\#(major),"minor":0}}"#.utf8)
        }
        for major in 2...5 {
            let document = try Self.read(versioned(major))
            #expect(document.problems.isEmpty && document.items.count == 1)
        }
        #expect(try Self.read(versioned(6)).problems.map(\.path) == ["version.major"])
        #expect(thrownError { try Self.read(versioned(1)) }?.path == "version.major")
    }

    /// The command-line tool reads the example with its format detected, and takes `--storefront`.
    @Test func commandLine() throws {
        let detected = try runTool(["render", Self.example.path, "--format", "json", "--locale", "de-DE"])
        #expect(detected.status == 0, "\(detected.stderr)")
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(detected.stdout.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["recurringPrice"] as? String } == ["9,99\u{00A0}$/Monat", "59,99\u{00A0}$/Jahr", nil, nil, nil])
        let named = try runTool(["render", Self.example.path, "--input", "storekitconfig", "--format", "json", "--locale", "de-DE"])
        #expect(named.stdout == detected.stdout)
        let check = try runTool(["check", Self.example.path, "--strict"])
        #expect(check.status == 0)
        #expect(check.stdout.split(separator: "\n").count == 5 && check.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("ok ") })
        let noStorefront = String(decoding: Self.file(storefront: nil, subscriptions: [Self.subscription()]), as: UTF8.self)
        let refused = try runTool(["render", "-", "--format", "json", "--locale", "en-US"], stdin: noStorefront)
        #expect(refused.status == 65)
        #expect(refused.stdout.contains("give one with --storefront (USA) or --currency (USD)"))
        let given = try runTool(["render", "-", "--format", "json", "--locale", "en-US", "--storefront", "GBR"], stdin: noStorefront)
        #expect(given.status == 0)
        #expect(given.stdout.contains(#""recurringPrice":"£9.99/month""#))
        let wrong = try runTool(["render", "-", "--locale", "en-US", "--storefront", "Narnia"], stdin: noStorefront)
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains(#"--storefront Narnia: "Narnia" is not a territory ICU knows"#))
        // Read as another format, the file says what it is.
        let other = try runTool(["render", Self.example.path, "--input", "storekit2", "--locale", "en-US"])
        #expect(other.status == 64)
        #expect(other.stderr.contains("looks like an Xcode StoreKit configuration file (subscriptionGroups), which --input storekitconfig reads"))
    }

    /// Format 5 writes the introductory offer twice, in `introductoryOffer` and as
    /// `introductoryOffers[0]` with the same `internalID` (its keys in another order): the copy
    /// is not reported, so a clean file passes `check --strict`; a copy that differs is.
    @Test func formatFivesSecondCopyOfTheIntroductoryOfferIsNotReported() throws {
        let intro = #"{"internalID":"6F1A2B3C","paymentMode":"free","subscriptionPeriod":"P1W","numberOfPeriods":1}"#
        let copy = #"{"numberOfPeriods":1,"subscriptionPeriod":"P1W","paymentMode":"free","internalID":"6F1A2B3C"}"#
        func file(_ copy: String) -> Data {
            Self.file(subscriptions: [Self.subscription(offers: #","introductoryOffer":\#(intro),"introductoryOffers":[\#(copy)]"#)])
                .replacing(Data(#""major":3"#.utf8), with: Data(#""major":5"#.utf8))
        }
        let same = try #require(try Self.read(file(copy)).items.first)
        #expect(same.warnings.isEmpty && same.errors.isEmpty)
        #expect(try same.result.get().product.introductoryPrice?.subscriptionPeriod == .weeks(1))
        let longer = try #require(try Self.read(file(copy.replacingOccurrences(of: "P1W", with: "P2W"))).items.first)
        #expect(longer.warnings == [ProductWarning(path: "subscriptionGroups[0].subscriptions[0].introductoryOffers[0]", message:
            "is not read: a subscription has one introductory offer, subscriptionGroups[0].subscriptions[0].introductoryOffer, "
                + "and this copy of it differs in subscriptionPeriod")])
        #expect(try longer.result.get().product.introductoryPrice?.subscriptionPeriod == .weeks(1))
        let strict = try runTool(["check", "-", "--strict"], stdin: String(decoding: file(copy), as: UTF8.self))
        #expect(strict.status == 0, "\(strict.stdout)")
    }

    /// A key of a subscription that Xcode does not write is a warning, with the known spelling
    /// when one is close: a win-back offer under `winBackOffers` is not lost in silence.
    @Test func aMisspeltOfferListIsAWarningWithTheKnownSpelling() throws {
        let offer = #"{"offerID":"back","paymentMode":"payUpFront","displayPrice":"4.99","subscriptionPeriod":"P3M","numberOfPeriods":1}"#
        let item = try #require(try Self.read(Self.file(subscriptions: [Self.subscription(offers: #","winBackOffers":[\#(offer)],"notes":"x""#)])).items.first)
        #expect(try item.result.get().product.discounts == nil)
        #expect(item.warnings == [
            ProductWarning(path: "subscriptionGroups[0].subscriptions[0].winBackOffers", message:
                #"is not read: it is no member of a StoreKit configuration subscription; Xcode writes "winbackOffers""#),
            ProductWarning(path: "subscriptionGroups[0].subscriptions[0].notes", message:
                "is not read: it is no member of a StoreKit configuration subscription"),
        ])
        // Spelt as Xcode writes it, the offer is read.
        let read = try #require(try Self.read(Self.file(subscriptions: [Self.subscription(offers: #","winbackOffers":[\#(offer)]"#)])).items.first)
        #expect(try read.result.get().product.discounts?.map(\.identifier) == ["back"])
        #expect(read.warnings.isEmpty)
    }

    @Test func theKnownSpellingIsTheOneClosest() {
        let known = ["adHocOffers", "introductoryOffer", "introductoryOffers", "winbackOffers"]
        #expect(KeySpelling.closest(to: "WinbackOffers", among: known) == "winbackOffers")
        #expect(KeySpelling.closest(to: "adHocOffer", among: known) == "adHocOffers")
        #expect(KeySpelling.closest(to: "introductoryOfer", among: known) == "introductoryOffer")
        #expect(KeySpelling.closest(to: "notes", among: known) == nil)
        #expect(KeySpelling.closest(to: "x", among: ["y"]) == nil)
    }
}
