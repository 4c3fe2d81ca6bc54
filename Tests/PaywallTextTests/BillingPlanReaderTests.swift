import Foundation
@testable import PaywallText
import Testing

/// Billing plans read from every format that carries them (PRODUCT §15): each document gives
/// the products a hand-written model gives, and renders the same text; errors name the path in
/// the document; what is not read is reported.
@Suite("Billing plans in store documents")
struct BillingPlanReaderTests {
    private func read(_ json: String, as format: InputFormat, options: ReadOptions = ReadOptions()) throws -> StoreDocument {
        try StoreDocuments.read(Data(json.utf8), format: format, options: options)
    }

    private func example(_ name: String, as format: InputFormat) throws -> StoreDocument {
        try StoreDocuments.read(Data(contentsOf: packageRoot.appendingPathComponent("Examples/\(name)")), format: format)
    }

    /// The document's product equals the model's, and both render the same text.
    private func expectSame(_ item: ImportedProduct, as model: Product, locale: String = "en-US",
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
        let read = try item.result.get().product
        #expect(read == model, sourceLocation: sourceLocation)
        #expect(try render(read, locale) == render(model, locale), sourceLocation: sourceLocation)
    }

    private static func commitment(
        _ id: String, _ price: String, _ currency: String, payments: Int = 12, total: String? = nil, renewal: CommitmentRenewal
    ) -> Product {
        Product(productIdentifier: id, price: decimal(price), currencyCode: currency, subscriptionPeriod: .months(1),
                billingPlan: .commitment(Commitment(numberOfPayments: payments, totalPrice: total.map(decimal), renewal: renewal)))
    }

    // MARK: - StoreKit 2

    @Test func storeKit2PricingTerms() throws {
        let document = try example("billingplans-storekit2.json", as: .storeKit2)
        #expect(document.items.map(\.source.path) == ["[0]", "[0].subscription.pricingTerms[1]", "[1]"])
        #expect(document.items.allSatisfy { $0.errors.isEmpty && $0.warnings.isEmpty })
        try expectSame(document.items[1], as: Self.commitment("com.example.pro.yearly", "4.99", "EUR", total: "59.88",
                                                             renewal: .newCommitment(numberOfPayments: 12)))
        // The plan billed up front is the product itself.
        #expect(try document.items[0].result.get().product.billingPlan == nil)
    }

