import Foundation
@testable import PaywallText
import Testing

/// Play Billing Library 8 one-time products: `oneTimePurchaseOfferDetailsList`, one entry per
/// purchase option (buy, rent) and per discount offer. Each purchase option is a product of
/// its own, `productId:purchaseOptionId`; a discount offer is named in the warnings, not
/// rendered yet; one entry at fault fails alone (PRODUCT §7, §12, §12a).
@Suite("Play Billing 8 one-time products")
struct OneTimePurchaseOptionTests {
    /// A buy option at $4.99, a rent option at $1.99 for 3 days, and a 20 % discount offer of
    /// the buy option ($3.99 instead of $4.99), as `ProductDetails` serializes them since
    /// Billing Library 8 (`getOneTimePurchaseOfferDetailsList()`); `beside` is put before the list.
    static func album(beside: String = "", buy: String? = nil) -> String {
        let buyOption = buy ?? #"{"purchaseOptionId":"buy","offerToken":"tok-buy","offerTags":[],"priceAmountMicros":4990000,"priceCurrencyCode":"USD","formattedPrice":"$4.99"}"#
        return #"""
        {"productId":"album","productType":"inapp","name":"Album","title":"Album (Example App)","description":"Every track",\#(beside)
         "oneTimePurchaseOfferDetailsList":[
          \#(buyOption),
          {"purchaseOptionId":"rent","offerToken":"tok-rent","offerTags":[],"priceAmountMicros":1990000,"priceCurrencyCode":"USD","formattedPrice":"$1.99",
           "rentalDetails":{"rentalPeriod":"P3D","rentalExpirationPeriod":"P1D"}},
          {"purchaseOptionId":"buy","offerId":"launch","offerToken":"tok-launch","offerTags":["launch"],"priceAmountMicros":3990000,"priceCurrencyCode":"USD",
           "formattedPrice":"$3.99","fullPriceMicros":4990000,"discountDisplayInfo":{"percentageDiscount":20},
           "limitedQuantityInfo":{"maximumQuantity":1,"remainingQuantity":1},
           "validTimeWindow":{"startTimeMillis":1767225600000,"endTimeMillis":1769904000000}}]}
        """#
    }

    static let monthly = #"""
        {"productId":"pro","productType":"subs","name":"Pro","subscriptionOfferDetails":[{"basePlanId":"monthly","offerToken":"tok-m","offerTags":[],
          "pricingPhases":{"pricingPhaseList":[{"priceAmountMicros":9990000,"priceCurrencyCode":"USD","formattedPrice":"$9.99","billingPeriod":"P1M","recurrenceMode":1,"billingCycleCount":0}]}}]}
        """#

    private func read(_ json: String) throws -> StoreDocument {
        let data = Data(json.utf8)
        #expect(try StoreDocuments.detectFormat(data) == .googlePlay)
        return try StoreDocuments.read(data)
    }

    private let offerWarning = ProductWarning(path: "oneTimePurchaseOfferDetailsList[2]", message:
        #"is not read: the one-time product's discount offer "launch" of purchase option "buy" is not rendered yet; its purchase option's full price is"#)
    private let rentalWarning = ProductWarning(path: "oneTimePurchaseOfferDetailsList[1].rentalDetails", message:
        #"is not in the text: this purchase option is a rental (rentalPeriod "P3D"), and its price is rendered as a one-time price"#)

    /// The buy and the rent option are two prices, named by their purchase options; the
    /// discount offer is a warning of the buy option, with its path.
    private func expectAlbum(_ items: [ImportedProduct], at offset: String = "") throws {
        #expect(items.map(\.source.productIdentifier) == ["album:buy", "album:rent"])
        #expect(items.map(\.source.path) == ["\(offset)oneTimePurchaseOfferDetailsList[0]", "\(offset)oneTimePurchaseOfferDetailsList[1]"])
        let products = try items.map { try $0.result.get().product }
        #expect(products.map(\.price) == [decimal("4.99"), decimal("1.99")])
        #expect(products.map(\.currencyCode) == ["USD", "USD"])
        #expect(products.map(\.subscriptionPeriod) == [nil, nil])
        #expect(products.map(\.displayName) == ["Album", "Album"])
        #expect(items.flatMap(\.errors).isEmpty)
        func moved(_ warning: ProductWarning) -> ProductWarning { ProductWarning(path: offset + warning.path, message: warning.message) }
        #expect(items[0].warnings == [moved(offerWarning)])
        #expect(items[1].warnings == [moved(rentalWarning)])
        let rendered = try PaywallRenderer().render(items, locale: "en-US").map { try $0.get() }
        #expect(rendered.map(\.price) == ["$4.99", "$1.99"])
        #expect(rendered.map(\.productIdentifier) == ["album:buy", "album:rent"])
        #expect(rendered.allSatisfy { $0.period == nil && $0.offers.isEmpty })
    }

    @Test func eachPurchaseOptionIsAPriceAndTheDiscountOfferIsAWarning() throws {
        let document = try read(Self.album())
        try expectAlbum(document.items)
        #expect(document.problems.isEmpty)
        #expect(!document.hasErrors)
    }

    /// A production dump writes the deprecated single offer as `{}` beside the list: nothing
    /// in it, nothing to read or to warn about.
    @Test(arguments: [#""oneTimePurchaseOfferDetails":{},"#, #""oneTimePurchaseOfferDetails":null,"#])
    func anEmptySingleOfferBesideTheListIsNotRequired(_ beside: String) throws {
        let document = try read(Self.album(beside: beside))
        try expectAlbum(document.items)
        #expect(document.problems.isEmpty)
    }

    /// A single offer that copies an entry of the list (in any key order) is that entry; one
    /// that is none of them is named as not read.
    @Test func theSingleOfferBesideTheListIsACopyOrNamed() throws {
        let copy = #""oneTimePurchaseOfferDetails":{"priceCurrencyCode":"USD","priceAmountMicros":4990000,"formattedPrice":"$4.99","purchaseOptionId":"buy","offerToken":"tok-buy","offerTags":[]},"#
        try expectAlbum(try read(Self.album(beside: copy)).items)
        let other = #""oneTimePurchaseOfferDetails":{"priceAmountMicros":5990000,"priceCurrencyCode":"USD","formattedPrice":"$5.99"},"#
        let items = try read(Self.album(beside: other)).items
        #expect(items.count == 2)
        #expect(items[0].warnings.last == ProductWarning(path: "oneTimePurchaseOfferDetails", message:
            "is not read: the purchase options are read from oneTimePurchaseOfferDetailsList, and this offer is none of its entries"))
    }

    /// In one file with subscriptions (`productType` left out, as some dumps do): detected as
    /// `googleplay`, every product read, paths below the array.
    @Test func inOneFileWithSubscriptions() throws {
        let album = Self.album().replacingOccurrences(of: #""productType":"inapp","#, with: "")
        let document = try read("[\(Self.monthly),\(album)]")
        #expect(document.items.map(\.source.productIdentifier) == ["pro:monthly", "album:buy", "album:rent"])
        try expectAlbum(Array(document.items.dropFirst()), at: "[1].")
        let rendered = try PaywallRenderer().render(document.items, locale: "en-US").map { try $0.get() }
        #expect(rendered.map(\.price) == ["$9.99", "$4.99", "$1.99"])
        #expect(rendered[0].period != nil)
        #expect(document.problems.isEmpty)
    }

    /// A malformed purchase option is an error at its path, quoting the value; the other
    /// option still renders, and the offer is still named.
    @Test func aMalformedPurchaseOptionFailsAloneAtItsPath() throws {
        let bad = #"{"purchaseOptionId":"buy","offerToken":"tok-buy","priceAmountMicros":4995000,"priceCurrencyCode":"USD"}"#
        let items = try read(Self.album(buy: bad)).items
        #expect(items.map(\.source.productIdentifier) == ["album:buy", "album:rent"])
        guard case .failure(let error) = items[0].result else { Issue.record("the malformed option was read"); return }
        #expect(error.description == "oneTimePurchaseOfferDetailsList[0].priceAmountMicros: 4995000 micros is 4.995 USD, with 3 decimal places; USD has 2")
        #expect(try items[1].result.get().product.price == decimal("1.99"))
        #expect(items[1].errors.isEmpty)
        #expect(items[0].warnings == [offerWarning])
        let rendered = PaywallRenderer().render(items, locale: "en-US")
        #expect(try rendered[1].get().price == "$1.99")
    }

    /// Every problem of one option is named: its id and its price missing.
    @Test func everyProblemOfAnOptionIsNamed() throws {
        let bad = #"{"offerToken":"tok-buy","priceCurrencyCode":"USD"}"#
        let items = try read(Self.album(buy: bad)).items
        #expect(items[0].errors.map(\.description) == [
            "oneTimePurchaseOfferDetailsList[0].purchaseOptionId: is required",
            "oneTimePurchaseOfferDetailsList[0].priceAmountMicros: is required",
        ])
        #expect(try items[1].result.get().product.productIdentifier == "album:rent")
    }

    /// Two entries without `offerId` for one purchase option cannot be told apart: the second
    /// is an error, the first renders.
    @Test func aSecondEntryOfOnePurchaseOptionIsAnError() throws {
        let json = #"{"productId":"gems","oneTimePurchaseOfferDetailsList":[{"purchaseOptionId":"buy","priceAmountMicros":990000,"priceCurrencyCode":"EUR"},{"purchaseOptionId":"buy","priceAmountMicros":1990000,"priceCurrencyCode":"EUR"}]}"#
        let items = try read(json).items
        #expect(try items[0].result.get().product.price == decimal("0.99"))
        guard case .failure(let error) = items[1].result else { Issue.record("the second entry was read"); return }
        #expect(error.path == "oneTimePurchaseOfferDetailsList[1]")
        #expect(error.message.hasPrefix(#"is a second purchase option "buy" without offerId, after oneTimePurchaseOfferDetailsList[0]"#))
    }

    /// Offers without their purchase option: an error naming what to add.
    @Test func offersWithoutAPurchaseOptionNameWhatToAdd() throws {
        let json = #"{"productId":"gems","oneTimePurchaseOfferDetailsList":[{"purchaseOptionId":"buy","offerId":"sale","priceAmountMicros":990000,"priceCurrencyCode":"EUR","discountDisplayInfo":{"discountAmount":{"discountAmountMicros":1000000,"formattedDiscountAmount":"€1.00"}}}]}"#
        let items = try read(json).items
        #expect(items.count == 1)
        guard case .failure(let error) = items[0].result else { Issue.record("read"); return }
        #expect(error.path == "oneTimePurchaseOfferDetailsList")
        #expect(error.message.hasSuffix("add the purchase option's entry"))
        #expect(items[0].warnings.map(\.path) == ["oneTimePurchaseOfferDetailsList[0]"])
    }

    /// One entry of the list on its own is refused as what it is.
    @Test func anEntryOnItsOwnIsRefusedWithWhatItIs() throws {
        let json = #"{"purchaseOptionId":"buy","priceAmountMicros":4990000,"priceCurrencyCode":"USD"}"#
        #expect(try StoreDocuments.detectFormat(Data(json.utf8)) == .googlePlay)
        let item = try #require(try StoreDocuments.read(Data(json.utf8)).items.first)
        guard case .failure(let error) = item.result else { Issue.record("read as a product"); return }
        #expect(error.message.hasPrefix("is one entry of a Play Billing ProductDetails' oneTimePurchaseOfferDetailsList (priceAmountMicros and purchaseOptionId)"))
    }
}

/// Android Publisher API `monetization.onetimeproducts`: each purchase option is one product
/// per region, `productId:purchaseOptionId`; offers are named, not rendered yet; an offer
/// without its product is an error naming what to add.
@Suite("Play Console one-time products")
struct PlayConsoleOneTimeProductTests {
    /// A buy option at $4.99 in the US and €5.49 in Germany, and a rent option at $1.99 for
    /// 3 days in the US.
    static let album = #"""
        {"packageName":"com.example.app","productId":"album",
         "listings":[{"languageCode":"en-US","title":"Album","description":"Every track"}],
         "purchaseOptions":[
          {"purchaseOptionId":"buy","state":"ACTIVE","buyOption":{"legacyCompatible":true,"multiQuantityEnabled":false},
           "regionalPricingAndAvailabilityConfigs":[
            {"regionCode":"US","price":{"currencyCode":"USD","units":"4","nanos":990000000},"availability":"AVAILABLE"},
            {"regionCode":"DE","price":{"currencyCode":"EUR","units":"5","nanos":490000000},"availability":"AVAILABLE"}]},
          {"purchaseOptionId":"rent","state":"ACTIVE","rentOption":{"rentalPeriod":"P3D","expirationPeriod":"P1D"},
           "regionalPricingAndAvailabilityConfigs":[
            {"regionCode":"US","price":{"currencyCode":"USD","units":"1","nanos":990000000},"availability":"AVAILABLE"}]}]}
        """#

    /// A 20 % discount on the buy option in the US.
    static let offer = #"""
        {"packageName":"com.example.app","productId":"album","purchaseOptionId":"buy","offerId":"launch","state":"ACTIVE",
         "discountedOffer":{"startTime":"2026-01-01T00:00:00Z","endTime":"2026-02-01T00:00:00Z","redemptionLimit":"1"},
         "regionalPricingAndAvailabilityConfigs":[{"regionCode":"US","relativeDiscount":0.2,"availability":"AVAILABLE"}]}
        """#

    private func read(_ json: String) throws -> StoreDocument {
        let data = Data(json.utf8)
        #expect(try StoreDocuments.detectFormat(data) == .playConsole)
        return try StoreDocuments.read(data)
    }

    @Test func eachPurchaseOptionIsAProductPerRegion() throws {
        let document = try read("[\(Self.album),\(Self.offer)]")
        let items = document.items
        #expect(items.map(\.source.productIdentifier) == ["album:buy", "album:buy", "album:rent"])
        #expect(items.map(\.source.territory) == ["US", "DE", "US"])
        #expect(items.map(\.source.path) == [
            "[0].purchaseOptions[0].regionalPricingAndAvailabilityConfigs[0]",
            "[0].purchaseOptions[0].regionalPricingAndAvailabilityConfigs[1]",
            "[0].purchaseOptions[1].regionalPricingAndAvailabilityConfigs[0]",
        ])
        let products = try items.map { try $0.result.get().product }
        #expect(products.map(\.price) == [decimal("4.99"), decimal("5.49"), decimal("1.99")])
        #expect(products.map(\.currencyCode) == ["USD", "EUR", "USD"])
        #expect(products.allSatisfy { $0.subscriptionPeriod == nil })
        #expect(products[0].localizedDisplayNames?["en-US"] == "Album")
        #expect(items.flatMap(\.errors).isEmpty)
        #expect(items[0].warnings.isEmpty && items[1].warnings.isEmpty)
        #expect(items[2].warnings == [ProductWarning(path: "[0].purchaseOptions[1].rentOption", message:
            #"is not in the text: this purchase option is a rental (rentalPeriod "P3D"), and its price is rendered as a one-time price"#)])
        #expect(document.problems.map(\.severity) == [.warning])
        #expect(document.problems.map(\.path) == ["[1]"])
        #expect(document.problems.first?.error.message ==
            #"is not read: the one-time product offer "launch" of purchase option "buy" of "album" is not rendered yet; its purchase option's price is"#)
        let rendered = try PaywallRenderer().render(items, locale: "en-US").map { try $0.get() }
        #expect(rendered.map(\.price) == ["$4.99", "€5.49", "$1.99"])
    }

    /// A purchase option at fault (a Money without units or nanos) fails at its path; the
    /// other option and region still render.
    @Test func aBadPurchaseOptionFailsAlone() throws {
        let json = Self.album.replacingOccurrences(of: #""price":{"currencyCode":"USD","units":"1","nanos":990000000}"#,
                                                   with: #""price":{"currencyCode":"USD","priceMicros":"1990000"}"#)
        let items = try read(json).items
        #expect(items.count == 3)
        #expect(try items[0].result.get().product.price == decimal("4.99"))
        #expect(try items[1].result.get().product.price == decimal("5.49"))
        guard case .failure(let error) = items[2].result else { Issue.record("a price without units or nanos was read"); return }
        #expect(error.path.hasPrefix("purchaseOptions[1].regionalPricingAndAvailabilityConfigs[0].price"), "\(error)")
    }

    /// An offer without its one-time product says what to add.
    @Test func anOfferWithoutItsProductNamesWhatToAdd() throws {
        do {
            let document = try read(Self.offer)
            Issue.record("read: \(document.items.count) items, \(document.problems)")
        } catch let error as PaywallTextError {
            #expect(error.path == "")
            #expect(error.message.hasPrefix(#"is an offer "launch" of purchase option "buy" of the one-time product "album", which is not in the documents: add the one-time product"#))
        }
    }
}
