import Foundation
@testable import PaywallText
import Testing

/// `check --paywall` (PRODUCT §16): a paywall's description against the stores' rules; one
/// test or more per rule, the description's errors, and the tool's exit codes.
@Suite("Paywall checks")
struct PaywallCheckTests {
    /// A monthly plan with a one-week introductory free trial, and a yearly plan.
    private let products = #"""
    [{"productIdentifier": "monthly", "price": "9.99", "currencyCode": "USD", "subscriptionPeriod": {"unit": "month", "numberOfUnits": 1},
      "introductoryPrice": {"paymentMode": "freeTrial", "price": "0", "subscriptionPeriod": {"unit": "week", "numberOfUnits": 1}, "numberOfPeriods": 1}},
     {"productIdentifier": "annual", "price": "59.99", "currencyCode": "USD", "subscriptionPeriod": {"unit": "year", "numberOfUnits": 1},
      "discounts": [{"identifier": "trial", "type": "promotional", "paymentMode": "freeTrial", "price": "0",
                     "subscriptionPeriod": {"unit": "week", "numberOfUnits": 2}, "numberOfPeriods": 1}]}]
    """#

    /// Every role each store asks for, so that a test sees only the rule it is about.
    private let allRoles = #"["title", "length", "price", "autoRenew", "cancelWindow", "manage", "trialForfeit", "trialConversion"]"#

    private func description(store: String = "appStore", shows: [(String, String, Int)], disclosures: String? = nil,
                             extra: String = "") throws -> PaywallDescription {
        let list = shows.map { #"{"productIdentifier": "\#($0.0)", "field": "\#($0.1)", "prominence": \#($0.2)}"# }.joined(separator: ", ")
        let json = #"{"store": "\#(store)", "products": \#(products), "shows": [\#(list)], "disclosures": \#(disclosures ?? allRoles)\#(extra)}"#
        return try PaywallDescription(parsing: Data(json.utf8)) { (path) throws(PaywallTextError) -> Data in
            throw PaywallTextError(.invalidValue, path: "products", message: "no file \(path)")
        }
    }

    private func findings(store: String = "appStore", _ shows: [(String, String, Int)], disclosures: String? = nil,
                          extra: String = "") throws -> [PaywallFinding] {
        PaywallCheck.findings(try description(store: store, shows: shows, disclosures: disclosures, extra: extra))
    }

    private func summary(_ findings: [PaywallFinding]) -> [String] {
        findings.map { [$0.rule.rawValue, $0.productIdentifier ?? "-", $0.field ?? $0.role?.rawValue ?? "-"].joined(separator: " ") }
    }

    @Test func aCompliantPaywallHasNoFindings() throws {
        #expect(try findings([("annual", "recurringPrice", 1), ("annual", "pricePer.month.billed", 2), ("annual", "terms", 3),
                              ("monthly", "recurringPrice", 1), ("monthly", "offers[0].summary", 2)]).isEmpty)
    }

    // MARK: - A commitment shows what the buyer commits to

    /// A Google Play installment plan: 12 monthly payments of €4.99, then monthly renewals.
    private func commitmentFindings(_ shows: [(String, Int)], disclosures: String) throws -> [PaywallFinding] {
        let json = #"""
        {"store": "googlePlay", "disclosures": \#(disclosures),
         "products": [{"productIdentifier": "coaching", "price": "4.99", "currencyCode": "EUR", "subscriptionPeriod": {"unit": "month", "numberOfUnits": 1},
                       "billingPlan": {"type": "commitment", "numberOfPayments": 12, "renewal": "regularPrice"}}],
         "shows": [\#(shows.map { #"{"productIdentifier": "coaching", "field": "\#($0.0)", "prominence": \#($0.1)}"# }.joined(separator: ", "))]}
        """#
        return PaywallCheck.findings(try PaywallDescription(parsing: Data(json.utf8)) { (path) throws(PaywallTextError) -> Data in
            throw PaywallTextError(.invalidValue, path: "products", message: "no file \(path)")
        })
    }

    @Test func aCommitmentShowsItsTermAndTotal() throws {
        let roles = #"["title", "length", "price", "cancelWindow", "manage"]"#
        // The monthly price alone: the buyer does not see that twelve payments are due.
        let hidden = try commitmentFindings([("recurringPrice", 1)], disclosures: #"["title", "price", "cancelWindow", "manage"]"#)
        let finding = try #require(hidden.first { $0.rule == .commitmentTerms })
        #expect(finding.message == "the plan is a commitment, whose every payment is due even after canceling, but the paywall does not show "
                + "its term (how long, how many payments) or its total (billingPlan.summary, terms or the autoRenew disclosure say both)")
        #expect(finding.source.contains("still needs to complete the commitment period"))
        // The length disclosure names the term; the total is still missing.
        let termOnly = try commitmentFindings([("recurringPrice", 1), ("billingPlan.headline", 2)], disclosures: roles)
        #expect(termOnly.filter { $0.rule == .commitmentTerms }.map(\.message).first?.hasSuffix("does not show its total (billingPlan.summary, terms or the autoRenew disclosure say both)") == true)
        // The summary says both; so do the terms.
        #expect(try commitmentFindings([("recurringPrice", 1), ("billingPlan.summary", 2)], disclosures: roles).allSatisfy { $0.rule != .commitmentTerms })
        #expect(try commitmentFindings([("recurringPrice", 1), ("terms", 2)], disclosures: roles).allSatisfy { $0.rule != .commitmentTerms })
        #expect(try commitmentFindings([("recurringPrice", 1), ("billingPlan.total", 2)], disclosures: roles).allSatisfy { $0.rule != .commitmentTerms })
        // A plan that renews until canceled has no such finding, and no billingPlan fields.
        #expect(try findings([("monthly", "recurringPrice", 1), ("monthly", "offers[0].summary", 2)]).allSatisfy { $0.rule != .commitmentTerms })
        #expect(throws: PaywallTextError.self) { try self.findings([("monthly", "billingPlan.summary", 1)]) }
    }

    // MARK: - The billed amount is the most prominent price

    /// Google Play's example: a yearly plan shown mainly by its monthly price.
    @Test func annualByMonthlyPrice() throws {
        let found = try findings(store: "googlePlay", [("annual", "pricePer.month.recurringPrice", 1), ("annual", "recurringPrice", 2)])
        #expect(summary(found) == ["billedAmountMostProminent annual pricePer.month.recurringPrice"])
        #expect(found[0].message == "pricePer.month.recurringPrice (prominence 1) is more prominent than the billed amount, recurringPrice (prominence 2)")
        #expect(found[0].source.contains("Annual subscriptions that most prominently display their pricing in terms of monthly cost"))
        // Equal prominence is not more prominent.
        #expect(try findings(store: "googlePlay", [("annual", "pricePer.month.recurringPrice", 1), ("annual", "recurringPrice", 1)]).isEmpty)
        // The monthly price alone, without the billed amount beside it.
        let alone = try findings(store: "googlePlay", [("annual", "pricePer.month.price", 1)])
        #expect(summary(alone) == ["billedAmountMostProminent annual pricePer.month.price"])
    }

    /// App Review names free trial and introductory pricing too; Google Play's policy does not.
    @Test func trialPriceOutranksTheBilledAmount() throws {
        let shows = [("monthly", "offers[0].headline", 1), ("monthly", "recurringPrice", 2), ("monthly", "offers[0].summary", 3)]
        let apple = try findings(shows)
        #expect(summary(apple) == ["billedAmountMostProminent monthly offers[0].headline"])
        #expect(apple[0].source.contains("the billed amount is the most clear and conspicuous pricing element"))
        #expect(try findings(store: "googlePlay", shows).isEmpty)
    }

    /// The price per month of a monthly plan is its billed amount; a percentage is no price.
    @Test func whatCountsAsTheBilledAmount() throws {
        #expect(try findings([("monthly", "pricePer.month.price", 1), ("monthly", "offers[0].summary", 2)]).isEmpty)
        #expect(try findings([("annual", "savings.headline", 1), ("annual", "recurringPrice", 2), ("annual", "terms", 3)]).isEmpty)
        #expect(summary(try findings([("annual", "savings.amountHeadline", 1), ("annual", "recurringPrice", 2), ("annual", "terms", 3)]))
                == ["billedAmountMostProminent annual savings.amountHeadline"])
    }

    // MARK: - Renewal terms

    @Test func renewalTermsArePresent() throws {
        let roles = #"["title", "length", "price", "cancelWindow", "manage"]"#
        let found = try findings([("annual", "recurringPrice", 1)], disclosures: roles)
        #expect(summary(found) == ["renewalTerms annual autoRenew"])
        #expect(found[0].source.contains("Schedule 2 §3.8(b)"))
        #expect(try findings([("annual", "recurringPrice", 1), ("annual", "terms", 4)], disclosures: roles).isEmpty)
        #expect(try findings(store: "googlePlay", [("annual", "recurringPrice", 1)], disclosures: roles).map(\.source)
                == ["Google Play Developer Program Policy, Subscriptions: the automatic renewal terms"])
    }

    // MARK: - A trial says what follows it and when

    @Test func trialWithoutWhatFollows() throws {
        let roles = #"["title", "length", "price", "autoRenew", "cancelWindow", "manage", "trialForfeit"]"#
        let found = try findings([("monthly", "recurringPrice", 1), ("monthly", "offers[0].headline", 2)], disclosures: roles)
        #expect(summary(found) == ["trialStatesWhatFollows monthly offers[0].headline"])
        #expect(found[0].message.contains("does not say what is charged after it"))
        // The summary says both; the terms with the headline say both; terms alone do not say how long.
        #expect(try findings([("monthly", "recurringPrice", 1), ("monthly", "offers[0].summary", 2)], disclosures: roles).isEmpty)
        #expect(try findings([("monthly", "recurringPrice", 1), ("monthly", "offers[0].headline", 2), ("monthly", "offers[0].terms", 3)],
                             disclosures: roles).isEmpty)
        let termsOnly = try findings([("monthly", "recurringPrice", 1), ("monthly", "offers[0].terms", 3)], disclosures: roles)
        #expect(termsOnly.map(\.message).first?.contains("does not say how long it lasts") == true)
        // The disclosure says both.
        #expect(try findings([("monthly", "recurringPrice", 1), ("monthly", "offers[0].headline", 2)]).isEmpty)
    }

    /// On the App Store an introductory free trial applies unasked, so its disclosures are
    /// required even when the paywall does not mention it; a Google Play trial counts when shown.
    @Test func whichTrialsArePresented() throws {
        let roles = #"["title", "length", "price", "autoRenew", "cancelWindow", "manage"]"#
        #expect(summary(try findings([("monthly", "recurringPrice", 1)], disclosures: roles))
                == ["trialStatesWhatFollows monthly trialConversion", "requiredDisclosure - trialForfeit"])
        #expect(try findings(store: "googlePlay", [("monthly", "recurringPrice", 1)], disclosures: roles).isEmpty)
        // The yearly plan's promotional trial counts once a field of it is shown, in both stores.
        #expect(summary(try findings(store: "googlePlay", [("annual", "recurringPrice", 1), ("annual", "offers[0].duration", 2)], disclosures: roles))
                == ["trialStatesWhatFollows annual offers[0].duration"])
    }

    // MARK: - Required disclosures

    @Test func requiredDisclosuresPerStore() throws {
        // Nothing but the price: the App Store asks for its title, length (recurringPrice
        // says it), renewal terms, cancellation window and where to manage.
        let apple = try findings([("annual", "recurringPrice", 1)], disclosures: "[]")
        #expect(summary(apple) == ["renewalTerms annual autoRenew", "requiredDisclosure - title", "requiredDisclosure - cancelWindow",
                                   "requiredDisclosure - manage"])
        #expect(apple[3].source == "Apple Developer Program License Agreement, Schedule 2 §3.8(b): managed, and auto-renewal turned off, in the account settings")
        // Google Play: no title, no cancellation window; the bare price does not say the length.
        let google = try findings(store: "googlePlay", [("annual", "price", 1), ("annual", "terms", 2)], disclosures: "[]")
        #expect(summary(google) == ["requiredDisclosure annual length", "requiredDisclosure - manage"])
        #expect(google[0].source == "Google Play Developer Program Policy, Subscriptions: the frequency of the billing cycle")
    }

    @Test func orderButtonForEUConsumers() throws {
        let shows = [("annual", "recurringPrice", 1), ("annual", "terms", 2)]
        #expect(try findings(shows, extra: #", "euConsumers": false"#).isEmpty)
        let found = try findings(shows, extra: #", "euConsumers": true"#)
        #expect(summary(found) == ["orderButton - orderButton"])
        #expect(found[0].source.contains("Directive 2011/83/EU, Article 8(2)"))
        #expect(try findings(shows, disclosures: #"["title", "cancelWindow", "manage", "orderButton"]"#, extra: #", "euConsumers": true"#).isEmpty)
    }

    // MARK: - The fields a paywall names are the list's

    /// A product read from JSON and checked, as a description's products are.
    private static func checked(_ json: String) throws -> ValidatedProduct {
        try CheckedProduct(ProductDecoder.decodeProduct(Data(json.utf8))).model
    }

    /// Billed every 3 months (so that every unit has its `billed` line), with a paid
    /// introductory offer (whose phase has prices per unit).
    private static let quarterly = #"""
    {"productIdentifier": "q", "price": "29.99", "currencyCode": "USD", "subscriptionPeriod": {"unit": "month", "numberOfUnits": 3},
     "introductoryPrice": {"paymentMode": "payAsYouGo", "price": "9.99", "subscriptionPeriod": {"unit": "month", "numberOfUnits": 3}, "numberOfPeriods": 2}}
    """#

    /// A Google Play installment plan: 12 monthly payments.
    private static let commitment = #"""
    {"productIdentifier": "c", "price": "4.99", "currencyCode": "EUR", "subscriptionPeriod": {"unit": "month", "numberOfUnits": 1},
     "billingPlan": {"type": "commitment", "numberOfPayments": 12, "renewal": "regularPrice"}}
    """#

    /// Every field of the one list of a result's fields (and the result's identity) can be
    /// named, with the indices of an offer and a phase: the check's fields are the list's.
    @Test func everyFieldOfTheListCanBeNamed() throws {
        let quarterly = try Self.checked(Self.quarterly), commitment = try Self.checked(Self.commitment)
        for key in FieldSelection.validPaths + FieldSelection.identity.sorted() where !["offers", "offers.phases"].contains(key) {
            let path = key.replacingOccurrences(of: "offers.phases", with: "offers[0].phases[0]")
                .replacingOccurrences(of: #"^offers(?=\.|$)"#, with: "offers[0]", options: .regularExpression)
            if let error = thrownError({ try PaywallField(parsing: path, product: key.hasPrefix("billingPlan") ? commitment : quarterly) }) {
                Issue.record("\(path): \(error)")
            }
        }
    }

    /// Each field the check gives a meaning is a field of the list.
    @Test func theMeaningsNameFieldsOfTheList() {
        for key in PaywallField.meanings.keys.sorted() + PaywallField.subscriptionFields.sorted() where !FieldSelection.validPaths.contains(key) {
            Issue.record("\(key) has a meaning in the paywall check (PaywallField) but is no field of the list")
        }
    }

    /// A name that is no field lists the fields of the object it is in, as the list has them;
    /// an offer or a phase is named with its index.
    @Test func aMisspeltFieldListsTheFieldsOfItsObject() throws {
        let quarterly = try Self.checked(Self.quarterly)
        func message(_ path: String) -> String? {
            thrownError { try PaywallField(parsing: path, product: quarterly) }?.message
                .replacingOccurrences(of: "; fields are named as render's JSON names them (recurringPrice, pricePer.month.price, offers[0].summary)", with: "")
        }
        #expect(message("offers[0].discount.headlin") == #""offers[0].discount.headlin" is no field of offers[0].discount (percent, text, headline, amount, amountHeadline)"#)
        #expect(message("pricePer.month.prise") == #""pricePer.month.prise" is no field of pricePer.month (price, amount, recurringPrice, billed)"#)
        #expect(message("pricePer.mnth.price") == #""pricePer.mnth.price" is no field of pricePer (day, week, month, year)"#)
        #expect(message("offers.summary") == #""offers.summary" names an offer without its index (offers[0].summary)"#)
        #expect(message("offers[0].phases[0]") == #""offers[0].phases[0]" names an offer's phase, not one of its fields (paymentMode, price, period, duration, headline, discount, pricePer, spoken, parts, fieldLanguages)"#)
        #expect(message("price.text") == #""price.text" is no field: price has no fields"#)
        let product = try #require(message("prise"))
        #expect(product.hasPrefix(#""prise" is no field of a product (price, period, recurringPrice, "#) && product.contains(", offers, "))
    }

    /// A dated headline or summary says what its undated one says: the dated summary says what
    /// follows the trial and when.
    @Test func aDatedSummarySaysWhatFollowsTheTrial() throws {
        #expect(summary(try findings([("monthly", "recurringPrice", 1), ("monthly", "offers[0].summary", 2)], disclosures: #"["title", "length", "price", "autoRenew", "cancelWindow", "manage", "trialForfeit"]"#)).isEmpty)
        #expect(summary(try findings([("monthly", "recurringPrice", 1), ("monthly", "offers[0].datedSummary", 2)], disclosures: #"["title", "length", "price", "autoRenew", "cancelWindow", "manage", "trialForfeit"]"#)).isEmpty)
        #expect(summary(try findings([("monthly", "recurringPrice", 1), ("monthly", "offers[0].regularPrice", 2)], disclosures: #"["title", "length", "price", "autoRenew", "cancelWindow", "manage", "trialForfeit"]"#))
                == ["trialStatesWhatFollows monthly offers[0].regularPrice"])
    }

    // MARK: - Descriptions that cannot be read

    @Test func badDescriptionsNameTheField() throws {
        func error(_ json: String) -> PaywallTextError? {
            thrownError { try PaywallDescription(parsing: Data(json.utf8)) { (path) throws(PaywallTextError) -> Data in
                throw PaywallTextError(.invalidValue, path: "products", message: "no file \(path)")
            } }
        }
        let products = self.products
        func shows(_ show: String, extra: String = "") -> String { #"{"products": \#(products), "shows": [\#(show)]\#(extra)}"# }
        #expect(error(shows(#"{"productIdentifier": "weekly", "field": "price", "prominence": 1}"#))?.description
                == #"shows[0].productIdentifier: no product of products has the identifier "weekly"; they are "annual" or "monthly""#)
        #expect(error(shows(#"{"productIdentifier": "annual", "field": "offers[1].summary", "prominence": 1}"#))?.path == "shows[0].field")
        #expect(error(shows(#"{"productIdentifier": "monthly", "field": "pricePer.month.billed", "prominence": 1}"#))?.description
                == #"shows[0].field: "pricePer.month.billed" is absent: the plan is billed every 1 month, so its price per month is the billed amount; fields are named as render's JSON names them (recurringPrice, pricePer.month.price, offers[0].summary)"#)
        #expect(error(shows(#"{"productIdentifier": "annual", "field": "headline", "prominence": 1}"#))?.path == "shows[0].field")
        #expect(error(shows(#"{"productIdentifier": "annual", "field": "price", "prominence": 0}"#))?.description
                == "shows[0].prominence: must be at least 1 (the most prominent), got 0")
        #expect(error(shows(#"{"productIdentifier": "annual", "field": "price", "prominence": 1}"#, extra: #", "disclosures": ["price", "fineprint"]"#))?.path
                == "disclosures[1]")
        #expect(error(shows(#"{"productIdentifier": "annual", "field": "price", "prominence": 1}"#, extra: #", "store": "amazon""#))?.description
                == #"store: unknown store "amazon"; expected appStore or googlePlay"#)
        #expect(error(shows(#"{"productIdentifier": "annual", "field": "price", "prominence": 1}"#, extra: #", "layout": {}"#))?.path == "layout")
        #expect(error(#"{"products": \#(products), "shows": []}"#)?.description == "shows: must name at least one field the paywall shows")
        #expect(error(#"{"products": "elsewhere.json", "shows": []}"#)?.description == "products: no file elsewhere.json")
        #expect(error(#"{"products": {"price": "-1", "currencyCode": "USD"}, "shows": [{"productIdentifier": "x", "field": "price", "prominence": 1}]}"#)?.path
                == "shows[0].productIdentifier")
    }

    /// The store defaults to the products' store: a Google Play document is checked by Google Play's rules.
    @Test func storeFromTheProducts() throws {
        let json = #"{"products": "googleplay.json", "shows": [{"productIdentifier": "premium:monthly", "field": "recurringPrice", "prominence": 1}]}"#
        let paywall = try PaywallDescription(parsing: Data(json.utf8)) { (path) throws(PaywallTextError) -> Data in
            guard let data = try? Data(contentsOf: packageRoot.appendingPathComponent("Examples/\(path)")) else {
                throw PaywallTextError(.invalidValue, path: "products", message: "no file")
            }
            return data
        }
        #expect(paywall.store == .googlePlay)
    }

    // MARK: - The tool

    /// The three example descriptions of Examples/, with their exit codes.
    @Test func examples() throws {
        let compliant = try runTool(["check", "--paywall", packageRoot.appendingPathComponent("Examples/paywall-compliant.json").path])
        #expect(compliant.status == 0, "\(compliant.stdout)\(compliant.stderr)")
        #expect(compliant.stdout.hasPrefix("ok "))

        let annual = try runTool(["check", "--paywall", packageRoot.appendingPathComponent("Examples/paywall-annual-by-month.json").path])
        #expect(annual.status == 1)
        #expect(annual.stdout.contains("finding  billedAmountMostProminent  com.example.pro.annual · pricePer.month.recurringPrice: "))

        let trial = try runTool(["check", "--paywall", packageRoot.appendingPathComponent("Examples/paywall-trial-without-terms.json").path,
                                 "--format", "json"])
        #expect(trial.status == 1)
        #expect(trial.stdout.contains(#"{"rule":"trialStatesWhatFollows","productIdentifier":"com.example.pro.monthly","field":"offers[0].headline","role":"trialConversion","#))
    }

    @Test func exitCodesForBadInput() throws {
        let folder = try TemporaryFolder("paywalls")
        let missingProducts = folder.appendingPathComponent("a.json")
        try Data(#"{"products": "absent.json", "shows": []}"#.utf8).write(to: missingProducts)
        #expect(try runTool(["check", "--paywall", missingProducts.path]).status == 66)
        #expect(try runTool(["check", "--paywall", folder.appendingPathComponent("none.json").path]).status == 66)
        let bad = folder.appendingPathComponent("b.json")
        try Data(#"{"products": [{"productIdentifier": "p", "price": "1", "currencyCode": "USD"}], "shows": [{"productIdentifier": "p", "field": "terms", "prominence": 1}]}"#.utf8).write(to: bad)
        let result = try runTool(["check", "--paywall", bad.path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("shows[0].field: \"terms\" is a field of a subscription; the product is a one-time purchase"))
        #expect(try runTool(["check", "products.json", "--paywall", bad.path]).status == 64)
    }

    /// Every typo of a paywall's description in one run, in the description's order.
    @Test func checkPaywallReportsEveryErrorAtOnce() throws {
        let folder = try TemporaryFolder("paywall")
        let file = folder.appendingPathComponent("paywall.json")
        try Data("""
            {"store": "appStor", "products": "\(packageRoot.path)/Examples/products.json", "layout": 1,
             "shows": [{"productIdentifier": "com.example.pro.monthy", "field": "price", "prominence": 1},
                       {"productIdentifier": "com.example.pro.annual", "field": "prise", "prominence": 0}],
             "disclosures": ["title", "lenght"]}
            """.utf8).write(to: file)
        let result = try runTool(["check", "--paywall", file.path])
        #expect(result.status == 65)
        let lines = result.stderr.split(separator: "\n").map { $0.replacingOccurrences(of: file.path, with: "FILE") }
        #expect(lines.count == 6)
        #expect(lines.map { String($0.dropFirst("error: FILE: ".count).prefix { $0 != ":" }) }
                == ["layout", "store", "disclosures[1]", "shows[0].productIdentifier", "shows[1].field", "shows[1].prominence"])
        #expect(lines.allSatisfy { $0.hasPrefix("error: FILE: ") })

        // The library's own reading: the errors together, and no description to check.
        let read = PaywallDescription.read(try Data(contentsOf: file)) { (path) throws(PaywallTextError) -> Data in
            guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else {
                throw PaywallTextError(.invalidValue, path: "products", message: "no file")
            }
            return data
        }
        #expect(read.description == nil)
        #expect(read.errors.map(\.path) == ["layout", "store", "disclosures[1]", "shows[0].productIdentifier", "shows[1].field", "shows[1].prominence"])
    }
}