    @Test func storeKit2PricingTermsThatDisagreeAreNamed() throws {
        func document(upFront: String, commitment: String) -> String {
            #"{"id": "pro", "price": 49.99, "currencyCode": "EUR", "subscription": {"subscriptionPeriod": {"unit": "year", "value": 1}, "pricingTerms": ["#
                + #"{"billingPlanType": "upFront", "billingPrice": \#(upFront), "billingPeriod": {"unit": "year", "value": 1}},"#
                + #"{"billingPlanType": "monthly", "billingPrice": 4.99, "billingPeriod": {"unit": "month", "value": 1}, "commitmentInfo": \#(commitment), "#
                + #""subscriptionOffers": [{"type": "introductory", "paymentMode": "freeTrial"}]},"#
                + #"{"billingPlanType": "quarterly"}]}}"#
        }
        let disagreeing = try read(document(upFront: "39.99", commitment: #"{"price": 59.87, "period": {"unit": "week", "value": 5}}"#), as: .storeKit2)
        #expect(disagreeing.items.count == 2)
        #expect(disagreeing.items[0].errors.map(\.description) == [
            "subscription.pricingTerms[0].billingPrice: 39.99 disagrees with the product's price, 49.99: the up-front plan is the product",
        ])
        #expect(disagreeing.items[0].warnings.map(\.description) == [
            #"subscription.pricingTerms[2].billingPlanType: is not read: "quarterly" is not a billing plan this reader knows (upFront, monthly)"#,
        ])
        // 5 weeks is no number of monthly payments.
        #expect(disagreeing.items[1].errors.map(\.description) == [
            "subscription.pricingTerms[1].commitmentInfo.period: a commitment of 5 weeks is not a whole number of billing periods of 1 month",
        ])
        let total = try read(document(upFront: "49.99", commitment: #"{"price": 59.87, "period": {"unit": "year", "value": 1}}"#), as: .storeKit2)
        #expect(total.items[1].errors.map(\.description) == [
            "subscription.pricingTerms[1].commitmentInfo.price: 59.87 is not 12 payments of the price, 4.99 EUR (59.88 in total)",
        ])
        #expect(total.items[1].warnings.map(\.description) == [
            "subscription.pricingTerms[1].subscriptionOffers[0]: is not read: offers on a commitment plan are not rendered yet",
        ])
    }

    // MARK: - Xcode StoreKit configuration

    @Test func storeKitConfigMonthlyPlan() throws {
        let json = #"{"settings": {"_storefront": "DEU"}, "version": {"major": 4, "minor": 0}, "subscriptionGroups": [{"name": "pro", "subscriptions": [{"#
            + #""productID": "pro.yearly", "displayPrice": "49.99", "recurringSubscriptionPeriod": "P1Y", "type": "RecurringSubscription", "#
            + #""billingPlans": [{"billingPlanType": "BILLED_UPFRONT", "displayPrice": "49.99"}, "#
            + #"{"billingPlanType": "MONTHLY", "displayPrice": "4.99", "adHocOffers": [{"offerID": "back", "paymentMode": "free", "subscriptionPeriod": "P1M"}]}]}]}]}"#
        let document = try read(json, as: .storeKitConfig)
        #expect(document.items.map(\.source.path) == ["subscriptionGroups[0].subscriptions[0]",
                                                     "subscriptionGroups[0].subscriptions[0].billingPlans[1]"])
        #expect(document.items.map(\.source.territory) == ["DEU", "DEU"])
        try expectSame(document.items[1], as: Self.commitment("pro.yearly", "4.99", "EUR", renewal: .newCommitment(numberOfPayments: 12)),
                       locale: "en-GB")
        #expect(document.items[1].warnings.map(\.description) == [
            "subscriptionGroups[0].subscriptions[0].billingPlans[1].adHocOffers: is not read: offers on a commitment plan are not rendered yet",
        ])
        #expect(document.items[0].errors.isEmpty && document.items[1].errors.isEmpty)

        let mismatched = json.replacingOccurrences(of: #""BILLED_UPFRONT", "displayPrice": "49.99""#, with: #""BILLED_UPFRONT", "displayPrice": "44.99""#)
            .replacingOccurrences(of: #""MONTHLY", "displayPrice": "4.99""#, with: #""MONTHLY", "displayPrice": "4.999""#)
        let bad = try read(mismatched, as: .storeKitConfig)
        #expect(bad.items[0].errors.map(\.description) == [
            "subscriptionGroups[0].subscriptions[0].billingPlans[0].displayPrice: 44.99 disagrees with the subscription's displayPrice, 49.99: the plan billed up front is the subscription",
        ])
        #expect(bad.items[1].errors.map(\.description) == [
            "subscriptionGroups[0].subscriptions[0].billingPlans[1].displayPrice: 4.999 has 3 decimal places, but EUR has 2",
        ])
    }

    // MARK: - App Store Connect

    /// A one-year subscription's prices: billed up front, and the monthly plan's (`planType`
    /// `MONTHLY`) in Germany and the United States, where Apple does not sell it (a warning).
    @Test func appStoreConnectMonthlyPlan() throws {
        func price(_ id: String, _ plan: String, _ territory: String, _ point: String) -> String {
            #"{"type": "subscriptionPrices", "id": "\#(id)", "attributes": {"startDate": null, "planType": "\#(plan)"}, "#
                + #""relationships": {"territory": {"data": {"type": "territories", "id": "\#(territory)"}}, "#
                + #""subscriptionPricePoint": {"data": {"type": "subscriptionPricePoints", "id": "\#(point)"}}}}"#
        }
        func point(_ id: String, _ price: String) -> String {
            #"{"type": "subscriptionPricePoints", "id": "\#(id)", "attributes": {"customerPrice": "\#(price)"}}"#
        }
        let json = #"{"data": ["# + [price("p1", "UPFRONT", "DEU", "a"), price("p2", "MONTHLY", "DEU", "b"), price("p3", "MONTHLY", "USA", "c")].joined(separator: ",")
            + #"], "included": [{"type": "subscriptions", "id": "6447", "attributes": {"productId": "pro.yearly", "subscriptionPeriod": "ONE_YEAR"}}, "#
            + #"{"type": "territories", "id": "DEU", "attributes": {"currency": "EUR"}}, {"type": "territories", "id": "USA", "attributes": {"currency": "USD"}}, "#
            + [point("a", "49.99"), point("b", "4.99"), point("c", "5.99")].joined(separator: ",")
            + #"], "links": {"self": "https://api.appstoreconnect.apple.com/v1/subscriptions/6447/prices"}}"#
        let document = try read(json, as: .appStoreConnect)
        #expect(document.items.map(\.source.path) == ["data[0]", "data[1]", "data[2]"])
        #expect(try document.items[0].result.get().product.billingPlan == nil)
        try expectSame(document.items[1], as: Self.commitment("pro.yearly", "4.99", "EUR", renewal: .newCommitment(numberOfPayments: 12)),
                       locale: "en-GB")
        #expect(document.items[1].warnings.isEmpty)
        #expect(document.items[2].warnings.map(\.path) == ["data[2]"])
        #expect(document.items[2].warnings.first?.message.contains("United States and Singapore") == true)
        #expect(document.problems.isEmpty)
    }

    // MARK: - Play Billing ProductDetails

    @Test func playBillingInstallmentAndPrepaidPlans() throws {
        let monthly = #"{"priceAmountMicros": 4990000, "priceCurrencyCode": "EUR", "billingPeriod": "P1M", "recurrenceMode": 1, "billingCycleCount": 0}"#
        let json = #"{"productId": "coach", "productType": "subs", "subscriptionOfferDetails": ["#
            + #"{"basePlanId": "installments", "offerIdToken": "t1", "pricingPhases": [\#(monthly)], "#
            + #""installmentPlanDetails": {"commitmentPaymentsCount": 12, "subsequentCommitmentPaymentsCount": 12}},"#
            + #"{"basePlanId": "installments", "offerId": "trial", "offerIdToken": "t2", "pricingPhases": [{"priceAmountMicros": 0, "priceCurrencyCode": "EUR", "billingPeriod": "P1W", "recurrenceMode": 2, "billingCycleCount": 1}, \#(monthly)], "#
            + #""installmentPlanDetails": {"commitmentPaymentsCount": 12, "subsequentCommitmentPaymentsCount": 12}},"#
            + #"{"basePlanId": "after", "offerIdToken": "t3", "pricingPhases": [\#(monthly)], "installmentPlanDetails": {"installmentPlanCommitmentPaymentsCount": 6}},"#
            + #"{"basePlanId": "pass", "offerIdToken": "t4", "pricingPhases": [{"priceAmountMicros": 12990000, "priceCurrencyCode": "EUR", "billingPeriod": "P1M", "recurrenceMode": 3, "billingCycleCount": 1}]}"#
            + "]}"
        let document = try read(json, as: .googlePlay)
        #expect(document.items.count == 3)
        // The installment plan's free trial is its offer.
        try expectSame(document.items[0], as: Self.commitment("coach:installments", "4.99", "EUR", renewal: .newCommitment(numberOfPayments: 12)).with {
            $0.discounts = [Discount(identifier: "trial", type: .promotional, paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1))]
        })
        #expect(document.items[0].warnings.isEmpty)
        // A subsequent count left out (JSON that drops zeros) is 0: the plan goes on without a commitment.
        try expectSame(document.items[1], as: Self.commitment("coach:after", "4.99", "EUR", payments: 6, renewal: .regularPrice))
        try expectSame(document.items[2], as: Product(productIdentifier: "coach:pass", price: decimal("12.99"), currencyCode: "EUR",
                                                      subscriptionPeriod: .months(1), billingPlan: .prepaid))
        #expect(document.items.allSatisfy { $0.errors.isEmpty })

        let missing = try read(json.replacingOccurrences(of: #""commitmentPaymentsCount": 12, "subsequentCommitmentPaymentsCount": 12}},{"basePlanId": "installments", "offerId""#,
                                                         with: #""subsequentCommitmentPaymentsCount": 12}},{"basePlanId": "installments", "offerId""#), as: .googlePlay)
        #expect(missing.items[0].errors.map(\.description) == [
            "subscriptionOfferDetails[0].installmentPlanDetails.commitmentPaymentsCount: is required: the number of payments committed to",
        ])
    }

    // MARK: - Play Console

    @Test func playConsoleInstallmentAndPrepaidBasePlans() throws {
        let document = try example("billingplans-playconsole.json", as: .playConsole)
        #expect(document.items.map(\.source.productIdentifier) == ["coaching:monthly", "coaching:monthly", "coaching:monthly-12",
                                                                  "coaching:monthly-12", "coaching:pass-30", "coaching:pass-30"])
        // The subscription's listings give every base plan its title; the installment plan's
        // free month is its offer.
        var commitment = Self.commitment("coaching:monthly-12", "4.99", "EUR", renewal: .regularPrice)
        commitment.localizedDisplayNames = ["en-US": "Coaching"]
        commitment.discounts = [Discount(identifier: "first-month-free", type: .promotional, paymentMode: .freeTrial, price: 0,
                                         subscriptionPeriod: .months(1))]
        try expectSame(document.items[2], as: commitment, locale: "en-GB")
        try expectSame(document.items[5], as: Product(productIdentifier: "coaching:pass-30", price: decimal("39.9"), currencyCode: "BRL",
                                                      subscriptionPeriod: .months(1), billingPlan: .prepaid,
                                                      localizedDisplayNames: ["en-US": "Coaching"]))
        #expect(document.items.allSatisfy { $0.warnings.isEmpty })
        #expect(!document.hasErrors)

        let plan = #"{"productId": "coach", "basePlans": [{"basePlanId": "i", "installmentsBasePlanType": {"billingPeriodDuration": "P1M", "renewalType": "RENEWAL_TYPE_FOREVER"}, "#
            + #""regionalConfigs": [{"regionCode": "FR", "price": {"currencyCode": "EUR", "units": "4", "nanos": 990000000}}]}]}"#
        // Every problem of the plan's terms at once: the missing count and the unknown renewal type.
        let bad = try read(plan, as: .playConsole)
        #expect(bad.items.first?.errors.map(\.description) == [
            "basePlans[0].installmentsBasePlanType.committedPaymentsCount: is required",
            #"basePlans[0].installmentsBasePlanType.renewalType: unknown renewalType "RENEWAL_TYPE_FOREVER"; expected RENEWAL_TYPE_RENEWS_WITH_COMMITMENT or RENEWAL_TYPE_RENEWS_WITHOUT_COMMITMENT"#,
        ])
        let renewal = try read(plan.replacingOccurrences(of: #""P1M", "#, with: #""P1M", "committedPaymentsCount": 12, "#), as: .playConsole)
        #expect(renewal.items.first?.errors.map(\.description) == [
            #"basePlans[0].installmentsBasePlanType.renewalType: unknown renewalType "RENEWAL_TYPE_FOREVER"; expected RENEWAL_TYPE_RENEWS_WITH_COMMITMENT or RENEWAL_TYPE_RENEWS_WITHOUT_COMMITMENT"#,
        ])
    }
}
