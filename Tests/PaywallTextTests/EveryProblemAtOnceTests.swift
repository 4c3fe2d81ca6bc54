import Foundation
@testable import PaywallText
import Testing

/// Every problem of a product is named in one reading, not one layer per run (PRODUCT §12a):
/// each member of a price or a plan's terms, and the model's problems of the fields a reader
/// did read beside the reader's own errors. A field the reader could not read says nothing
/// more: it is not checked as the default it stands at.
@Suite("Every problem of a product at once")
struct EveryProblemAtOnceTests {
    private func read(_ json: String, as format: InputFormat) throws -> StoreDocument {
        try StoreDocuments.read(Data(json.utf8), format: format)
    }

    /// A Play Console subscription (Android Publisher API `monetization.subscriptions`) with one
    /// base plan in the US; `plan` is the base plan's type member, `price` the region's `Money`.
    private func subscription(plan: String, price: String) -> String {
        #"{"packageName":"com.example.app","productId":"premium","basePlans":[{"basePlanId":"monthly","state":"ACTIVE",\#(plan)"#
            + #""regionalConfigs":[{"regionCode":"US","newSubscriberAvailability":true,"price":\#(price)}]}]}"#
    }

    private static let monthly = #""autoRenewingBasePlanType":{"billingPeriodDuration":"P1M"},"#

    /// A `Money` without its currency and without its amount (a `priceMicros` in place of
    /// `units` and `nanos`): both are named, and the stray member is a warning.
    @Test func aMoneyNamesItsMissingCurrencyBesideItsMissingAmount() throws {
        let item = try #require(try read(subscription(plan: Self.monthly, price: #"{"priceMicros":"9990000"}"#), as: .playConsole).items.first)
        #expect(throws: PaywallTextError.self) { try item.result.get() }
        #expect(item.errors.map(\.path) == ["basePlans[0].regionalConfigs[0].price.currencyCode", "basePlans[0].regionalConfigs[0].price"])
        #expect(item.errors[0].message == "is required")
        #expect(item.errors[1].message.hasPrefix("has neither units nor nanos, so it holds no amount"))
        #expect(item.warnings.map(\.path) == ["basePlans[0].regionalConfigs[0].price.priceMicros"])
    }

