import Foundation
@testable import PaywallText
import Testing

/// Google Play documents that are partly wrong, or hold parts that join nothing: every
/// problem is named with its path, a bad offer leaves its base plan and the other offers
/// rendered, and nothing is left out without a word (PRODUCT §12a).
@Suite("Google documents")
struct GoogleDocumentTests {
    private func read(_ json: String, as format: InputFormat) throws -> StoreDocument {
        try StoreDocuments.read(Data(json.utf8), format: format)
    }

    /// A phase of the Billing Library's raw JSON.
    private func phase(_ micros: String, _ period: String, mode: String = "2", cycles: Int = 1, currency: String = "USD") -> String {
        #"{"priceAmountMicros":\#(micros),"priceCurrencyCode":"\#(currency)","billingPeriod":"\#(period)","recurrenceMode":\#(mode),"billingCycleCount":\#(cycles)}"#
    }

    private func entry(_ basePlan: String, offer: String?, _ phases: [String]) -> String {
        let id = offer.map { #""offerId":"\#($0)","# } ?? ""
        return #"{"basePlanId":"\#(basePlan)",\#(id)"pricingPhases":[\#(phases.joined(separator: ","))]}"#
    }

    private var monthly: String { phase("9990000", "P1M", mode: "1", cycles: 0) }

    private func details(_ entries: [String]) -> String {
        #"{"productId":"pro","productType":"subs","subscriptionOfferDetails":[\#(entries.joined(separator: ","))]}"#
    }

    @Test func everyBadOfferIsNamedAndLeftOutWhileTheBasePlanAndTheGoodOfferRender() throws {
        let document = try read(details([
            entry("monthly", offer: nil, [monthly]),
            entry("monthly", offer: "enum", [phase("4990000", "P1M", mode: "4"), monthly]),
            entry("monthly", offer: "micros", [phase("4995000", "P1M"), monthly]),
            entry("monthly", offer: "period", [phase("0", "P1MONTH"), monthly]),
            entry("monthly", offer: "good", [phase("0", "P1W"), monthly]),
        ]), as: .googlePlay)
        let item = try #require(document.items.first)
        #expect(document.items.count == 1)
        let product = try item.result.get().product
        #expect(product.price == decimal("9.99"))
        #expect(product.discounts?.map(\.identifier) == ["good"])
        #expect(item.errors.map(\.description) == [
            #"subscriptionOfferDetails[1].pricingPhases[0].recurrenceMode: unknown recurrenceMode "4"; expected 1, 2, 3, INFINITE_RECURRING, FINITE_RECURRING or NON_RECURRING"#,
            "subscriptionOfferDetails[2].pricingPhases[0].priceAmountMicros: 4995000 micros is 4.995 USD, with 3 decimal places; USD has 2",
            #"subscriptionOfferDetails[3].pricingPhases[0].billingPeriod: must be an ISO 8601 duration of years and months, or of weeks and days, such as "P1W", "P3D", "P1M", "P1Y" or "P4W2D" (30 days), got "P1MONTH""#,
        ])
        #expect(document.hasErrors)
    }

    /// Several problems of one phase are each named.
    @Test func everyProblemOfOnePhaseIsNamed() throws {
        let document = try read(details([
            entry("monthly", offer: nil, [monthly]),
            entry("monthly", offer: "bad", [phase("\"x\"", "P1MONTH", mode: "9"), monthly]),
        ]), as: .googlePlay)
        let item = try #require(document.items.first)
        #expect(try item.result.get().product.discounts == nil)
        #expect(item.errors.map(\.path) == ["priceAmountMicros", "billingPeriod", "recurrenceMode"].map {
            "subscriptionOfferDetails[1].pricingPhases[0].\($0)"
        })
    }

    /// A finite phase says how many periods it lasts: without `billingCycleCount` it is named
    /// as required, never read as 0 ("got 0").
    @Test func aFinitePhaseWithoutItsCycleCountIsRequiredNotZero() throws {
        let finite = #"{"priceAmountMicros":4990000,"priceCurrencyCode":"USD","billingPeriod":"P1M","recurrenceMode":2}"#
        let document = try read(details([entry("monthly", offer: nil, [monthly]), entry("monthly", offer: "intro", [finite, monthly])]), as: .googlePlay)
        let item = try #require(document.items.first)
        #expect(try item.result.get().product.discounts == nil)
        #expect(item.errors.map(\.description) == [
            "subscriptionOfferDetails[1].pricingPhases[0].billingCycleCount: is required for a finite phase (recurrenceMode 2): how many billing periods it lasts",
        ])
    }

    /// A fragment without its ids is refused, with an error for each.
    @Test func aFragmentWithoutItsIdsNamesEachMissingField() throws {
        let json = #"{"subscriptionOfferDetails":[{"pricingPhases":[\#(phase("86290000", "P1Y", currency: "EUR")),\#(phase("95880000", "P1Y", mode: "1", cycles: 0, currency: "EUR"))]}]}"#
        let document = try read(json, as: .googlePlay)
        let item = try #require(document.items.first)
        #expect(document.items.count == 1)
        #expect(throws: PaywallTextError(.invalidValue, path: "productId", message: "is required")) { try item.result.get() }
        #expect(item.errors.map(\.description) == ["productId: is required", "subscriptionOfferDetails[0].basePlanId: is required"])
    }

    /// The first phase of a base plan's own entry (no `offerId`) is read, never dropped: it is
    /// what the base plan charges first.
    @Test func theBasePlansOwnPhasesBeforeItsPriceAreItsIntroductoryPrice() throws {
        let json = details([entry("yearly", offer: nil, [phase("86290000", "P1Y", currency: "EUR"),
                                                         phase("95880000", "P1Y", mode: "1", cycles: 0, currency: "EUR")])])
        let product = try #require(try read(json, as: .googlePlay).items.first).result.get().product
        #expect(product.price == decimal("95.88"))
        #expect(product.introductoryPrice == Discount(type: .introductory, paymentMode: .payUpFront, price: decimal("86.29"),
                                                      subscriptionPeriod: .years(1)))
        let rendered = try PaywallRenderer().render(product, locale: "en-US")
        #expect(rendered.offers.first?.summary == "One payment of €86.29 for the first year, then €95.88/year")
    }

    @Test func aSecondEntryWithoutOfferIdIsAnError() throws {
        let document = try read(details([
            entry("monthly", offer: nil, [monthly]),
            entry("monthly", offer: nil, [phase("0", "P1W"), monthly]),
        ]), as: .googlePlay)
        let item = try #require(document.items.first)
        #expect(try item.result.get().product.price == decimal("9.99"))
        #expect(item.errors.map(\.path) == ["subscriptionOfferDetails[1]"])
        #expect(item.errors.first?.message.hasPrefix(#"is a second entry without offerId for base plan "monthly", after subscriptionOfferDetails[0]"#) == true)
    }

    @Test func anOfferWithNothingBeforeTheRegularPriceIsAWarning() throws {
        let item = try #require(try read(details([entry("monthly", offer: nil, [monthly]), entry("monthly", offer: "same", [monthly])]),
                                         as: .googlePlay).items.first)
        #expect(try item.result.get().product.discounts == nil)
        #expect(item.errors.isEmpty)
        #expect(item.warnings.map(\.path) == ["subscriptionOfferDetails[1]"])
        #expect(item.warnings.first?.message.hasPrefix("is not shown: the offer has no phase before the regular price") == true)
    }

    @Test func anOfferThatEndsAtAnotherPriceThanItsBasePlanIsAnError() throws {
        let item = try #require(try read(details([
            entry("monthly", offer: nil, [monthly]),
            entry("monthly", offer: "cheaper", [phase("0", "P1W"), phase("8990000", "P1M", mode: "1", cycles: 0)]),
        ]), as: .googlePlay).items.first)
        #expect(try item.result.get().product.discounts == nil)
        #expect(item.errors.map(\.path) == ["subscriptionOfferDetails[1].pricingPhases[1]"])
        #expect(item.errors.first?.message.hasPrefix("the offer's last phase is the base plan's regular price, 9.99 USD every 1 month") == true)
    }

    /// A placeholder period and a last phase that does not recur are both named.
    @Test func aRegularPhaseAtFaultNamesEachProblem() throws {
        let item = try #require(try read(details([entry("b", offer: "o", [phase("100000000", "billingPeriod", cycles: 4)])]),
                                         as: .googlePlay).items.first)
        #expect(item.errors.map(\.path) == ["subscriptionOfferDetails[0].pricingPhases[0].billingPeriod",
                                            "subscriptionOfferDetails[0].pricingPhases[0].recurrenceMode"])
        #expect(item.errors.last?.message.hasPrefix("the last phase is the regular price and recurs until cancelled") == true)
    }

    /// A base plan billed every 30 days renders, with a warning: Google offers no such period.
    @Test(arguments: [(InputFormat.googlePlay, "subscriptionOfferDetails[0].pricingPhases[0].billingPeriod"),
                      (.playConsole, "basePlans[0].autoRenewingBasePlanType.billingPeriodDuration")])
    func aBasePlanPeriodGoogleDoesNotOfferIsAWarning(_ format: InputFormat, _ path: String) throws {
        let json = format == .googlePlay
            ? details([entry("b", offer: nil, [phase("9990000", "P4W2D", mode: "1", cycles: 0)])])
            : #"{"productId":"pro","basePlans":[{"basePlanId":"b","autoRenewingBasePlanType":{"billingPeriodDuration":"P4W2D"},"regionalConfigs":[{"regionCode":"US","price":{"currencyCode":"USD","units":"9","nanos":990000000}}]}]}"#
        let item = try #require(try read(json, as: format).items.first)
        #expect(try item.result.get().product.subscriptionPeriod == .days(30))
        #expect(item.warnings == [ProductWarning(path: path, message:
            #""P4W2D" (30 days) is not a billing period Google Play offers for a base plan (P1W, P4W, P1M, P2M, P3M, P4M, P6M, P8M or P1Y); the text shows it as it is"#)])
    }

    @Test(arguments: ["P1W", "P4W", "P1M", "P2M", "P3M", "P4M", "P6M", "P8M", "P1Y", "P12M"])
    func theBasePlanPeriodsGoogleOffersAreNotWarnedAbout(_ period: String) throws {
        let item = try #require(try read(details([entry("b", offer: nil, [phase("9990000", period, mode: "1", cycles: 0)])]),
                                         as: .googlePlay).items.first)
        #expect(item.warnings.isEmpty)
    }

    /// A part of a document on its own is detected as its format and refused with what it is
    /// and what the whole is.
    @Test(arguments: [
        (#"{"basePlanId":"m","offerIdToken":"t","pricingPhases":[]}"#, InputFormat.googlePlay,
         "is one entry of a Play Billing ProductDetails' subscriptionOfferDetails (pricingPhases), not a whole ProductDetails"),
        (#"{"priceAmountMicros":9990000,"priceCurrencyCode":"USD","billingPeriod":"P1M","recurrenceMode":1}"#, .googlePlay,
         "is one pricing phase of a Play Billing ProductDetails (priceAmountMicros and billingPeriod), not a whole ProductDetails"),
        (#"{"priceAmountMicros":4990000,"priceCurrencyCode":"USD","formattedPrice":"$4.99"}"#, .googlePlay,
         "is the oneTimePurchaseOfferDetails of a Play Billing ProductDetails (priceAmountMicros), not a whole ProductDetails"),
        (#"{"basePlanId":"m","autoRenewingBasePlanType":{"billingPeriodDuration":"P1M"},"regionalConfigs":[]}"#, .playConsole,
         "is one base plan of an Android Publisher API subscription (basePlanId and autoRenewingBasePlanType), not a whole subscription"),
    ])
    func aPartOfADocumentIsRefusedWithWhatItIs(_ json: String, _ format: InputFormat, _ message: String) throws {
        #expect(try StoreDocuments.detectFormat(Data(json.utf8)) == format)
        do {
            let item = try #require(try StoreDocuments.read(Data(json.utf8)).items.first)
            guard case .failure(let error) = item.result else { Issue.record("read as a product"); return }
            #expect(error.message.hasPrefix(message), "\(error.message)")
        } catch let error as PaywallTextError {
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
    }

    // MARK: - Play Console

    private let subscription = #"""
    {"productId":"pro","basePlans":[{"basePlanId":"monthly","autoRenewingBasePlanType":{"billingPeriodDuration":"P1M"},
      "regionalConfigs":[{"regionCode":"US","price":{"currencyCode":"USD","units":"9","nanos":990000000}}]}]}
    """#

    private func playOffer(_ ids: String, region: String = "US", phase: String = #""free":{}"#) -> String {
        #"{\#(ids)"phases":[{"duration":"P1W","recurrenceCount":1,"regionalConfigs":[{"regionCode":"\#(region)",\#(phase)}]}]}"#
    }

    /// Offer bodies without their ids, as a request body for offers.create is written: each is
    /// an error of the document with its index and path; the subscription renders.
    @Test func offersWithoutIdsAreReportedWithTheirPaths() throws {
        let json = "[\(subscription), \(playOffer("")), \(playOffer(#""productId":"pro","#))]"
        #expect(try StoreDocuments.detectFormat(Data(json.utf8)) == .playConsole)
        let document = try read(json, as: .playConsole)
        #expect(try document.items.map { try $0.result.get().product.price } == [decimal("9.99")])
        #expect(document.problems.map(\.index) == [2, 3])
        #expect(document.problems.map(\.path) == ["[1]", "[2]"])
        #expect(document.problems.map(\.severity) == [.error, .error])
        #expect(document.problems[0].error.message.hasPrefix("has no productId and no basePlanId, so it cannot be joined to its base plan"))
        #expect(document.problems[1].error.message.hasPrefix("has no basePlanId, so it cannot be joined"))
    }

    /// What joins nothing is a warning with its path: a member that is no resource, an offer of
    /// a base plan not in the documents, an offer's region without a base plan price.
    @Test func partsThatJoinNothingAreWarnings() throws {
        let offers = #"{"subscriptionOffers":[\#(playOffer(#""productId":"pro","basePlanId":"yearly","offerId":"a","#)),"#
            + #"{"productId":"pro","basePlanId":"monthly","offerId":"b","regionalConfigs":[{"regionCode":"US"},{"regionCode":"FR"}],"#
            + #""phases":[{"duration":"P1W","recurrenceCount":1,"regionalConfigs":[{"regionCode":"US","free":{}},{"regionCode":"FR","free":{}}]}]}]}"#
        let document = try read(#"[\#(subscription), {"foo":1}, \#(offers)]"#, as: .playConsole)
        #expect(try document.items.map { try $0.result.get().product.discounts?.map(\.identifier) } == [["b"]])
        #expect(!document.hasErrors)
        #expect(document.problems.map(\.severity) == [.warning, .warning, .warning])
        #expect(document.problems.map(\.error.kind) == [.unused, .unused, .unused])
        #expect(document.problems.map(\.index) == [2, 3, 3])
        #expect(document.problems.map(\.path) == ["[1]", "[2].subscriptionOffers[0]", "[2].subscriptionOffers[1].regionalConfigs[1]"])
        #expect(document.problems[0].error.message.hasSuffix(#"but an object with keys "foo""#))
        #expect(document.problems[1].error.message.hasPrefix(#"is not read: its base plan, "yearly" of "pro", is not in the documents"#))
        #expect(document.problems[2].error.message.hasPrefix(#"is not read: the base plan has no price in region "FR""#))
    }

    /// Each region is its own product: a region at fault does not take the others down, and
    /// every problem of an offer is named while its base plan renders.
    @Test func aBadRegionAndABadOfferLeaveTheRestRendered() throws {
        let json = #"""
        [{"productId":"pro","basePlans":[{"basePlanId":"monthly","autoRenewingBasePlanType":{"billingPeriodDuration":"P1M"},
           "regionalConfigs":[{"regionCode":"AE","price":{"currencyCode":"AED","units":"22","nanos":935000000}},
                              {"regionCode":"ZM","price":{"units":"4","nanos":660000000}},
                              {"regionCode":"ZW","price":{"currencyCode":"USD","units":"4","nanos":660000000}}]}]},
         {"productId":"pro","basePlanId":"monthly","phases":[{"duration":"P1MONTH","recurrenceCount":1,"regionalConfigs":[{"regionCode":"AE","free":{}}]}]}]
        """#
        let document = try read(json, as: .playConsole)
        #expect(document.items.map(\.source.territory) == ["AE", "ZM", "ZW"])
        #expect(document.items[0].errors.map(\.path) == ["[0].basePlans[0].regionalConfigs[0].price.nanos"])
        #expect(document.items[1].errors.map(\.description) == ["[0].basePlans[0].regionalConfigs[1].price.currencyCode: is required"])
        // ZW: the offer has no offerId and no entry for ZW; both named, the base plan renders.
        #expect(try document.items[2].result.get().product.price == decimal("4.66"))
        #expect(document.items[2].errors.map(\.path) == ["[1].offerId", "[1].phases[0].duration", "[1].phases[0].regionalConfigs"])
    }

    @Test func aBasePlanPricedInNoRegionIsAFailedProduct() throws {
        let json = #"{"productId":"pro","basePlans":[{"basePlanId":"monthly","autoRenewingBasePlanType":{"billingPeriodDuration":"P1M"}}]}"#
        let item = try #require(try read(json, as: .playConsole).items.first)
        #expect(item.source.productIdentifier == "pro:monthly")
        #expect(item.errors.map(\.description) == ["basePlans[0].regionalConfigs: is required"])
    }

    /// The command-line tool prints a problem of the document as an entry of its own.
    @Test func theToolPrintsProblemsAsEntries() throws {
        let json = "[\(subscription), \(playOffer(""))]"
        let result = try runTool(["render", "-", "--format", "json", "--locale", "en-US"], stdin: json)
        #expect(result.status == 65)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(entries.count == 2)
        #expect(entries[0]["recurringPrice"] as? String == "$9.99/month")
        #expect(entries[1]["locale"] == nil && entries[1]["index"] as? Int == 2 && entries[1]["path"] as? String == "[1]")
        #expect((entries[1]["error"] as? [String: Any])?["path"] as? String == "[1]")
    }
}
