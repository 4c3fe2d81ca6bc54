import Foundation
@testable import PaywallText
import Testing

/// A price the reader cannot read is an error at its path, never 0 (PRODUCT §12a): a Play
/// Console `Money` with neither `units` nor `nanos`, a key inside a `Money` that is no field of
/// the type, and a renewing plan priced 0.
@Suite("Price objects")
struct PriceObjectTests {
    private func read(_ json: String, as format: InputFormat = .playConsole) throws -> StoreDocument {
        try StoreDocuments.read(Data(json.utf8), format: format)
    }

    /// A Play Console subscription with one base plan in one region; `type` is the base plan's
    /// type member (or nothing), `price` the region's `price`.
    private func subscription(type: String? = #""autoRenewingBasePlanType":{"billingPeriodDuration":"P1M"},"#, price: String) -> String {
        #"{"productId":"pro","basePlans":[{"basePlanId":"monthly",\#(type ?? "")"regionalConfigs":[{"regionCode":"US","price":\#(price)}]}]}"#
    }

    /// The shape a command-line tool's documentation writes: `priceMicros`, which is no field
    /// of `Money`, and no base plan type. Both problems are named, each at its path.
    @Test func aMoneyWithNeitherUnitsNorNanosIsAnErrorWhateverElseIsWrong() throws {
        let document = try read(subscription(type: nil, price: #"{"currencyCode":"USD","priceMicros":"9990000"}"#))
        let item = try #require(document.items.first)
        #expect(document.items.count == 1)
        #expect(throws: PaywallTextError.self) { try item.result.get() }
        #expect(item.errors.map(\.path) == ["basePlans[0]", "basePlans[0].regionalConfigs[0].price"])
        #expect(item.errors[1].message.hasPrefix("has neither units nor nanos, so it holds no amount"))
        #expect(item.errors[1].message.hasSuffix(#"got an object with keys "currencyCode", "priceMicros""#))
        #expect(item.warnings == [ProductWarning(path: "basePlans[0].regionalConfigs[0].price.priceMicros", message:
            "is not read: it is no field of a Money, which has currencyCode, units and nanos")])
    }

    /// Once the base plan type is given, the price is still refused: never "$0/month".
    @Test func aMoneyWithNeitherUnitsNorNanosIsNeverAPriceOfZero() throws {
        let item = try #require(try read(subscription(price: #"{"currencyCode":"USD","priceMicros":"9990000"}"#)).items.first)
        #expect(throws: PaywallTextError.self) { try item.result.get() }
        #expect(item.errors.map(\.path) == ["basePlans[0].regionalConfigs[0].price"])
        #expect(item.warnings.map(\.path) == ["basePlans[0].regionalConfigs[0].price.priceMicros"])
    }

    /// Google's JSON leaves out a field at its default: `units` or `nanos` alone is a price.
    @Test(arguments: [
        (#"{"currencyCode":"USD","nanos":990000000}"#, "0.99"),
        (#"{"currencyCode":"USD","units":"9"}"#, "9"),
        (#"{"currencyCode":"USD","units":"9","nanos":990000000}"#, "9.99"),
    ])
    func unitsOrNanosAloneIsAPrice(_ money: String, _ expected: String) throws {
        let item = try #require(try read(subscription(price: money)).items.first)
        #expect(try item.result.get().product.price == decimal(expected))
        #expect(item.errors.isEmpty && item.warnings.isEmpty)
    }

    /// A renewing base plan priced 0 is refused at its price; a prepaid one is not renewing.
    @Test func aRenewingPlanPricedZeroIsAnError() throws {
        let zero = #"{"currencyCode":"USD","units":"0"}"#
        let renewing = try #require(try read(subscription(price: zero)).items.first)
        #expect(renewing.errors.map(\.description) == [
            "basePlans[0].regionalConfigs[0].price: must be above 0 for a subscription that renews, got 0",
        ])
        let installments = #""installmentsBasePlanType":{"billingPeriodDuration":"P1M","committedPaymentsCount":12,"renewalType":"RENEWAL_TYPE_RENEWS_WITHOUT_COMMITMENT"},"#
        let commitment = try #require(try read(subscription(type: installments, price: zero)).items.first)
        #expect(commitment.errors.first?.path == "basePlans[0].regionalConfigs[0].price")
        #expect(throws: PaywallTextError.self) { try commitment.result.get() }
        let prepaid = try #require(try read(subscription(type: #""prepaidBasePlanType":{"billingPeriodDuration":"P1M"},"#, price: zero)).items.first)
        #expect(!prepaid.errors.contains { $0.message.hasPrefix("must be above 0") })
    }

    /// The same holds in every format: a StoreKit 1 subscription priced 0, a Stripe recurring
    /// price of 0. A one-time product may be free.
    @Test func aRenewingPlanPricedZeroIsAnErrorInEveryFormat() throws {
        let storeKit = #"[{"productIdentifier":"m","price":"0","currencyCode":"USD","subscriptionPeriod":{"unit":"month","numberOfUnits":1}},"#
            + #"{"productIdentifier":"once","price":"0","currencyCode":"USD"}]"#
        let items = try read(storeKit, as: .storeKit1).items
        #expect(items[0].errors.map(\.description) == ["[0].price: must be above 0 for a subscription that renews, got 0"])
        #expect(items[1].errors.isEmpty)
        let stripe = #"{"id":"price_free","object":"price","currency":"usd","unit_amount":0,"type":"recurring","recurring":{"interval":"month","interval_count":1}}"#
        let price = try #require(try read(stripe, as: .stripe).items.first)
        #expect(price.errors.map(\.path) == ["unit_amount"])
        #expect(price.errors.first?.message == "must be above 0 for a subscription that renews, got 0")
    }

    /// A key that is no field of a Money is named inside an offer too; the offer is read.
    @Test func aStrayKeyInAnOffersMoneyIsAWarningAndTheOfferIsRead() throws {
        let offer = #"{"productId":"pro","basePlanId":"monthly","offerId":"intro","phases":[{"duration":"P1M","recurrenceCount":1,"#
            + #""regionalConfigs":[{"regionCode":"US","price":{"currencyCode":"USD","units":"1","nanos":990000000,"priceMicros":"1990000"}}]}]}"#
        let document = try read("[\(subscription(price: #"{"currencyCode":"USD","units":"9","nanos":990000000}"#)), \(offer)]")
        let item = try #require(document.items.first)
        let product = try item.result.get().product
        #expect(product.discounts?.first?.price == decimal("1.99"))
        #expect(item.warnings.map(\.path) == ["[1].phases[0].regionalConfigs[0].price.priceMicros"])
        #expect(!document.hasErrors)
    }

    /// What a user sees: no "$0", exit 65, and `check` says why.
    @Test func theToolRefusesAMoneyWithoutAnAmount() throws {
        let json = subscription(price: #"{"currencyCode":"USD","priceMicros":"9990000"}"#)
        let render = try runTool(["render", "-", "--locale", "en-US"], stdin: json)
        #expect(render.status == 65)
        #expect(!render.stdout.contains("$0"))
        let check = try runTool(["check", "-"], stdin: json)
        #expect(check.status == 65)
        #expect(check.stdout.contains("error    pro:monthly (US): basePlans[0].regionalConfigs[0].price: has neither units nor nanos"))
        #expect(check.stdout.contains("warning  pro:monthly (US): basePlans[0].regionalConfigs[0].price.priceMicros: is not read"))
    }
}
