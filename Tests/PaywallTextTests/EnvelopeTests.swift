import Foundation
@testable import PaywallText
import Testing

/// An app plugin's envelope, `{"products": […]}`, is unwrapped without being read as a format:
/// every error and warning of what it holds keeps the envelope's path (`products[0]…`, not
/// `[0]…`), in every reader, and its other members are named, not skipped.
@Suite("Envelopes")
struct EnvelopeTests {
    /// A Play Console subscription whose base plan is priced 0, its offer for a region the base
    /// plan has no price in, beside a status the plugin adds.
    static let playConsole = #"{"status":"ok","products":[{"packageName":"com.example.app","productId":"premium","listing":[],"#
        + #""basePlans":[{"basePlanId":"monthly","autoRenewingBasePlanType":{"billingPeriodDuration":"P1M"},"#
        + #""regionalConfigs":[{"regionCode":"US","price":{"currencyCode":"USD","units":"0"}}]}]},"#
        + #"{"productId":"premium","basePlanId":"monthly","offerId":"trial","phases":[{"duration":"P1W","recurrenceCount":1,"#
        + #""regionalConfigs":[{"regionCode":"DE","free":{}}]}],"regionalConfigs":[{"regionCode":"DE","newSubscriberAvailability":true}]}]}"#

    /// A RevenueCat product whose trial has an unknown period, with a misspelt member.
    static let revenueCat = #"{"products":[{"identifier":"pro.monthly","title":"Pro","price":9.99,"priceString":"$9.99","currencyCode":"USD","#
        + #""subscriptionPeriod":"P1M","introPrice":{"price":0,"priceString":"$0.00","period":"P1X","cycles":1},"discount":[]}],"error":null}"#

    @Test func everyProblemKeepsTheEnvelopesPath() throws {
        let play = try StoreDocuments.read(Data(Self.playConsole.utf8))
        #expect(play.items.flatMap(\.errors).map(\.path) == ["products[0].basePlans[0].regionalConfigs[0].price"])
        #expect(play.items.flatMap(\.warnings).map(\.path) == ["products[0].listing"])
        #expect(play.problems.map(\.path) == ["status", "products[1].regionalConfigs[0]"])

        let revenueCat = try StoreDocuments.read(Data(Self.revenueCat.utf8))
        #expect(revenueCat.items.flatMap(\.errors).map(\.path) == ["products[0].introPrice.period"])
        #expect(revenueCat.items.flatMap(\.warnings).map(\.description) == [
            #"products[0].discount: is not read: it is no member of a RevenueCat product; RevenueCat writes "discounts""#,
        ])
        #expect(revenueCat.problems.map(\.description) == [#"warning: error: is not read: of an envelope {"products": […]}, only products is"#])
    }
}
