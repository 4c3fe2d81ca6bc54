import Foundation
@testable import PaywallText
@testable import PaywallTextJSON
import Testing

/// Billing plans in the model and their text (PRODUCT §15): commitments of a number of
/// payments, prepaid plans; checks that name the field and the value; exact totals.
@Suite("Billing plans")
struct BillingPlanTests {
    /// 12 monthly payments of €4.99, then a new 12-month commitment: Apple's plan.
    static let apple = Product(
        productIdentifier: "pro.yearly", price: decimal("4.99"), currencyCode: "EUR", subscriptionPeriod: .months(1),
        billingPlan: .commitment(Commitment(numberOfPayments: 12, renewal: .newCommitment(numberOfPayments: 12))))

    static func commitment(_ payments: Int, _ renewal: CommitmentRenewal = .regularPrice, total: String? = nil) -> Product {
        product("4.99", "EUR").with {
            $0.billingPlan = .commitment(Commitment(numberOfPayments: payments, totalPrice: total.map(decimal), renewal: renewal))
        }
    }

    // MARK: - Model

    @Test func jsonRoundTripsEveryShape() throws {
        let plans: [BillingPlan] = [
            .prepaid,
            .commitment(Commitment(numberOfPayments: 12, totalPrice: decimal("59.88"), renewal: .newCommitment(numberOfPayments: 24))),
            .commitment(Commitment(numberOfPayments: 3, renewal: .regularPrice)),
            .commitment(Commitment(numberOfPayments: 6, renewal: .ends)),
        ]
        for plan in plans {
            let product = product("4.99", "EUR").with { $0.billingPlan = plan }
            let data = try JSONEncoder().encode(product)
            #expect(try ProductDecoder.decodeProduct(data) == product)
            #expect(try JSONDecoder().decode(Product.self, from: data) == product)
        }
        // A new commitment's payments default to the first commitment's.
        let json = #"{"price": "4.99", "currencyCode": "EUR", "subscriptionPeriod": {"unit": "month", "numberOfUnits": 1}, "#
            + #""billingPlan": {"type": "commitment", "numberOfPayments": 12, "renewal": "newCommitment"}}"#
        #expect(try ProductDecoder.decodeProduct(Data(json.utf8)).billingPlan
                == .commitment(Commitment(numberOfPayments: 12, renewal: .newCommitment(numberOfPayments: 12))))
    }

    @Test func readingErrorsNameTheField() {
        func error(_ plan: String) -> String? {
            let json = #"{"price": "4.99", "currencyCode": "EUR", "subscriptionPeriod": {"unit": "month", "numberOfUnits": 1}, "billingPlan": \#(plan)}"#
            return thrownError { try ProductDecoder.decodeProduct(Data(json.utf8)) }?.description
        }
        #expect(error(#"{"type": "lease"}"#) == #"billingPlan.type: unknown billing plan type "lease"; expected commitment or prepaid"#)
        #expect(error(#"{"type": "prepaid", "numberOfPayments": 3}"#)
                == "billingPlan.numberOfPayments: is a commitment's; a prepaid plan is one payment and renews nothing")
        #expect(error(#"{"type": "commitment", "numberOfPayments": 12}"#) == "billingPlan.renewal: is required")
        #expect(error(#"{"type": "commitment", "numberOfPayments": 12, "renewal": "ends", "renewalPayments": 12}"#)
                == #"billingPlan.renewalPayments: is the number of payments of a new commitment, but the renewal is "ends""#)
        #expect(error(#"{"type": "commitment", "numberOfPayments": 12, "renewal": "forever"}"#)
                == #"billingPlan.renewal: unknown renewal "forever"; expected regularPrice, newCommitment or ends"#)
    }

    @Test func checksNameTheFieldAndTheValue() {
        func problems(_ product: Product) -> [String] { CheckedProduct.problems(of: product).map(\.description) }
        // 59.87 is not 12 × 4.99 = 59.88, worked out by hand.
        #expect(problems(Self.commitment(12, total: "59.87"))
                == ["billingPlan.totalPrice: 59.87 is not 12 payments of the price, 4.99 EUR (59.88 in total)"])
        #expect(problems(Self.commitment(12, total: "59.88")).isEmpty)
        #expect(problems(Self.commitment(12, total: "59.881"))
                == ["billingPlan.totalPrice: 59.881 has 3 decimal places, but EUR has 2"])
        #expect(problems(Self.commitment(1)).first?.hasPrefix("billingPlan.numberOfPayments: a commitment is at least 2 payments, got 1") == true)
        #expect(problems(Self.commitment(0)) == ["billingPlan.numberOfPayments: must be at least 1, got 0"])
        #expect(problems(Self.commitment(1001)) == ["billingPlan.numberOfPayments: must be at most 1000, got 1001"])
        #expect(problems(Self.commitment(12, .newCommitment(numberOfPayments: 1)))
                == ["billingPlan.renewalPayments: a new commitment is at least 2 payments, got 1"])
        #expect(problems(Product(price: decimal("9.99"), currencyCode: "USD", billingPlan: .prepaid))
                == ["billingPlan: a prepaid plan needs a subscription, but the product has no subscriptionPeriod"])
    }

    /// The offers a plan's text cannot carry are left out, each with its error: a paid offer of
    /// a commitment, every offer of a prepaid plan; the plan itself and a free offer of a
    /// commitment are still rendered (InstallmentOfferTests has the rest).
    @Test func offersOfABillingPlanAreLeftOutWithAnError() throws {
        let plan = Self.apple.with {
            $0.introductoryPrice = Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1))
            $0.discounts = [Discount(identifier: "back", type: .winBack, paymentMode: .payUpFront, price: decimal("1.99"),
                                     subscriptionPeriod: .months(1))]
        }
        #expect(CheckedProduct.problems(of: plan).map(\.description) == [
            "discounts[0]: an offer with a paid phase on a commitment is not rendered: whether the phase's payments are among the "
                + "commitment's payments is not documented, so the payments committed to, their total and the commitment's end "
                + "could not be stated; an offer of free phases is rendered",
        ])
        let document = try StoreDocuments.read(JSONEncoder().encode(plan), format: .storeKit1)
        let item = try #require(document.items.first)
        #expect(item.errors.count == 1)
        #expect(try render(item.result.get().product, "en-US").offers.map(\.type) == [.introductory])

        let prepaid = Product(price: decimal("9.99"), currencyCode: "EUR", subscriptionPeriod: .months(1),
                              introductoryPrice: plan.introductoryPrice, discounts: plan.discounts, billingPlan: .prepaid)
        let message = "an offer on a prepaid plan is not rendered: offer text for prepaid plans is not written yet"
        #expect(CheckedProduct.problems(of: prepaid).map(\.description) == ["introductoryPrice: \(message)", "discounts[0]: \(message)"])
    }

    /// The total is exact in every currency's digits: 12 × 4.99 EUR, 12 × 1,200 JPY, 7 × 3.995 KWD.
    @Test func totalsAreExact() throws {
        #expect(try CheckedProduct(Self.apple).billingPlanTotalAmount == "59.88")
        let yen = Product(price: 1200, currencyCode: "JPY", subscriptionPeriod: .months(1),
                          billingPlan: .commitment(Commitment(numberOfPayments: 12, renewal: .ends)))
        #expect(try CheckedProduct(yen).billingPlanTotalAmount == "14400")
        #expect(try render(yen, "en-US").billingPlan?.total == "¥14,400")
        let dinar = Product(price: decimal("3.995"), currencyCode: "KWD", subscriptionPeriod: .months(1),
                            billingPlan: .commitment(Commitment(numberOfPayments: 7, renewal: .ends)))
        // 7 × 3.995 = 27.965, every digit kept.
        #expect(try render(dinar, "en-US").billingPlan?.totalAmount == "27.965")
        #expect(try CheckedProduct(product("9.9").with { $0.billingPlan = .prepaid }).billingPlanTotalAmount == "9.90")
        #expect(try CheckedProduct(product("9.99")).billingPlanTotalAmount == nil)
    }

    // MARK: - Text

    @Test func aCommitmentInEnglish() throws {
        let text = try render(Self.apple, "en-US")
        #expect(text.price == "€4.99")
        #expect(text.recurringPrice == "€4.99/month")
        #expect(text.planName == "Monthly, 12-month commitment")
        // A monthly commitment's price per month is its payment.
        #expect(text.pricePer?.month.price == "€4.99")
        #expect(text.terms == "You commit to 12 monthly payments of €4.99, €59.88 in total; after that, a new commitment of 12 payments begins unless you cancel before then.")
        let plan = try #require(text.billingPlan)
        #expect(plan == RenderedBillingPlan(
            type: .commitment, numberOfPayments: 12, duration: "12 months", total: "€59.88", totalAmount: "59.88",
            renewal: .newCommitment(numberOfPayments: 12), headline: "€4.99/month for 12 months",
            summary: "12 monthly payments of €4.99 (€59.88 in total)"))
        #expect(try render(Self.commitment(12), "en-US").terms
                == "You commit to 12 monthly payments of €4.99, €59.88 in total; after that, €4.99/month until you cancel.")
        #expect(try render(Self.commitment(12, .ends), "en-US").terms
                == "You commit to 12 monthly payments of €4.99, €59.88 in total; after that, the subscription ends.")
    }

    /// A billing period of several units takes the other form of the sentences; the commitment's
    /// length stays in the billing period's unit, whatever the normalization (24 months, not 2 years).
    @Test func aCommitmentBilledEveryFewMonths() throws {
        let plan = product("24.99", "USD", period: .months(2)).with {
            $0.billingPlan = .commitment(Commitment(numberOfPayments: 12, renewal: .regularPrice))
        }
        let text = try render(plan, "en-US")
        #expect(text.billingPlan?.summary == "12 payments of $24.99, one every 2 months ($299.88 in total)")
        #expect(text.billingPlan?.headline == "$24.99 every 2 months for 24 months")
        #expect(text.planName == "Every 2 months, 24-month commitment")
    }

    @Test func aPrepaidPlanRenewsNothing() throws {
        let text = try render(product("9.99").with { $0.billingPlan = .prepaid }, "en-GB")
        #expect(text.recurringPrice == nil)
        #expect(text.recurringPriceShort == nil)
        #expect(text.planName == "1 month, prepaid")
        #expect(PeriodUnit.allCases.allSatisfy { text.pricePer?[$0].billed == nil })
        #expect(text.pricePer?.day.recurringPrice == "US$0.32/day")
        #expect(text.terms == "One payment of US$9.99 for 1 month. The plan does not renew automatically: to continue afterwards, buy it again.")
        #expect(text.billingPlan == RenderedBillingPlan(
            type: .prepaid, numberOfPayments: 1, duration: "1 month", total: "US$9.99", totalAmount: "9.99", renewal: nil,
            headline: "1 month for US$9.99", summary: "One payment of US$9.99 for 1 month, with no automatic renewal"))
    }

    /// The option's former name, `cancellationHint`, still reads and sets ``RenderOptions/store``.
    @available(*, deprecated, message: "exercises the deprecated spelling")
    @Test func theFormerNameStillSetsTheStore() {
        #expect(RenderOptions(cancellationHint: .googlePlay).store == .googlePlay)
        #expect(RenderOptions(cancellationHint: nil).store == nil)
        var options = RenderOptions()
        options.cancellationHint = .appStore
        #expect(options.store == .appStore)
        #expect(options.cancellationHint == .appStore)
    }

    /// The cancellation hint follows a commitment's terms; a prepaid plan has nothing to cancel.
    @Test func theCancellationHintFollowsACommitmentOnly() throws {
        let options = RenderOptions(store: .appStore)
        #expect(try render(Self.apple, "en-US", options: options).terms?.hasSuffix(
            "unless you cancel before then. You can manage or cancel the subscription in your App Store account settings.") == true)
        #expect(try render(product("9.99").with { $0.billingPlan = .prepaid }, "en-US", options: options).terms?.hasSuffix("buy it again.") == true)
    }

    /// The total and the payment in the format of the sentences around them: with an English
    /// catalog only, English as written in the locale's region (never German digits in an
    /// English sentence), as a plain price of the same amount is.
    @Test(arguments: ["de-DE", "fr-FR", "ja-JP", "ar-SA", "en-US"])
    func theTotalInEachLocale(_ locale: String) throws {
        let english = try Catalogs(checking: Catalogs.builtIn.all.filter { $0.name == "en" })
        let text = try render(Self.apple, locale, catalogs: english)
        let total = try render(product("59.88", "EUR"), locale, catalogs: english).price
        #expect(text.billingPlan?.total == total)
        #expect(text.billingPlan?.totalAmount == "59.88")
        #expect(text.price == (try render(product("4.99", "EUR"), locale, catalogs: english).price))
        #expect(text.terms?.contains(total) == true, "\(text.terms ?? "")")
        #expect(!total.unicodeScalars.contains { (0x0660...0x0669).contains($0.value) }, "no Arabic digit in an English sentence")
    }

    /// The JSON entry writes the plan before the offers, its members in the documented order.
    @Test func theJSONEntryHasThePlan() throws {
        let item = ImportedProduct(source: ProductSource(format: .storeKit1, store: .appStore, path: ""),
                                   result: .success(try CheckedProduct(Self.apple)))
        let entry = RenderEntry(position: 1, locale: "en-US", item: item, outcome: .success(try render(Self.apple, "en-US")))
        let json = entry.jsonText()
        #expect(json.contains(#""terms":"You commit to 12 monthly payments of €4.99, €59.88 in total; after that, a new commitment of 12 payments begins unless you cancel before then.","billingPlan":{"type":"commitment","numberOfPayments":12,"duration":"12 months","total":"€59.88","totalAmount":"59.88","renewal":"newCommitment","renewalPayments":12,"headline":"€4.99/month for 12 months","summary":"12 monthly payments of €4.99 (€59.88 in total)"},"offers":[]"#))
        // Without a plan, an entry is as before: no billingPlan member.
        let plain = RenderEntry(position: 1, locale: "en-US", item: item, outcome: .success(try render(product("9.99"), "en-US")))
        #expect(!plain.jsonText().contains("billingPlan"))
    }

    /// App Store rules for commitment plans are warnings, as Apple's documentation states them.
    @Test func appStoreRulesForCommitments() {
        #expect(AppStoreOfferRules.check(Self.apple, territory: "DEU").isEmpty)
        #expect(AppStoreOfferRules.check(Self.apple, territory: "USA").map(\.path) == ["billingPlan"])
        #expect(AppStoreOfferRules.check(Self.commitment(24)).map(\.description) == [
            "billingPlan.numberOfPayments: an App Store commitment is 12 monthly payments; this one is 24",
            "billingPlan.renewal: an App Store commitment renews as another 12-month commitment unless cancelled; this one's renewal is regularPrice",
        ])
        #expect(AppStoreOfferRules.check(product("9.99").with { $0.billingPlan = .prepaid }).map(\.path) == ["billingPlan"])
    }
}
