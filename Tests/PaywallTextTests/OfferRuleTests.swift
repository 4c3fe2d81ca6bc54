import Foundation
@testable import PaywallText
import Testing

/// The App Store's offer rules (PRODUCT §12): each allowed duration passes, each other one
/// is a warning naming the field.
@Suite("App Store offer rules")
struct OfferRuleTests {
    private func warnings(plan: SubscriptionPeriod, _ offer: Discount) -> [ProductWarning] {
        AppStoreOfferRules.check(Product(price: 10, currencyCode: "USD", subscriptionPeriod: plan, introductoryPrice: offer))
    }

    private func freeTrial(_ period: SubscriptionPeriod) -> Discount {
        Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: period)
    }

    @Test(arguments: [SubscriptionPeriod.days(3), .weeks(1), .days(7), .weeks(2), .days(14), .months(1), .months(2), .months(3),
                      .months(6), .years(1), .months(12)])
    func allowedFreeTrials(_ period: SubscriptionPeriod) {
        #expect(warnings(plan: .months(1), freeTrial(period)).isEmpty)
    }

    @Test(arguments: [SubscriptionPeriod.days(1), .days(5), .days(10), .weeks(3), .months(4), .months(9), .years(2)])
    func otherFreeTrials(_ period: SubscriptionPeriod) {
        let found = warnings(plan: .months(1), freeTrial(period))
        #expect(found.map(\.path) == ["introductoryPrice.subscriptionPeriod"])
        #expect(found.first?.message.hasPrefix("an App Store free trial lasts 3 days, 1 or 2 weeks, 1, 2, 3 or 6 months, or 1 year; this one lasts ") == true)
    }

    @Test func aFreeTrialOfSeveralPeriodsIsJudgedByItsWholeLength() {
        let twoWeeks = Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1), numberOfPeriods: 2)
        #expect(warnings(plan: .months(1), twoWeeks).isEmpty)
        let threeWeeks = Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1), numberOfPeriods: 3)
        #expect(warnings(plan: .months(1), threeWeeks).map(\.path) == ["introductoryPrice"])
    }

    private func payUpFront(_ period: SubscriptionPeriod) -> Discount {
        Discount(paymentMode: .payUpFront, price: 5, subscriptionPeriod: period)
    }

    @Test(arguments: [SubscriptionPeriod.months(1), .months(2), .months(3), .months(6), .years(1), .months(12)])
    func allowedPayUpFront(_ period: SubscriptionPeriod) {
        #expect(warnings(plan: .months(1), payUpFront(period)).isEmpty)
    }

    @Test(arguments: [SubscriptionPeriod.days(3), .weeks(1), .weeks(2), .months(4), .months(9), .years(2)])
    func otherPayUpFront(_ period: SubscriptionPeriod) {
        let found = warnings(plan: .months(1), payUpFront(period))
        #expect(found.map(\.path) == ["introductoryPrice.subscriptionPeriod"])
        #expect(found.first?.message.hasPrefix("an App Store pay-up-front offer covers 1, 2, 3 or 6 months, or 1 year; this one covers ") == true)
    }

    /// For each plan, the numbers of its periods a pay-as-you-go offer may last, and the first that it may not.
    @Test(arguments: [
        (SubscriptionPeriod.weeks(1), Array(1...12), 13, "1–12 weeks"),
        (.days(7), Array(1...12), 13, "1–12 weeks"),
        (.months(1), Array(1...12), 13, "1–12 months"),
        (.months(2), Array(1...6), 7, "2, 4, 6, 8, 10 or 12 months"),
        (.months(3), Array(1...4), 5, "3, 6, 9 or 12 months"),
        (.months(6), [1, 2], 3, "6 or 12 months"),
        (.years(1), [1], 2, "1 year"),
    ])
    func payAsYouGo(_ plan: SubscriptionPeriod, _ allowed: [Int], _ notAllowed: Int, _ lengths: String) {
        func offer(_ count: Int) -> Discount {
            Discount(paymentMode: .payAsYouGo, price: 1, subscriptionPeriod: plan, numberOfPeriods: count)
        }
        for count in allowed {
            #expect(warnings(plan: plan, offer(count)).isEmpty, "\(count)")
        }
        let found = warnings(plan: plan, offer(notAllowed))
        #expect(found.map(\.path) == ["introductoryPrice.numberOfPeriods"])
        #expect(found.first?.message.contains("lasts \(lengths); this one lasts") == true)
    }

    @Test func payAsYouGoIsChargedEveryBillingPeriodOfThePlan() {
        let weekly = Discount(paymentMode: .payAsYouGo, price: 1, subscriptionPeriod: .weeks(1), numberOfPeriods: 4)
        let found = warnings(plan: .months(1), weekly)
        #expect(found == [ProductWarning(path: "introductoryPrice.subscriptionPeriod", message:
            "an App Store pay-as-you-go offer is charged every billing period of the subscription (1 month); this one every 1 week")])
    }

    @Test(arguments: [SubscriptionPeriod.weeks(1), .days(7), .months(1), .months(2), .months(3), .months(6), .years(1)])
    func allowedPlans(_ plan: SubscriptionPeriod) {
        #expect(AppStoreOfferRules.check(Product(price: 10, currencyCode: "USD", subscriptionPeriod: plan)).isEmpty)
    }

    @Test(arguments: [SubscriptionPeriod.days(3), .weeks(2), .months(4), .years(2)])
    func otherPlans(_ plan: SubscriptionPeriod) {
        let found = AppStoreOfferRules.check(Product(price: 10, currencyCode: "USD", subscriptionPeriod: plan))
        #expect(found.map(\.path) == ["subscriptionPeriod"])
    }

    @Test func eachPhaseOfAnOfferIsChecked() {
        let offer = Discount.of(identifier: "o", type: .offerCode, [
            OfferPhase(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .days(5)),
            OfferPhase(paymentMode: .payAsYouGo, price: 1, subscriptionPeriod: .months(1), numberOfPeriods: 3),
        ])
        let found = AppStoreOfferRules.check(Product(price: 10, currencyCode: "USD", subscriptionPeriod: .months(1), discounts: [offer]))
        #expect(found.map(\.path) == ["discounts[0].phases[0].subscriptionPeriod"])
    }

    @Test func readersPutTheWarningsOnTheDocumentsFields() throws {
        // A 5-day trial is not an App Store duration; StoreKit 2 names the field `period`.
        let json = #"""
        {"id":"p","price":9.99,"displayPrice":"$9.99","currencyCode":"USD",
         "subscription":{"subscriptionPeriod":{"unit":"month","value":1},
           "introductoryOffer":{"id":null,"type":"introductory","price":0,"period":{"unit":"day","value":5},"periodCount":1,"paymentMode":"freeTrial"}}}
        """#
        let items = try StoreDocuments.read(Data(json.utf8)).items
        #expect(items.first?.warnings.map(\.path) == ["subscription.introductoryOffer.period"])
        // Google Play's rules differ: no App Store warning for a Google product.
        let google = #"""
        {"productId":"p","subscriptionOfferDetails":[{"basePlanId":"b","offerId":"o","pricingPhases":[
          {"priceAmountMicros":0,"priceCurrencyCode":"USD","billingPeriod":"P5D","billingCycleCount":1,"recurrenceMode":2},
          {"priceAmountMicros":9990000,"priceCurrencyCode":"USD","billingPeriod":"P1M","recurrenceMode":1}]}]}
        """#
        #expect(try StoreDocuments.read(Data(google.utf8)).items.first?.warnings == [])
    }
}
