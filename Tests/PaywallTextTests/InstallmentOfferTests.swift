import Foundation
@testable import PaywallText
import Testing

/// Offers on commitments (PRODUCT §15): a Play Console installment base plan's free-trial
/// offer is one of its products' offers, with its text, disclosures and dates; an offer with a
/// paid phase is reported where it charges, since whether its payments are among the committed
/// ones is documented by no store.
@Suite("Offers on installment base plans")
struct InstallmentOfferTests {
    /// An Android Publisher API `monetization.subscriptions` resource, written from its
    /// reference: an installment base plan of 12 monthly payments (`installmentsBasePlanType`),
    /// renewed with a new commitment, priced in the United States and Germany; and its offers
    /// (`GET …/basePlans/{basePlanId}/offers`): a 1-week free trial for new customers, and
    /// 3 discounted months (half price in the United States, €1.99 in Germany).
    static let document = #"""
    [
      {
        "packageName": "com.example.lessons",
        "productId": "lessons",
        "basePlans": [
          {
            "basePlanId": "monthly-12",
            "state": "ACTIVE",
            "installmentsBasePlanType": {
              "billingPeriodDuration": "P1M",
              "committedPaymentsCount": 12,
              "renewalType": "RENEWAL_TYPE_RENEWS_WITH_COMMITMENT",
              "gracePeriodDuration": "P7D",
              "accountHoldDuration": "P30D",
              "resubscribeState": "RESUBSCRIBE_STATE_ACTIVE",
              "prorationMode": "SUBSCRIPTION_PRORATION_MODE_CHARGE_ON_NEXT_BILLING_DATE"
            },
            "regionalConfigs": [
              { "regionCode": "US", "newSubscriberAvailability": true, "price": { "currencyCode": "USD", "units": "4", "nanos": 990000000 } },
              { "regionCode": "DE", "newSubscriberAvailability": true, "price": { "currencyCode": "EUR", "units": "4", "nanos": 990000000 } }
            ]
          }
        ],
        "listings": [ { "languageCode": "en-US", "title": "Lessons" } ]
      },
      {
        "subscriptionOffers": [
          {
            "packageName": "com.example.lessons",
            "productId": "lessons",
            "basePlanId": "monthly-12",
            "offerId": "trial-1w",
            "state": "ACTIVE",
            "phases": [
              { "recurrenceCount": 1, "duration": "P1W",
                "regionalConfigs": [ { "regionCode": "US", "free": {} }, { "regionCode": "DE", "free": {} } ] }
            ],
            "targeting": { "acquisitionRule": { "scope": { "thisSubscription": {} } } },
            "regionalConfigs": [ { "regionCode": "US", "newSubscriberAvailability": true }, { "regionCode": "DE", "newSubscriberAvailability": true } ]
          },
          {
            "packageName": "com.example.lessons",
            "productId": "lessons",
            "basePlanId": "monthly-12",
            "offerId": "three-months-off",
            "state": "ACTIVE",
            "phases": [
              { "recurrenceCount": 3, "duration": "P1M",
                "regionalConfigs": [
                  { "regionCode": "US", "relativeDiscount": 0.5 },
                  { "regionCode": "DE", "price": { "currencyCode": "EUR", "units": "1", "nanos": 990000000 } }
                ] }
            ],
            "regionalConfigs": [ { "regionCode": "US", "newSubscriberAvailability": true }, { "regionCode": "DE", "newSubscriberAvailability": true } ]
          }
        ]
      }
    ]
    """#

    private static func read(_ json: String = document) throws -> StoreDocument {
        try StoreDocuments.read(Data(json.utf8), format: .playConsole)
    }

    private static let trial = Discount(identifier: "trial-1w", type: .promotional, paymentMode: .freeTrial, price: 0,
                                        subscriptionPeriod: .weeks(1))

    private static func paidWarning(_ region: String) -> String {
        "[1].subscriptionOffers[1]: is not read: phases[0] charges a price in \(region), and Google does not document whether the "
            + "payments of an offer's paid phase are among an installment base plan's committedPaymentsCount payments, so the "
            + "commitment's payments, total and end could not be stated; an offer of free phases is rendered"
    }

    /// The free trial is the products' offer in each region; the paid offer is named, with why.
    @Test func theFreeTrialIsReadAndThePaidOfferNamed() throws {
        let document = try Self.read()
        #expect(document.items.map(\.source.territory) == ["US", "DE"])
        #expect(!document.hasErrors)
        #expect(document.problems.isEmpty)
        for (item, region) in zip(document.items, ["US", "DE"]) {
            let product = try item.result.get().product
            #expect(product.billingPlan == .commitment(Commitment(numberOfPayments: 12, renewal: .newCommitment(numberOfPayments: 12))))
            #expect(product.introductoryPrice == nil)
            #expect(product.discounts == [Self.trial])
            #expect(item.warnings.map(\.description) == [Self.paidWarning(region)])
            #expect(!item.warnings.contains { $0.message.contains("not rendered yet") })
        }
    }

    /// The offer's headline and summary are a trial's; its terms are the commitment's, which
    /// follows it; its disclosures say canceling stops none of the payments, and carry no
    /// "unless you cancel" line for the trial.
    @Test func theOfferReadsRightInEnglish() throws {
        let document = try Self.read()
        let renderer = PaywallRenderer(options: RenderOptions(include: .disclosures))
        let text = try #require(try renderer.render(document.items, locale: "en-US").first?.get())
        let offer = try #require(text.offers.first)
        #expect(text.offers.count == 1)
        #expect(offer.identifier == "trial-1w")
        #expect(offer.paymentMode == .freeTrial)
        #expect(offer.headline == "1 week free")
        #expect(offer.summary == "Free for 1 week, then $4.99/month")
        let terms = "You commit to 12 monthly payments of $4.99, $59.88 in total; after that, a new commitment of 12 payments "
            + "begins unless you cancel before then."
        #expect(offer.terms == terms)
        #expect(text.terms == terms)
        #expect(offer.discount == nil)
        let disclosures = try #require(offer.disclosures)
        #expect(text.store == .googlePlay)
        #expect(disclosures.map(\.role) == [.title, .length, .price, .autoRenew, .cancelWindow, .manage])
        #expect(disclosures.first { $0.role == .length }?.text == "Subscription length: 12 months")
        #expect(disclosures.first { $0.role == .autoRenew }?.text == terms)
        #expect(disclosures.first { $0.role == .cancelWindow }?.text
                == "You agree to make every payment of the commitment: canceling does not stop them. "
                + "Canceling before the commitment ends stops the renewal that follows it.")
        #expect(!disclosures.contains { $0.text.contains("renews automatically") })
        // The plan itself is unchanged: its headline, summary and total.
        #expect(text.billingPlan?.headline == "$4.99/month for 12 months")
        #expect(text.billingPlan?.summary == "12 monthly payments of $4.99 ($59.88 in total)")
    }

    /// With an instant: the trial ends a week after it; the commitment's end counts an
    /// introductory offer only, and a Play Console offer is read as promotional (its
    /// eligibility, `targeting`, is not read), so the plan's end is the plan's alone.
    @Test func datesFromAnInstant() throws {
        let document = try Self.read()
        let options = RenderOptions(include: .disclosures, asOf: try AsOf(parsing: "2026-02-01T09:00:00Z"))
        let text = try #require(try PaywallRenderer(options: options).render(document.items, locale: "en-US").first?.get())
        let offer = try #require(text.offers.first)
        #expect(offer.dates?.endsOn == RenderedDate(iso: "2026-02-08", text: "February 8, 2026"))
        #expect(offer.datedHeadline == "Free until February 8, 2026")
        #expect(offer.datedSummary == "Free until February 8, 2026, then $4.99/month")
        #expect(offer.disclosures?.contains { $0.role == .trialConversion } == false)
        #expect(text.billingPlan?.endsOn == RenderedDate(iso: "2027-02-01", text: "February 1, 2027"))
        #expect(text.billingPlan?.endsOnText == "Commitment ends on February 1, 2027")
        #expect(text.dates?.firstChargeOn.iso == "2026-02-01")
    }

    /// In the model, an introductory free trial on a commitment is rendered too: the
    /// commitment's payments follow it, so its first charge and its end are a week later.
    @Test func anIntroductoryTrialMovesTheCommitment() throws {
        let plan = BillingPlanTests.apple.with {
            $0.introductoryPrice = Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1))
        }
        let options = RenderOptions(store: .appStore, include: .disclosures, asOf: try AsOf(parsing: "2026-02-01T09:00:00Z"))
        let text = try render(plan, "en-US", options: options)
        let offer = try #require(text.offers.first)
        #expect(offer.type == .introductory)
        #expect(offer.headline == "1 week free")
        #expect(offer.terms == "You commit to 12 monthly payments of €4.99, €59.88 in total; after that, a new commitment of 12 "
                + "payments begins unless you cancel before then. You can manage or cancel the subscription in your App Store account settings.")
        #expect(text.dates?.firstChargeOn.iso == "2026-02-08")
        #expect(text.billingPlan?.endsOn?.iso == "2027-02-08")
        // A new subscriber buys the plan with its trial: the trial's disclosures, the App Store's
        // forfeit line kept, the conversion line left out.
        #expect(text.disclosures?.map(\.role) == [.length, .price, .autoRenew, .cancelWindow, .manage, .trialForfeit])
    }

    /// A document in which the paid offer is the only one: the plan renders without offers,
    /// with the warning, and every phase kind's warning names the phase that charges.
    @Test func aFreeThenPaidOfferIsNamedByItsPaidPhase() throws {
        let json = Self.document.replacingOccurrences(
            of: #"{ "recurrenceCount": 1, "duration": "P1W","#,
            with: #"{ "recurrenceCount": 1, "duration": "P1W", "regionalConfigs": [ { "regionCode": "US", "free": {} }, { "regionCode": "DE", "free": {} } ] },"#
                + #" { "recurrenceCount": 2, "duration": "P1M", "regionalConfigs": [ { "regionCode": "US", "relativeDiscount": 0.25 }, { "regionCode": "DE", "free": {} } ] },"#
                + #" { "recurrenceCount": 1, "duration": "P1W","#)
        let document = try Self.read(json)
        #expect(!document.hasErrors)
        // In the United States the second phase charges; in Germany every phase is free.
        let us = document.items[0], de = document.items[1]
        #expect(try us.result.get().product.discounts == nil)
        #expect(us.warnings.map(\.description).first?.hasPrefix(
            "[1].subscriptionOffers[0]: is not read: phases[1] charges a price in US, and Google does not document") == true)
        #expect(try de.result.get().product.discounts?.first?.phases.map(\.paymentMode) == [.freeTrial, .freeTrial, .freeTrial])
        #expect(de.warnings.map(\.description) == [Self.paidWarning("DE")])
    }

    /// The Play Billing Library's `ProductDetails` of such a plan (each entry with its
    /// `installmentPlanDetails`): the free trial is read, the discounted months are named.
    @Test func playBillingProductDetailsTheSameWay() throws {
        let monthly = #"{"priceAmountMicros": 4990000, "priceCurrencyCode": "USD", "formattedPrice": "$4.99", "billingPeriod": "P1M", "recurrenceMode": 1, "billingCycleCount": 0}"#
        let installments = #""installmentPlanDetails": {"commitmentPaymentsCount": 12, "subsequentCommitmentPaymentsCount": 12}"#
        let json = #"{"productId": "lessons", "productType": "subs", "name": "Lessons", "subscriptionOfferDetails": ["#
            + #"{"basePlanId": "monthly-12", "offerToken": "t1", "offerTags": [], "pricingPhases": [\#(monthly)], \#(installments)},"#
            + #"{"basePlanId": "monthly-12", "offerId": "trial-1w", "offerToken": "t2", "offerTags": [], "pricingPhases": ["#
            + #"{"priceAmountMicros": 0, "priceCurrencyCode": "USD", "formattedPrice": "Free", "billingPeriod": "P1W", "recurrenceMode": 2, "billingCycleCount": 1}, \#(monthly)], \#(installments)},"#
            + #"{"basePlanId": "monthly-12", "offerId": "three-months-off", "offerToken": "t3", "offerTags": [], "pricingPhases": ["#
            + #"{"priceAmountMicros": 2490000, "priceCurrencyCode": "USD", "formattedPrice": "$2.49", "billingPeriod": "P1M", "recurrenceMode": 2, "billingCycleCount": 3}, \#(monthly)], \#(installments)}"#
            + "]}"
        let document = try StoreDocuments.read(Data(json.utf8), format: .googlePlay)
        let item = try #require(document.items.first)
        #expect(document.items.count == 1 && item.errors.isEmpty)
        #expect(try item.result.get().product.discounts == [Self.trial])
        #expect(item.warnings.map(\.description) == [
            "subscriptionOfferDetails[2]: is not read: pricingPhases[0] charges a price, and Google does not document whether the "
                + "payments of an offer's paid phase are among an installment base plan's commitmentPaymentsCount payments, so the "
                + "commitment's payments, total and end could not be stated; an offer of free phases is rendered",
        ])
        let text = try PaywallRenderer().render(document.items, locale: "en-US")[0].get()
        #expect(text.offers.map(\.summary) == ["Free for 1 week, then $4.99/month"])
    }

    /// An offer of a prepaid base plan is still named, not read: its text is not written yet.
    @Test func aPrepaidBasePlansOfferIsStillNamed() throws {
        let installments = try #require(Self.document.range(of: #""installmentsBasePlanType": \{[^}]*\},"#, options: .regularExpression))
        let json = Self.document.replacingCharacters(
            in: installments, with: #""prepaidBasePlanType": { "billingPeriodDuration": "P1M", "timeExtension": "TIME_EXTENSION_ACTIVE" },"#)
        let document = try Self.read(json)
        #expect(try document.items.first?.result.get().product.billingPlan == .prepaid)
        #expect(document.items.first?.warnings.map(\.description) == [
            "[1].subscriptionOffers[0]: is not read: offers on a prepaid base plan are not rendered yet",
            "[1].subscriptionOffers[1]: is not read: offers on a prepaid base plan are not rendered yet",
        ])
    }

    /// The model's rule: an offer with a paid phase on a commitment is left out with an error at
    /// that phase; a free one is kept; every offer of a prepaid plan is left out.
    @Test func validationKeepsFreeOffersOfACommitment() throws {
        let plan = BillingPlanTests.apple.with {
            $0.introductoryPrice = Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1))
            $0.discounts = [
                Discount(identifier: "back", type: .winBack, paymentMode: .payUpFront, price: decimal("1.99"), subscriptionPeriod: .months(1)),
                Discount(identifier: "later", type: .promotional, phases: OfferPhase(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(2)),
                         then: [OfferPhase(paymentMode: .payAsYouGo, price: decimal("2.99"), subscriptionPeriod: .months(1), numberOfPeriods: 2)]),
                Discount(identifier: "month", type: .promotional, paymentMode: .freeTrial, price: 0, subscriptionPeriod: .months(1)),
            ]
        }
        let paid = "an offer with a paid phase on a commitment is not rendered: whether the phase's payments are among the "
            + "commitment's payments is not documented, so the payments committed to, their total and the commitment's end "
            + "could not be stated; an offer of free phases is rendered"
        #expect(CheckedProduct.problems(of: plan).map(\.description) == ["discounts[0]: \(paid)", "discounts[1].phases[1]: \(paid)"])
        // Read as a document, the plan keeps the offers it can carry.
        let item = try #require(try StoreDocuments.read(JSONEncoder().encode(plan), format: .storeKit1).items.first)
        #expect(item.errors.count == 2)
        #expect(try PaywallRenderer().render([item], locale: "en-US")[0].get().offers.map(\.identifier) == [nil, "month"])

        let prepaid = Product(price: decimal("9.99"), currencyCode: "USD", subscriptionPeriod: .months(1),
                              introductoryPrice: Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1)),
                              billingPlan: .prepaid)
        #expect(CheckedProduct.problems(of: prepaid).map(\.description) == [
            "introductoryPrice: an offer on a prepaid plan is not rendered: offer text for prepaid plans is not written yet",
        ])
    }

    /// `Examples/billingplans-playconsole.json`: the installment plan's first month free is now
    /// its offer in France and Brazil, with no warning.
    @Test func theExampleRendersTheOffer() throws {
        let url = packageRoot.appendingPathComponent("Examples/billingplans-playconsole.json")
        let document = try StoreDocuments.read(Data(contentsOf: url), format: .playConsole)
        let installments = document.items.filter { $0.source.productIdentifier == "coaching:monthly-12" }
        #expect(installments.map(\.source.territory) == ["FR", "BR"])
        #expect(document.items.allSatisfy { $0.warnings.isEmpty && $0.errors.isEmpty })
        let texts = PaywallRenderer().render(installments, locale: "en-US")
        let france = try #require(try texts.first?.get())
        #expect(france.offers.map(\.headline) == ["1 month free"])
        #expect(france.offers.map(\.summary) == ["Free for 1 month, then €4.99/month"])
        #expect(france.offers.first?.terms == "You commit to 12 monthly payments of €4.99, €59.88 in total; after that, €4.99/month until you cancel.")
    }
}
