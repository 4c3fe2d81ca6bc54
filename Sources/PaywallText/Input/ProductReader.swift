/// StoreKit 1's raw values, by index: what an app gets from `rawValue` on StoreKit's enums.
enum StoreKitRawValues {
    /// `SKProduct.PeriodUnit`: 0 day, 1 week, 2 month, 3 year.
    static let periodUnits: [PeriodUnit] = [.day, .week, .month, .year]
    /// `SKProductDiscount.PaymentMode`: 0 payAsYouGo, 1 payUpFront, 2 freeTrial.
    static let paymentModes: [PaymentMode] = [.payAsYouGo, .payUpFront, .freeTrial]
    /// `SKProductDiscount.Type`: 0 introductory, 1 subscription (a promotional offer).
    static let discountTypes: [DiscountType] = [.introductory, .promotional]
}

/// Reads the model (``Product``, ``Discount``, ``SubscriptionPeriod``) from a parsed
/// document, field by field, so that every error names the field path and the value.
enum ProductReader {
    static func product(_ field: JSONField) throws(PaywallTextError) -> Product {
        Product(
            productIdentifier: try field.optional("productIdentifier")?.string(),
            price: try field.required("price", "a decimal number").decimal(),
            priceLocale: try field.optional("priceLocale")?.string(),
            currencyCode: try field.optional("currencyCode")?.string(),
            subscriptionPeriod: try field.optional("subscriptionPeriod").map(period),
            introductoryPrice: try field.optional("introductoryPrice").map(discount),
            discounts: try field.optional("discounts").map { (list) throws(PaywallTextError) in
                try list.elements().map(discount)
            },
            billingPlan: try field.optional("billingPlan").map(billingPlan),
            displayName: try field.optional("displayName")?.string(),
            localizedDisplayNames: try field.optional("localizedDisplayNames").map(names))
    }

    /// `{"en-US": "Pro", "de-DE": "Pro"}`: names by locale.
    static func names(_ field: JSONField) throws(PaywallTextError) -> [String: String] {
        guard case .object(let members) = field.value else {
            throw field.invalid("must be an object of names by locale, {\"en-US\": \"Pro\"}")
        }
        var names: [String: String] = [:]
        for member in members {
            names[member.key] = try JSONField(member.value, path: field.path(of: member.key)).string()
        }
        return names
    }

    /// An offer: StoreKit's single-phase fields, or `phases` (not both).
    static func discount(_ field: JSONField) throws(PaywallTextError) -> Discount {
        let identifier = try field.optional("identifier")?.string()
        let type = try field.optional("type")?.name(
            of: DiscountType.self, naming: "offer type", aliases: ["subscription": .promotional], rawValues: StoreKitRawValues.discountTypes)
        guard let phases = try field.optional("phases") else {
            return Discount(identifier: identifier, type: type, phases: try phase(field))
        }
        let single = ["paymentMode", "price", "subscriptionPeriod", "numberOfPeriods"].filter { field.value[$0] != nil }
        if let first = single.first {
            throw PaywallTextError(.invalidValue, path: field.path(of: first), message:
                "an offer has either paymentMode, price, subscriptionPeriod and numberOfPeriods, or phases, not both")
        }
        let elements = try phases.elements()
        guard let first = elements.first else {
            throw phases.invalid("must hold at least one phase, got an empty array")
        }
        return Discount(identifier: identifier, type: type, phases: try phase(first), then: try elements.dropFirst().map(phase))
    }

    /// One phase: `{paymentMode, price, subscriptionPeriod, numberOfPeriods}`.
    static func phase(_ field: JSONField) throws(PaywallTextError) -> OfferPhase {
        OfferPhase(
            paymentMode: try field.required("paymentMode", "a string").name(
                of: PaymentMode.self, naming: "payment mode", rawValues: StoreKitRawValues.paymentModes),
            price: try field.required("price", "a decimal number").decimal(),
            subscriptionPeriod: try period(field.required("subscriptionPeriod", "an object")),
            numberOfPeriods: try field.required("numberOfPeriods", "an integer").integer())
    }

    static func period(_ field: JSONField) throws(PaywallTextError) -> SubscriptionPeriod {
        SubscriptionPeriod(
            unit: try field.required("unit", "a string").name(
                of: PeriodUnit.self, naming: "unit", rawValues: StoreKitRawValues.periodUnits),
            numberOfUnits: try field.required("numberOfUnits", "an integer").integer())
    }

    /// A billing plan: `{"type": "prepaid"}`, or `{"type": "commitment", "numberOfPayments": 12,
    /// "totalPrice": "59.88", "renewal": "regularPrice" | "newCommitment" | "ends",
    /// "renewalPayments": 12}` (`totalPrice` optional; `renewalPayments` only for a new
    /// commitment, by default as many as the first).
    static func billingPlan(_ field: JSONField) throws(PaywallTextError) -> BillingPlan {
        let type = try field.required("type", "a string").name(of: BillingPlanType.self, naming: "billing plan type")
        let commitmentKeys = ["numberOfPayments", "totalPrice", "renewal", "renewalPayments"]
        guard type == .commitment else {
            if let key = commitmentKeys.first(where: { field.value[$0] != nil }) {
                throw PaywallTextError(.invalidValue, path: field.path(of: key), message: "is a commitment's; a prepaid plan is one payment and renews nothing")
            }
            return .prepaid
        }
        let payments = try field.required("numberOfPayments", "an integer").integer()
        let total = try field.optional("totalPrice")?.decimal()
        let renewalField = try field.required("renewal", "a string")
        let name = try renewalField.name(of: CommitmentRenewal.Name.self, naming: "renewal")
        let renewalPayments = try field.optional("renewalPayments")
        let renewal: CommitmentRenewal
        switch name {
        case .regularPrice, .ends:
            if let renewalPayments {
                throw renewalPayments.invalid("is the number of payments of a new commitment, but the renewal is \(quoted(name.rawValue))")
            }
            renewal = name == .ends ? .ends : .regularPrice
        case .newCommitment:
            renewal = .newCommitment(numberOfPayments: try renewalPayments?.integer() ?? payments)
        }
        return .commitment(Commitment(numberOfPayments: payments, totalPrice: total, renewal: renewal))
    }
}
