import Foundation
@testable import PaywallText
@testable import PaywallTextJSON
import Testing

/// `fields` (``RenderOptions/fields``, `--fields`, a request's `options.fields`): only the
/// fields asked for are rendered and written, named by the result's JSON paths.
@Suite("Fields asked for")
struct FieldSelectionTests {
    /// A monthly plan with a one-week free trial, then a pay-as-you-go offer.
    private static let monthly = product("9.99", intro: Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1)))

    private func json(_ product: Product, _ options: RenderOptions, locale: String = "en-US") throws -> [String: Any] {
        let item = ImportedProduct(source: ProductSource(format: .storeKit1, store: .appStore, path: ""), result: .success(try CheckedProduct(product)))
        let text = RenderEntry.entries(for: StoreDocument(items: [item]), locales: [locale], renderer: PaywallRenderer(options: options))[0].jsonText()
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func fields(_ paths: [String]) throws -> RenderOptions {
        var options = RenderOptions()
        options.fields = try FieldSelection(paths)
        return options
    }

    @Test func theNodeAnchorsFieldsAreFieldsOfAResult() throws {
        let anchor = ["price", "period", "recurringPrice", "pricePer.day.price", "pricePer.week.price", "pricePer.month.price",
                      "pricePer.year.price", "terms", "offers.price", "offers.period", "offers.duration", "offers.headline",
                      "offers.summary", "offers.terms"]
        #expect(try FieldSelection(anchor).paths == anchor)
        #expect(FieldSelection.validPaths.contains("offers.phases.pricePer.month.billed"))
        #expect(FieldSelection.validPaths.contains("billingPlan.summary"))
        #expect(!FieldSelection.validPaths.contains("locale"), "the identity is always written")
    }

    @Test func anUnknownPathNamesItAndTheValidOnes() {
        let error = thrownError { try FieldSelection(["price", "offers.headlines"]) }
        #expect(error?.message.hasPrefix("unknown field \"offers.headlines\"; fields are named by the result's JSON paths without indices: price, ") == true)
        #expect(error?.message.contains("offers.headline,") == true)
        #expect(thrownError { try FieldSelection(["offers[0].headline"]) } != nil, "paths have no indices")
        // A request names the option in its error.
        let request = #"{"locales": ["en-US"], "options": {"fields": ["price", "prices"]}, "products": [{"price": "1", "currencyCode": "USD"}]}"#
        let refused = thrownError { try RenderRequest.decode(Data(request.utf8)) }
        #expect(refused?.path == "options.fields")
        #expect(refused?.message.hasPrefix("unknown field \"prices\"") == true)
    }

    /// Only the fields asked for are written, with the result's identity; those not asked
    /// for are not made at all.
    @Test func onlyTheFieldsAskedForAreRenderedAndWritten() throws {
        let options = try fields(["price", "offers.headline"])
        let entry = try json(Self.monthly, options)
        #expect(Set(entry.keys) == ["index", "locale", "catalog", "productIdentifier", "currencyCode", "price", "offers"])
        let offers = try #require(entry["offers"] as? [[String: Any]])
        #expect(offers.count == 1 && Set(offers[0].keys) == ["headline"] && offers[0]["headline"] as? String == "1 week free")
        let text = try render(Self.monthly, "en-US", options: options)
        #expect(text.pricePer == nil && text.terms == nil && text.recurringPriceShort == nil, "not made")
        #expect(text.offers.first?.phases.first?.pricePer == nil)
        // Without an offer field, no offer is made.
        #expect(try render(Self.monthly, "en-US", options: try fields(["recurringPrice"])).offers.isEmpty)
        #expect(try render(Self.monthly, "en-US", options: try fields(["pricePer.month.price"])).pricePer?.month.price == "$9.99")
        // A container selects everything in it.
        let perUnit = try json(Self.monthly, try fields(["pricePer"]))
        #expect(Set((perUnit["pricePer"] as? [String: Any])?.keys ?? [:].keys) == ["day", "week", "month", "year"])
    }

    /// Spoken forms and parts are kept for the fields asked for, under the same paths.
    @Test func spokenFormsAndPartsFollowTheFields() throws {
        var options = try fields(["recurringPrice", "offers.summary"])
        options.include = [.spoken, .parts]
        let entry = try json(Self.monthly, options)
        #expect(Set((entry["spoken"] as? [String: Any])?.keys ?? [:].keys) == ["recurringPrice"])
        #expect(Set((entry["parts"] as? [String: Any])?.keys ?? [:].keys) == ["recurringPrice"])
        let offer = try #require((entry["offers"] as? [[String: Any]])?.first)
        #expect(Set(offer.keys) == ["summary", "spoken", "parts"])
        #expect((offer["spoken"] as? [String: String])?["summary"] == "Free for 1 week, then 9.99 US dollars per month")
        // A field said as written has no spoken form: no empty `spoken` object either.
        var period = try fields(["period"])
        period.include = [.spoken]
        #expect(try json(Self.monthly, period)["spoken"] == nil)
    }

    /// The same render without `fields` writes every field: the default is unchanged.
    @Test func withoutFieldsEveryFieldIsWritten() throws {
        let entry = try json(Self.monthly, RenderOptions())
        #expect(entry["pricePer"] != nil && entry["terms"] != nil && entry["recurringPriceShort"] != nil)
    }
}
