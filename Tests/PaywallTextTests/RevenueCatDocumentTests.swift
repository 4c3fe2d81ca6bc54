import Foundation
@testable import PaywallText
import PaywallTextJSON
import Testing

/// RevenueCat's documents: `Offerings` with packages, Web Billing and Android products read from
/// their subscription options, and every problem named.
@Suite("RevenueCat documents")
struct RevenueCatDocumentTests {
    /// A product as the hybrid SDKs write it (prices through `Double`).
    private static func product(_ id: String, price: String, period: String?, intro: String = "null", extra: String = "") -> String {
        let period = period.map { #""subscriptionPeriod":"\#($0)","# } ?? ""
        return #"{"identifier":"\#(id)","price":\#(price),"priceString":"$\#(price)","currencyCode":"USD",\#(period)"introPrice":\#(intro),"discounts":[]\#(extra)}"#
    }

    private static let weekFree = #"{"price":0,"priceString":"$0.00","period":"P1W","periodUnit":"DAY","periodNumberOfUnits":7,"cycles":1}"#
    private static let annual = product("pro.annual", price: "39.990000000000002", period: "P1Y", intro: weekFree)
    private static let monthly = product("pro.monthly", price: "4.99", period: "P1M")
    private static let lifetime = product("pro.lifetime", price: "99.99", period: nil)

    private static func package(_ id: String, offering: String, _ product: String) -> String {
        #"{"identifier":"\#(id)","offeringIdentifier":"\#(offering)","packageType":"CUSTOM","product":\#(product)}"#
    }

    /// Two offerings that share the annual product, each package repeated in its shortcut and
    /// under `current`, as `getOfferings()` returns them.
    private static let offerings = #"""
    {"all":{
       "default":{"identifier":"default","metadata":{},
                  "availablePackages":[\#(package("$rc_annual", offering: "default", annual)),
                                       \#(package("$rc_monthly", offering: "default", monthly))],
                  "annual":\#(package("$rc_annual", offering: "default", annual)),
                  "monthly":\#(package("$rc_monthly", offering: "default", monthly)),
                  "lifetime":null},
       "sale":{"identifier":"sale",
               "availablePackages":[\#(package("$rc_annual", offering: "sale", annual)),
                                    \#(package("lifetime_deal", offering: "sale", lifetime))]}},
     "current":{"identifier":"default",
                "availablePackages":[\#(package("$rc_annual", offering: "default", annual)),
                                     \#(package("$rc_monthly", offering: "default", monthly))]}}
    """#

    private static func read(_ json: String) throws -> StoreDocument {
        try StoreDocuments.read(Data(json.utf8))
    }

    @Test func offeringsGiveEachProductOnceWithItsPackages() throws {
        #expect(try StoreDocuments.detectFormat(Data(Self.offerings.utf8)) == .revenueCat)
        let document = try Self.read(Self.offerings)
        #expect(document.problems.isEmpty)
        #expect(document.items.map(\.source.productIdentifier) == ["pro.annual", "pro.monthly", "pro.lifetime"])
        #expect(document.items.map(\.source.packages) == [
            [ProductPackage(offering: "default", package: "$rc_annual"), ProductPackage(offering: "sale", package: "$rc_annual")],
            [ProductPackage(offering: "default", package: "$rc_monthly")],
            [ProductPackage(offering: "sale", package: "lifetime_deal")],
        ])
        #expect(document.items.map(\.source.path) == [
            "all.default.availablePackages[0].product", "all.default.availablePackages[1].product", "all.sale.availablePackages[1].product",
        ])
        #expect(document.items.allSatisfy { $0.warnings.isEmpty && $0.errors.isEmpty })
        // The same paywall as the three products written by hand.
        let trial = Discount(type: .introductory, paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1))
        StoreFormatTests().expectSameText(document.items, as: [
            (nil, Product(productIdentifier: "pro.annual", price: decimal("39.99"), currencyCode: "USD", subscriptionPeriod: .years(1),
                          introductoryPrice: trial)),
            (nil, Product(productIdentifier: "pro.monthly", price: decimal("4.99"), currencyCode: "USD", subscriptionPeriod: .months(1))),
            (nil, Product(productIdentifier: "pro.lifetime", price: decimal("99.99"), currencyCode: "USD")),
        ])
    }

    @Test func packagesAreWrittenAfterTheTerritory() throws {
        let document = try Self.read(Self.offerings)
        let entries = RenderEntry.entries(for: document, locales: ["en-US"], renderer: PaywallRenderer())
        #expect(entries[0].jsonText().contains(
            #""productIdentifier":"pro.annual","packages":[{"offering":"default","package":"$rc_annual"},{"offering":"sale","package":"$rc_annual"}],"currencyCode":"USD""#))
        // A product read alone has no packages, and no member for them.
        let alone = try Self.read(Self.annual)
        #expect(!RenderEntry.entries(for: alone, locales: ["en-US"], renderer: PaywallRenderer())[0].jsonText().contains("packages"))
    }

    /// A copy of a product that says something else, and a package with no product: both named.
    @Test func offeringsReportWhatIsNotRead() throws {
        let cheaper = Self.product("pro.monthly", price: "3.99", period: "P1M")
        let json = #"""
        {"all":{"default":{"identifier":"default","availablePackages":[
            \#(Self.package("$rc_monthly", offering: "default", Self.monthly)),
            \#(Self.package("promo", offering: "default", cheaper)),
            {"identifier":"$rc_weekly","offeringIdentifier":"default"},
            "monthly"]}},
         "current":null}
        """#
        let document = try Self.read(json)
        #expect(document.items.count == 1)
        #expect(try document.items[0].result.get().product.price == decimal("4.99"))
        #expect(document.items[0].source.packages.map(\.package) == ["$rc_monthly", "promo"])
        #expect(document.items[0].warnings.map(\.path) == ["all.default.availablePackages[1].product"])
        #expect(document.problems.map(\.path) == ["all.default.availablePackages[2]", "all.default.availablePackages[3]"])
        #expect(document.problems.allSatisfy { $0.severity == .error && $0.index == 1 })
        #expect(document.hasErrors)
    }

    /// The copies of one product presented in different offerings differ only in where they
    /// were presented: not reported.
    @Test func presentationContextIsNotADifference() throws {
        func presented(_ offering: String) -> String {
            Self.product("pro.monthly", price: "4.99", period: "P1M", extra: #","presentedOfferingContext":{"offeringIdentifier":"\#(offering)"}"#)
        }
        let json = #"{"all":{"a":{"availablePackages":[\#(Self.package("m", offering: "a", presented("a")))]},"b":{"availablePackages":[\#(Self.package("m", offering: "b", presented("b")))]}},"current":null}"#
        let items = try Self.read(json).items
        #expect(items.count == 1 && items[0].warnings.isEmpty)
        #expect(items[0].source.packages == [ProductPackage(offering: "a", package: "m"), ProductPackage(offering: "b", package: "m")])
    }

    /// An iOS bridge writes each copy's keys in its own order: copies that are the same JSON
    /// value are one product, not reported; a copy that really differs still is.
    @Test func copiesInAnotherKeyOrderAreTheSameProduct() throws {
        let reordered = #"{"discounts":[],"introPrice":{"cycles":1,"periodNumberOfUnits":7,"periodUnit":"DAY","period":"P1W","priceString":"$0.00","price":0.0},"#
            + #""subscriptionPeriod":"P1Y","currencyCode":"USD","priceString":"$39.990000000000002","price":39.990000000000002,"identifier":"pro.annual"}"#
        let json = #"{"all":{"a":{"availablePackages":[\#(Self.package("$rc_annual", offering: "a", Self.annual))]},"#
            + #""b":{"availablePackages":[\#(Self.package("$rc_annual", offering: "b", reordered))]}},"current":null}"#
        let items = try Self.read(json).items
        #expect(items.count == 1)
        #expect(items[0].warnings.isEmpty)
        #expect(items[0].source.packages.map(\.offering) == ["a", "b"])
        // The same keys in another order with another intro price is a difference.
        let other = reordered.replacingOccurrences(of: #""period":"P1W""#, with: #""period":"P2W""#)
        let differing = json.replacingOccurrences(of: reordered, with: other)
        #expect(try Self.read(differing).items[0].warnings.map(\.path) == ["all.b.availablePackages[0].product"])
    }

    /// A Web Billing product as the newest hybrid mapping writes it: options by id, no
    /// `pricingPhases`, a free phase then an introductory phase before the full price.
    private static func webProduct(intro: String) -> String {
        func phase(_ micros: Int, _ period: String, cycles: Int, mode: Int) -> String {
            #"{"billingPeriod":{"iso8601":"\#(period)","unit":"DAY","value":7},"recurrenceMode":\#(mode),"billingCycleCount":\#(cycles),"price":{"formatted":"","amountMicros":\#(micros),"currencyCode":"USD"},"offerPaymentMode":null}"#
        }
        let option = #"{"id":"monthly_default","storeProductId":"web.monthly","productId":"web.monthly","tags":[],"isBasePlan":false,"isPrepaid":false,"freePhase":\#(phase(0, "P7D", cycles: 1, mode: 3)),"introPhase":\#(phase(1990000, "P1M", cycles: 3, mode: 2)),"fullPricePhase":\#(phase(9990000, "P1M", cycles: 0, mode: 1))}"#
        return #"{"identifier":"web.monthly","price":9.99,"priceString":"$9.99","currencyCode":"USD","subscriptionPeriod":"P1M","productCategory":"SUBSCRIPTION","productType":"AUTO_RENEWABLE_SUBSCRIPTION","introPrice":\#(intro),"discounts":null,"defaultOption":\#(option),"subscriptionOptions":{"monthly_default":\#(option)}}"#
    }

    @Test func webBillingProductsAreReadFromTheirOptions() throws {
        let items = try Self.read(Self.webProduct(intro: Self.weekFree)).items
        #expect(items.count == 1)
        #expect(items[0].warnings.isEmpty && items[0].errors.isEmpty)
        #expect(items[0].source.store == nil)
        let expected = Product(productIdentifier: "web.monthly", price: decimal("9.99"), currencyCode: "USD", subscriptionPeriod: .months(1),
                               discounts: [Discount.of(identifier: "monthly_default", type: .promotional, [
                                   OfferPhase(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .days(7)),
                                   OfferPhase(paymentMode: .payAsYouGo, price: decimal("1.99"), subscriptionPeriod: .months(1), numberOfPeriods: 3),
                               ])])
        StoreFormatTests().expectSameText(items, as: [(nil, expected)])
        let offer = try PaywallRenderer().render(items, locale: "en-US")[0].get().offers[0]
        #expect(offer.phases.first?.duration == "1 week")
    }

    /// `introPrice` beside options only repeats a phase; one that no option begins with is reported.
    @Test func anIntroPriceTheOptionsDoNotHaveIsReported() throws {
        let other = #"{"price":0,"priceString":"$0.00","period":"P2W","cycles":1}"#
        let items = try Self.read(Self.webProduct(intro: other)).items
        #expect(items[0].warnings.map(\.path) == ["introPrice"])
        #expect(items[0].warnings[0].message.hasPrefix("is not read"))
        #expect(try items[0].result.get().product.discounts?.count == 1)
    }

    @Test func aBadOptionIsLeftOutWithItsErrors() throws {
        let json = Self.webProduct(intro: "null").replacingOccurrences(of: #""amountMicros":1990000"#, with: #""amountMicros":1995000"#)
        let item = try #require(try Self.read(json).items.first)
        #expect(try item.result.get().product.discounts == nil)
        // The option is listed twice (defaultOption and subscriptionOptions); only one is read, so one error.
        #expect(item.errors.map(\.path) == ["subscriptionOptions.monthly_default.introPhase.price.amountMicros"])
        // A phase without its price object: named once, though the object holds the amount and the currency.
        let noPrice = Self.webProduct(intro: "null")
            .replacingOccurrences(of: #""price":{"formatted":"","amountMicros":0,"currencyCode":"USD"},"#, with: "")
        let unpriced = try #require(try Self.read(noPrice).items.first)
        #expect(unpriced.errors.map(\.description) == ["subscriptionOptions.monthly_default.freePhase.price: is required"])
    }

    /// An offer that cannot be read leaves the product and its other offers rendered.
    @Test func aBadOfferLeavesTheProduct() throws {
        let json = Self.product("p", price: "9.99", period: "P1M",
                                intro: #"{"price":0,"periodUnit":"FORTNIGHT","periodNumberOfUnits":1,"cycles":1}"#)
            .replacingOccurrences(of: #""discounts":[]"#, with: #""discounts":[{"identifier":"a","price":1.99,"period":"P1M","cycles":"3"},{"identifier":"b","price":1.99,"period":"P1M","cycles":3}]"#)
        let item = try #require(try Self.read(json).items.first)
        let product = try item.result.get().product
        #expect(product.introductoryPrice == nil)
        #expect(product.discounts?.map(\.identifier) == ["b"])
        #expect(item.errors.map(\.path) == ["introPrice.periodUnit", "discounts[0].cycles"])
    }

    /// `period` and `periodUnit`/`periodNumberOfUnits` say the same, or the offer is at fault.
    @Test(arguments: [
        (#""period":"P2W2D","periodUnit":"DAY","periodNumberOfUnits":16"#, SubscriptionPeriod.days(16) as SubscriptionPeriod?),
        (#""period":"P1W","periodUnit":"DAY","periodNumberOfUnits":7"#, .weeks(1)),
        (#""periodUnit":"MONTH","periodNumberOfUnits":3"#, .months(3)),
        (#""period":"P1W","periodUnit":"DAY","periodNumberOfUnits":8"#, nil),
    ])
    func offerPeriods(_ fields: String, _ expected: SubscriptionPeriod?) throws {
        let json = Self.product("p", price: "9.99", period: "P1Y", intro: #"{"price":0,"cycles":1,\#(fields)}"#)
        let item = try #require(try Self.read(json).items.first)
        #expect(try item.result.get().product.introductoryPrice?.subscriptionPeriod == expected)
        if expected == nil {
            #expect(item.errors.map(\.description) == [#"introPrice.period: "P1W" disagrees with periodUnit DAY and periodNumberOfUnits 8"#])
        }
    }

    /// A product that carries offers but no period is refused, not shown as a one-time
    /// purchase without them; one that only says it is in the subscription category (a
    /// non-renewing subscription) is a one-time purchase.
    @Test func aSubscriptionWithoutPeriodIsRefused() throws {
        let withOffers = Self.product("p", price: "4.99", period: nil, intro: Self.weekFree, extra: #","productCategory":"SUBSCRIPTION""#)
        let refused = try #require(try Self.read(withOffers).items.first)
        #expect(throws: PaywallTextError(.invalidValue, path: "subscriptionPeriod", message:
            #"is required: the product carries an introPrice (productCategory "SUBSCRIPTION"), so it is a subscription, "#
            + "not a one-time purchase that could be shown without them; without its billing period it cannot be described")) {
            try refused.result.get()
        }
        let renewing = Self.product("p", price: "4.99", period: nil, extra: #","productType":"AUTO_RENEWABLE_SUBSCRIPTION""#)
        #expect(throws: PaywallTextError.self) { try Self.read(renewing).items.first?.result.get() }
        let nonRenewing = Self.product("p", price: "4.99", period: nil, extra: #","productCategory":"SUBSCRIPTION","productType":"NON_RENEWABLE_SUBSCRIPTION""#)
        #expect(try Self.read(nonRenewing).items.first?.result.get().product.subscriptionPeriod == nil)
    }

    /// Every problem of a product is named: those of its own fields and of its offers.
    @Test func everyProblemIsNamed() throws {
        let json = #"{"identifier":"p","price":"cheap","priceString":"","currencyCode":"USD","subscriptionPeriod":"P1X","introPrice":{"price":0,"cycles":1}}"#
        let item = try #require(try Self.read(json).items.first)
        #expect(item.errors.map(\.path) == ["price", "subscriptionPeriod", "introPrice.period"])
        if case .success = item.result { Issue.record("the product should fail") }
    }
}
