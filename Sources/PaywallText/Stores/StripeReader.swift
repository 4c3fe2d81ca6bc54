/// `stripe`: Stripe `Price` objects.
enum StripeReader {
    static func read(_ root: JSONField, _ context: ReadingContext) throws(PaywallTextError) -> Reading {
        throw PaywallTextError(.unrecognizedFormat, message: "Stripe `Price` objects are not read yet")
    }
}
