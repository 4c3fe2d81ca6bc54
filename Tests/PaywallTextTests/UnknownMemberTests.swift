import Foundation
@testable import PaywallText
import Testing

/// Nothing under an unknown key vanishes (PRODUCT §12a): the members of an object that holds
/// offers, or an offer's fields, that its format does not define are warnings, with the known
/// spelling when one is close; a member the format defines is never warned, whether the
/// reader needs it or not. Documents built from Xcode's StoreKit configuration files, the
/// RevenueCat SDKs' reference (`PurchasesStoreProduct`, `PurchasesPackage`,
/// `PurchasesOffering`), the Android Publisher API reference and the Play Billing Library's
/// `ProductDetails`.
@Suite("Members a format does not define")
struct UnknownMemberTests {
    private func read(_ json: String, as format: InputFormat) throws -> StoreDocument {
        try StoreDocuments.read(Data(json.utf8), format: format)
    }

    // MARK: Xcode StoreKit configuration

    /// A format-5 subscription as Xcode writes it: its billing plans, the introductory offer
    /// twice, `billingPlanType` on its offers, an offer code's eligibility. Not one warning.
    static let formatFive = #"{"identifier":"A1","settings":{"_storefront":"USA","_locale":"en_US"},"version":{"major":5,"minor":0},"#
        + #""nonRenewingSubscriptions":[],"products":[],"subscriptionGroups":[{"id":"21","localizations":[],"name":"Pro","subscriptions":[{"#
        + #""adHocOffers":[{"billingPlanType":"BILLED_UPFRONT","displayPrice":"4.99","internalID":"5","numberOfPeriods":3,"offerID":"back","#
        + #""paymentMode":"payAsYouGo","referenceName":"Back","subscriptionPeriod":"P1M"}],"#
        + #""billingPlans":[{"billingPlanType":"BILLED_UPFRONT","commitmentDisplayPrice":"9.99","displayPrice":"9.99","internalID":"2","isEnabled":true}],"#
        + #""codeOffers":[{"billingPlanType":"BILLED_UPFRONT","displayPrice":"14.99","eligibility":["new","expired"],"internalID":"6","#
        + #""isStackable":true,"numberOfPeriods":1,"paymentMode":"payUpFront","referenceName":"SPRING","subscriptionPeriod":"P3M"}],"#
        + #""displayPrice":"9.99","familyShareable":false,"groupNumber":1,"internalID":"1","#
        + #""introductoryOffer":{"billingPlanType":"BILLED_UPFRONT","internalID":"3","paymentMode":"free","subscriptionPeriod":"P1W"},"#
        + #""introductoryOffers":[{"billingPlanType":"BILLED_UPFRONT","internalID":"3","paymentMode":"free","subscriptionPeriod":"P1W"}],"#
        + #""localizations":[{"description":"Pro","displayName":"Pro Monthly","locale":"en_US"}],"productID":"pro.monthly","#
        + #""recurringSubscriptionPeriod":"P1M","referenceName":"Pro Monthly","subscriptionGroupID":"21","type":"RecurringSubscription","#
        + #""winbackOffers":[{"billingPlanType":"BILLED_UPFRONT","internalID":"4","isEligible":true,"offerID":"winback","paymentMode":"free","#
        + #""referenceName":"Win back","subscriptionPeriod":"P2W"}]}]}]}"#

    @Test func aFormatFiveFileAsXcodeWritesItHasNoWarning() throws {
        let document = try read(Self.formatFive, as: .storeKitConfig)
        let item = try #require(document.items.first)
        #expect(try item.result.get().product.discounts?.map(\.identifier) == ["back", "SPRING", "winback"])
        #expect(item.warnings.isEmpty)
        #expect(document.problems.isEmpty)
    }