    /// An offer phase's `Money` names all of its problems too: units that are no number and
    /// nanos beyond 10^9, in one reading.
    @Test func anOfferPhasesMoneyNamesEveryProblem() throws {
        let offer = #"{"packageName":"com.example.app","productId":"premium","basePlanId":"monthly","offerId":"intro","#
            + #""phases":[{"duration":"P1M","recurrenceCount":1,"regionalConfigs":[{"regionCode":"US","price":{"currencyCode":"USD","units":"four","nanos":1990000000}}]}],"#
            + #""regionalConfigs":[{"regionCode":"US","newSubscriberAvailability":true}]}"#
        let base = subscription(plan: Self.monthly, price: #"{"currencyCode":"USD","units":"9","nanos":990000000}"#)
        let item = try #require(try read("[\(base),\(offer)]", as: .playConsole).items.first)
        // The base plan renders; the offer is left out with both of its price's problems.
        #expect(try item.result.get().product.discounts == nil)
        #expect(item.errors.map(\.path) == ["[1].phases[0].regionalConfigs[0].price.units", "[1].phases[0].regionalConfigs[0].price.nanos"])
    }

    /// An installment base plan without its period, its count and with an unknown renewal
    /// type: the three are named at once.
    @Test func anInstallmentPlansTermsAreNamedAtOnce() throws {
        let plan = #""installmentsBasePlanType":{"gracePeriodDuration":"P7D","renewalType":"RENEWAL_TYPE_ONCE"},"#
        let item = try #require(try read(subscription(plan: plan, price: #"{"currencyCode":"EUR","units":"4","nanos":990000000}"#),
                                         as: .playConsole).items.first)
        #expect(item.errors.map(\.path) == [
            "basePlans[0].installmentsBasePlanType.billingPeriodDuration",
            "basePlans[0].installmentsBasePlanType.committedPaymentsCount",
            "basePlans[0].installmentsBasePlanType.renewalType",
        ])
        #expect(item.errors[2].message.hasPrefix(#"unknown renewalType "RENEWAL_TYPE_ONCE""#))
    }

    /// A Play Billing installment plan (Billing Library 7, `installmentPlanDetails`) without its
    /// committed payments and with a negative count after them: both counts are named.
    @Test func aPlayBillingInstallmentPlansCountsAreNamedAtOnce() throws {
        let details = #"{"productId":"coaching","productType":"subs","subscriptionOfferDetails":[{"basePlanId":"monthly-12","offerToken":"t","#
            + #""offerTags":[],"installmentPlanDetails":{"subsequentCommitmentPaymentsCount":-1},"pricingPhases":{"pricingPhaseList":["#
            + #"{"priceAmountMicros":4990000,"priceCurrencyCode":"EUR","formattedPrice":"€4.99","billingPeriod":"P1M","billingCycleCount":0,"recurrenceMode":1}]}}]}"#
        let item = try #require(try read(details, as: .googlePlay).items.first)
        #expect(item.errors.map(\.description) == [
            "subscriptionOfferDetails[0].installmentPlanDetails.commitmentPaymentsCount: is required: the number of payments committed to",
            "subscriptionOfferDetails[0].installmentPlanDetails.subsequentCommitmentPaymentsCount: must not be negative, got -1",
        ])
    }

    /// A base plan without its type, priced below 0: the reader's error and the model's, at once.
    @Test func theModelsProblemsOfTheFieldsReadComeWithTheReadersOwn() throws {
        let item = try #require(try read(subscription(plan: "", price: #"{"currencyCode":"USD","units":"-5"}"#), as: .playConsole).items.first)
        #expect(throws: PaywallTextError.self) { try item.result.get() }
        #expect(item.errors.map(\.description) == [
            "basePlans[0]: has none of autoRenewingBasePlanType, installmentsBasePlanType and prepaidBasePlanType: "
                + "the type of the base plan says how its price is paid",
            "basePlans[0].regionalConfigs[0].price: must not be negative, got -5",
        ])
    }

    /// A Stripe price without its interval and with a negative amount; an Xcode StoreKit
    /// configuration subscription without its period, whose pay-as-you-go offer costs 0. Each
    /// names both problems, and nothing about the period it lacks (an offer needs one).
    @Test func theModelChecksWhatEachReaderRead() throws {
        let price = #"{"id":"price_1","object":"price","active":true,"currency":"usd","unit_amount":-500,"type":"recurring","#
            + #""recurring":{"interval_count":1,"usage_type":"licensed"},"product":"prod_1"}"#
        let stripe = try #require(try read(price, as: .stripe).items.first)
        #expect(stripe.errors.map(\.description) == [
            "recurring.interval: is required",
            "unit_amount: must not be negative, got -5",
        ])

        let file = #"{"settings":{"_storefront":"USA"},"version":{"major":4,"minor":0},"subscriptionGroups":[{"id":"1","name":"Pro","#
            + #""subscriptions":[{"productID":"pro.monthly","type":"RecurringSubscription","displayPrice":"9.99","internalID":"1","#
            + #""adHocOffers":[{"offerID":"back","internalID":"2","paymentMode":"payAsYouGo","displayPrice":"0","numberOfPeriods":3,"subscriptionPeriod":"P1M"}]}]}]}"#
        let config = try #require(try read(file, as: .storeKitConfig).items.first)
        #expect(config.errors.map(\.description) == [
            "subscriptionGroups[0].subscriptions[0].recurringSubscriptionPeriod: is required",
            "subscriptionGroups[0].subscriptions[0].adHocOffers[0].displayPrice: must be greater than 0 for payAsYouGo, got 0; use freeTrial for a free offer",
        ])
    }

    /// A field the reader could not read stands at its default in what it made, and says
    /// nothing: a `Money` without its amount is not also "0 for a renewing plan" or a price
    /// without its currency, and a Stripe price without its amount is not "0" either.
    @Test func aFieldTheReaderCouldNotReadGivesNoMoreProblems() throws {
        let money = try #require(try read(subscription(plan: "", price: #"{"currencyCode":"USD","priceMicros":"9990000"}"#),
                                          as: .playConsole).items.first)
        #expect(money.errors.map(\.path) == ["basePlans[0]", "basePlans[0].regionalConfigs[0].price"])

        let price = #"{"id":"price_1","object":"price","currency":"usd","type":"recurring","recurring":{"interval":"month"}}"#
        let stripe = try #require(try read(price, as: .stripe).items.first)
        #expect(stripe.errors.map(\.path) == ["unit_amount"])
    }
}
