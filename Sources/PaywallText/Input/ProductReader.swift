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
            })
    }

    static func discount(_ field: JSONField) throws(PaywallTextError) -> Discount {
        Discount(
            identifier: try field.optional("identifier")?.string(),
            type: try field.optional("type")?.name(of: DiscountType.self, naming: "offer type", aliases: ["subscription": .promotional]),
            paymentMode: try field.required("paymentMode", "a string").name(of: PaymentMode.self, naming: "payment mode"),
            price: try field.required("price", "a decimal number").decimal(),
            subscriptionPeriod: try period(field.required("subscriptionPeriod", "an object")),
            numberOfPeriods: try field.required("numberOfPeriods", "an integer").integer())
    }

    static func period(_ field: JSONField) throws(PaywallTextError) -> SubscriptionPeriod {
        SubscriptionPeriod(
            unit: try field.required("unit", "a string").name(of: PeriodUnit.self, naming: "unit"),
            numberOfUnits: try field.required("numberOfUnits", "an integer").integer())
    }
}