    /// A misspelt count on an offer would leave it at 1 period; a misspelt member of a billing
    /// plan says nothing of it. Each is named, with Xcode's spelling.
    @Test func aStoreKitOffersAndBillingPlansMembersAreChecked() throws {
        let file = Self.formatFive
            .replacingOccurrences(of: #""numberOfPeriods":3"#, with: #""numberOfPeriod":3"#)
            .replacingOccurrences(of: #""isEnabled":true"#, with: #""enabled":true"#)
        let item = try #require(try read(file, as: .storeKitConfig).items.first)
        #expect(item.warnings == [
            ProductWarning(path: "subscriptionGroups[0].subscriptions[0].adHocOffers[0].numberOfPeriod", message:
                #"is not read: it is no member of a StoreKit configuration offer; Xcode writes "numberOfPeriods""#),
            ProductWarning(path: "subscriptionGroups[0].subscriptions[0].billingPlans[0].enabled", message:
                #"is not read: it is no member of a StoreKit configuration billing plan; Xcode writes "isEnabled""#),
        ])
    }

    // MARK: RevenueCat

    /// A product as the hybrid SDKs write it, with every member of `PurchasesStoreProduct`.
    static let product = #"{"identifier":"pro.annual","title":"Pro","description":"Pro, yearly","price":39.99,"priceString":"$39.99","#
        + #""currencyCode":"USD","pricePerWeek":0.76,"pricePerMonth":3.33,"pricePerYear":39.99,"pricePerWeekString":"$0.76","#
        + #""pricePerMonthString":"$3.33","pricePerYearString":"$39.99","introPrice":{"price":0,"priceString":"$0.00","period":"P1W","#
        + #""cycles":1,"periodUnit":"WEEK","periodNumberOfUnits":1},"discounts":[],"productCategory":"SUBSCRIPTION","#
        + #""productType":"AUTO_RENEWABLE_SUBSCRIPTION","subscriptionPeriod":"P1Y","defaultOption":null,"subscriptionOptions":null,"#
        + #""presentedOfferingIdentifier":"default","presentedOfferingContext":{"offeringIdentifier":"default","placementIdentifier":null,"targetingContext":null}}"#

    /// An Offerings object: one offering, its metadata and its package, then `current`.
    static func offerings(offering: String = #""metadata":{"theme":"dark"},"#, package: String = "") -> String {
        let offer = #"{"identifier":"default","serverDescription":"Default",\#(offering)"availablePackages":[{"identifier":"$rc_annual","#
            + #""packageType":"ANNUAL","offeringIdentifier":"default",\#(package)"presentedOfferingContext":{"offeringIdentifier":"default"},"#
            + #""product":\#(product)}],"annual":{"identifier":"$rc_annual","packageType":"ANNUAL","offeringIdentifier":"default","#
            + #""product":\#(product)}}"#
        return #"{"all":{"default":\#(offer)},"current":\#(offer)}"#
    }

    @Test func anOfferingsObjectAsTheSDKsWriteItHasNoWarning() throws {
        let document = try read(Self.offerings(), as: .revenueCat)
        #expect(document.items.count == 1)
        #expect(document.items.allSatisfy { $0.warnings.isEmpty })
        #expect(document.problems.isEmpty)
    }

    /// Flutter's property name for `introPrice` would lose the trial in silence; a package list
    /// under `availablePackage` and a package's misspelt member are named once, at their
    /// place in `all` (not again under `current`).
    @Test func aRevenueCatProductPackageAndOfferingsMembersAreChecked() throws {
        let product = try read(Self.product.replacingOccurrences(of: #""introPrice""#, with: #""introductoryPrice""#), as: .revenueCat)
        #expect(product.items.first?.warnings == [ProductWarning(path: "introductoryPrice", message:
            #"is not read: it is no member of a RevenueCat product; RevenueCat writes "introPrice""#)])

        let offerings = try read(Self.offerings(offering: #""metadata":{},"availablePackage":[],"#, package: #""packagetype":"ANNUAL","#),
                                 as: .revenueCat)
        #expect(offerings.problems.map(\.error.description) == [
            #"all.default.availablePackage: is not read: it is no member of a RevenueCat offering; RevenueCat writes "availablePackages""#,
            #"all.default.availablePackages[0].packagetype: is not read: it is no member of a RevenueCat package; RevenueCat writes "packageType""#,
        ])
        #expect(offerings.problems.allSatisfy { $0.severity == .warning })
    }

    // MARK: Google Play

    /// A Play Console subscription in two regions with an offer, every member the Android
    /// Publisher API defines (some of them not read): not one warning.
    static func playConsole(subscription: String = "", basePlan: String = "", offer: String = "") -> String {
        let money = #"{"currencyCode":"USD","units":"9","nanos":990000000}"#
        let base = #"{"packageName":"com.example.app","productId":"premium",\#(subscription)"listings":[{"languageCode":"en-US","title":"Premium"}],"#
            + #""taxAndComplianceSettings":{},"basePlans":[{"basePlanId":"monthly","state":"ACTIVE",\#(basePlan)"offerTags":[{"tag":"main"}],"#
            + #""autoRenewingBasePlanType":{"billingPeriodDuration":"P1M","gracePeriodDuration":"P7D","resubscribeState":"RESUBSCRIBE_STATE_ACTIVE"},"#
            + #""regionalConfigs":[{"regionCode":"US","newSubscriberAvailability":true,"price":\#(money)},"#
            + #"{"regionCode":"CA","newSubscriberAvailability":true,"price":{"currencyCode":"CAD","units":"12","nanos":990000000}}],"#
            + #""otherRegionsConfig":{"usdPrice":\#(money),"eurPrice":{"currencyCode":"EUR","units":"9","nanos":990000000},"newSubscriberAvailability":true}}]}"#
        let trial = #"{"packageName":"com.example.app","productId":"premium","basePlanId":"monthly","offerId":"trial","state":"ACTIVE",\#(offer)"#
            + #""offerTags":[],"targeting":{"acquisitionRule":{"scope":{"anySubscriptionInApp":{}}}},"#
            + #""phases":[{"duration":"P1W","recurrenceCount":1,"regionalConfigs":[{"regionCode":"US","free":{}},{"regionCode":"CA","free":{}}],"#
            + #""otherRegionsConfig":{"free":{}}}],"#
            + #""regionalConfigs":[{"regionCode":"US","newSubscriberAvailability":true},{"regionCode":"CA","newSubscriberAvailability":true}]}"#
        return "[\(base),\(trial)]"
    }

    @Test func aPlayConsoleSubscriptionAsTheAPIWritesItHasNoWarning() throws {
        let document = try read(Self.playConsole(), as: .playConsole)
        #expect(document.items.count == 2)
        #expect(document.items.allSatisfy { $0.warnings.isEmpty && $0.errors.isEmpty })
        #expect(document.problems.isEmpty)
    }

    /// A misspelt member of the subscription and of its base plan is named once, on the base
    /// plan's first region (not once per region); an offer's and its phase's, on the document.
    @Test func aPlayConsoleSubscriptionBasePlanAndOffersMembersAreChecked() throws {
        let document = try read(Self.playConsole(subscription: #""listing":[],"#, basePlan: #""installmentBasePlanType":{},"#,
                                                 offer: #""phase":[],"#), as: .playConsole)
        let writes = "the Android Publisher API writes"
        #expect(document.items.map(\.warnings) == [[
            ProductWarning(path: "[0].listing", message: #"is not read: it is no member of an Android Publisher API subscription; \#(writes) "listings""#),
            ProductWarning(path: "[0].basePlans[0].installmentBasePlanType", message:
                #"is not read: it is no member of an Android Publisher API base plan; \#(writes) "installmentsBasePlanType""#),
        ], []])
        #expect(document.problems.map(\.error.description) == [
            #"[1].phase: is not read: it is no member of an Android Publisher API subscription offer; \#(writes) "phases""#,
        ])
    }

    /// An offer's `installmentPlanDetails` under another name would read an installment plan
    /// as one that renews until cancelled: named, with the Billing Library's spelling.
    @Test func aPlayBillingOfferEntrysMembersAreChecked() throws {
        let details = #"{"productId":"coaching","productType":"subs","name":"Coaching","subscriptionOfferDetails":[{"basePlanId":"monthly-12","#
            + #""offerIdToken":"t","offerTags":[],"installmentPlanDetail":{"commitmentPaymentsCount":12},"pricingPhases":[{"priceAmountMicros":4990000,"#
            + #""priceCurrencyCode":"EUR","formattedPrice":"€4.99","billingPeriod":"P1M","billingCycleCount":0,"recurrenceMode":1}]}]}"#
        let item = try #require(try read(details, as: .googlePlay).items.first)
        #expect(item.warnings == [ProductWarning(path: "subscriptionOfferDetails[0].installmentPlanDetail", message:
            #"is not read: it is no member of an entry of a ProductDetails' subscriptionOfferDetails; the Billing Library writes "installmentPlanDetails""#)])
    }

    // MARK: StoreKit 2's jsonRepresentation

    /// `Product.jsonRepresentation` of a monthly subscription with a free trial and a
    /// promotional offer, with every key StoreKit writes, the ones this reader does not need
    /// among them (`icuLocale`, `subscriptionFamilyRank`, `buyParams`, `assets`,
    /// `priceFormatted`, `billingPlanType`…).
    static func jsonRepresentation(attributes: String = "", offer: String = "", discount: String = "") -> String {
        #"{"id":"6447000001","type":"in-apps","href":"/v1/catalog/usa/in-apps/6447000001","attributes":{"#
            + #""description":{"standard":"Every feature"},"icuLocale":"en_US@currency=USD","isFamilyShareable":0,"#
            + #""isMerchandisedEnabled":0,"isMerchandisedVisibleByDefault":0,"isSubscription":1,"kind":"Auto-Renewable Subscription","#
            + #""name":"Pro Monthly","offerName":"com.example.pro.monthly","releaseDate":"2026-01-01","subscriptionFamilyId":"21000001","#
            + #""subscriptionFamilyName":"Pro","subscriptionFamilyRank":1,"url":"https://apps.apple.com/us/app/id6447000000",\#(attributes)"#
            + #""offers":[{"assets":[],"billingPlanType":"UP_FRONT","buyParams":"productType=A&price=9990","currencyCode":"USD",\#(offer)"#
            + #""price":"9.99","priceFormatted":"$9.99","recurringSubscriptionPeriod":"P1M","type":"buy","discounts":["#
            + #"{"type":"IntroOffer","modeType":"FreeTrial","numOfPeriods":1,"billingPlanType":"UP_FRONT","priceString":"0.00","#
            + #""priceFormatted":"$0.00","recurringSubscriptionPeriod":"P1W"},"#
            + #"{"type":"AdhocOffer","modeType":"PayAsYouGo","numOfPeriods":3,"offerId":"comeback",\#(discount)"price":"4.99","#
            + #""priceFormatted":"$4.99","recurringSubscriptionPeriod":"P1M"}]}]}}"#
    }

    @Test func aStoreKitJSONRepresentationAsStoreKitWritesItHasNoWarning() throws {
        let document = try read(Self.jsonRepresentation(), as: .storeKit2)
        let item = try #require(document.items.first)
        let product = try item.result.get().product
        #expect(product.introductoryPrice?.paymentMode == .freeTrial)
        #expect(product.discounts?.map(\.identifier) == ["comeback"])
        #expect(item.warnings.isEmpty && item.errors.isEmpty)
        #expect(document.problems.isEmpty)
    }

    /// An offer list under a misspelt `discounts` would lose the trial, an `offerID` the
    /// offer's identifier: each is named, with StoreKit's spelling, at every level read.
    @Test func aStoreKitJSONRepresentationsMembersAreChecked() throws {
        let json = Self.jsonRepresentation(attributes: #""subscriptionFamilyRnk":1,"#, offer: #""discount":[],"#, discount: #""offerID":"back","#)
            .replacingOccurrences(of: #""href""#, with: #""hrefs""#)
        let item = try #require(try read(json, as: .storeKit2).items.first)
        let writes = "StoreKit writes"
        #expect(item.warnings == [
            ProductWarning(path: "hrefs", message: #"is not read: it is no member of a product in StoreKit's jsonRepresentation; \#(writes) "href""#),
            ProductWarning(path: "attributes.subscriptionFamilyRnk", message:
                #"is not read: it is no member of a product's attributes in StoreKit's jsonRepresentation; \#(writes) "subscriptionFamilyRank""#),
            ProductWarning(path: "attributes.offers[0].discount", message:
                #"is not read: it is no member of a price (offers) in StoreKit's jsonRepresentation; \#(writes) "discounts""#),
            ProductWarning(path: "attributes.offers[0].discounts[1].offerID", message:
                #"is not read: it is no member of an offer (discounts) in StoreKit's jsonRepresentation; \#(writes) "offerId""#),
        ])
        // The offer itself is read, with the identifier its offerId gives.
        #expect(try item.result.get().product.discounts?.map(\.identifier) == ["comeback"])
    }

    // MARK: Play Console one-time products

    /// A one-time product with a buy and a rent option and an offer of the buy option, every
    /// member the Android Publisher API defines (some of them not read).
    static func oneTimeProduct(product: String = "", option: String = "", rent: String = "", region: String = "", offer: String = "") -> String {
        let money = #"{"currencyCode":"USD","units":"4","nanos":990000000}"#
        let album = #"{"packageName":"com.example.app","productId":"album",\#(product)"listings":[{"languageCode":"en-US","title":"Album","#
            + #""description":"Every track"}],"taxAndComplianceSettings":{"isTokenizedDigitalAsset":false},"#
            + #""restrictedPaymentCountries":{"regionCodes":[]},"offerTags":[],"regionsVersion":{"version":"2025/03"},"purchaseOptions":["#
            + #"{"purchaseOptionId":"buy","state":"ACTIVE",\#(option)"buyOption":{"legacyCompatible":true,"multiQuantityEnabled":false},"#
            + #""offerTags":[],"taxAndComplianceSettings":{},"newRegionsConfig":{"usdPrice":\#(money),"#
            + #""eurPrice":{"currencyCode":"EUR","units":"4","nanos":990000000},"availability":"AVAILABLE"},"#
            + #""regionalPricingAndAvailabilityConfigs":[{"regionCode":"US",\#(region)"price":\#(money),"availability":"AVAILABLE"}]},"#
            + #"{"purchaseOptionId":"rent","state":"ACTIVE","rentOption":{"rentalPeriod":"P3D",\#(rent)"expirationPeriod":"P1D"},"#
            + #""regionalPricingAndAvailabilityConfigs":[{"regionCode":"US","price":{"currencyCode":"USD","units":"1","nanos":990000000},"#
            + #""availability":"AVAILABLE"}]}]}"#
        let launch = #"{"packageName":"com.example.app","productId":"album","purchaseOptionId":"buy","offerId":"launch","state":"ACTIVE",\#(offer)"#
            + #""offerTags":[],"regionsVersion":{"version":"2025/03"},"discountedOffer":{"startTime":"2026-01-01T00:00:00Z","#
            + #""endTime":"2026-02-01T00:00:00Z","redemptionLimit":"1"},"#
            + #""regionalPricingAndAvailabilityConfigs":[{"regionCode":"US","relativeDiscount":0.2,"availability":"AVAILABLE"}]}"#
        return "[\(album),\(launch)]"
    }

    /// Not one warning but the offer's own: one-time product offers are not rendered yet.
    @Test func aPlayConsoleOneTimeProductAsTheAPIWritesItHasNoWarning() throws {
        let document = try read(Self.oneTimeProduct(), as: .playConsole)
        #expect(document.items.map(\.source.productIdentifier) == ["album:buy", "album:rent"])
        #expect(document.items[0].warnings.isEmpty && document.items.allSatisfy { $0.errors.isEmpty })
        #expect(document.items[1].warnings.map(\.path) == ["[0].purchaseOptions[1].rentOption"], "the rental's own warning")
        #expect(document.problems.map(\.error.message) == [
            #"is not read: the one-time product offer "launch" of purchase option "buy" of "album" is not rendered yet; its purchase option's price is"#,
        ])
    }

    /// A misspelt `availability` would hide that the option is not sold in the region, a
    /// misspelt `productId` would part the offer from its product: every level is checked,
    /// each member named once (the product's and the option's on their first product).
    @Test func aPlayConsoleOneTimeProductsMembersAreChecked() throws {
        let json = Self.oneTimeProduct(product: #""listing":[],"#, option: #""buyOptions":{},"#, rent: #""rentalPeriods":"P3D","#,
                                       region: #""availabilty":"NO_LONGER_AVAILABLE","#, offer: #""discountOffer":{},"#)
        let document = try read(json, as: .playConsole)
        let writes = "the Android Publisher API writes"
        #expect(document.items[0].warnings == [
            ProductWarning(path: "[0].listing", message: #"is not read: it is no member of an Android Publisher API one-time product; \#(writes) "listings""#),
            ProductWarning(path: "[0].purchaseOptions[0].buyOptions", message:
                #"is not read: it is no member of an Android Publisher API purchase option; \#(writes) "buyOption""#),
            ProductWarning(path: "[0].purchaseOptions[0].regionalPricingAndAvailabilityConfigs[0].availabilty", message:
                #"is not read: it is no member of an Android Publisher API regional pricing and availability configuration; \#(writes) "availability""#),
        ])
        #expect(document.items[1].warnings.map(\.description) == [
            #"[0].purchaseOptions[1].rentOption.rentalPeriods: is not read: it is no member of an Android Publisher API rent option; \#(writes) "rentalPeriod""#,
            #"[0].purchaseOptions[1].rentOption: is not in the text: this purchase option is a rental (rentalPeriod "P3D"), and its price is rendered as a one-time price"#,
        ])
        #expect(document.problems.map(\.error.description).first ==
            #"[1].discountOffer: is not read: it is no member of an Android Publisher API one-time product offer; \#(writes) "discountedOffer""#)
        #expect(document.problems.count == 2)
    }
}
