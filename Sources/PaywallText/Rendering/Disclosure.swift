/// One thing a store requires a subscription's purchase screen to say, in one locale: the
/// `disclosures` of a result (PRODUCT §16), rendered when ``RenderOptions/include`` has
/// ``RenderOptions/Include/disclosures``.
///
/// Which roles a product gets depends on the store (``RenderOptions/store``) and on the
/// purchase: every subscription has a ``Role/length``, ``Role/price``, ``Role/autoRenew``,
/// ``Role/cancelWindow``, ``Role/manage`` and ``Role/orderButton``; a ``Role/title`` where
/// the input carries a display name; a free trial adds ``Role/trialConversion`` (except
/// before a commitment, whose payments canceling does not stop), and on the App Store
/// ``Role/trialForfeit``. A one-time purchase has its title, price and order
/// button. <doc:DisclosuresAndPaywallChecks> gives every role with the rule and the source
/// it comes from.
public struct Disclosure: Sendable, Hashable {
    /// What a disclosure says, in the order results list them.
    public enum Role: String, Sendable, Hashable, CaseIterable, Codable {
        /// The product's display name, as the input carries it (never made up): App Review
        /// Guideline 3.1.2(c) and Schedule 2 §3.8(b) of Apple's Paid Applications Agreement ask
        /// for the title of the subscription.
        case title
        /// How long a subscription period is: `Subscription length: 1 month`.
        case length
        /// The billed amount with its period, `$9.99/month`: what App Review asks to be the
        /// most clear and conspicuous pricing element; the price of a one-time purchase.
        case price
        /// That the subscription renews automatically, at what price, after any offer: the
        /// renewal terms (`Renews automatically at $9.99/month until canceled.`).
        case autoRenew
        /// When to cancel to stop the next renewal: at least 24 hours before the period ends
        /// on the App Store; before the period ends on Google Play, which charges at the start
        /// of each period.
        case cancelWindow
        /// Where to manage or cancel: the App Store account settings, or Google Play's
        /// Payments & subscriptions.
        case manage
        /// That the unused part of a free trial is forfeited when a subscription is bought: an
        /// App Store rule (Schedule 2 §3.8(b)); Google Play has no such rule.
        case trialForfeit
        /// How long a free trial lasts and what is charged when it ends unless the subscriber
        /// cancels; not given for a free trial before a commitment.
        case trialConversion
        /// The label of the order button that EU consumer law requires (Directive 2011/83/EU,
        /// Article 8(2)): `Subscribe with obligation to pay`.
        case orderButton
    }

    /// What the text is.
    public var role: Role
    /// The text, from the locale's catalog.
    public var text: String
    /// The text's language where it is not the product's: a ``Role/title`` from a store
    /// listing in another language (a Google Play title listed in English only, on a Hindi
    /// paywall); `nil` otherwise.
    public var language: TextLanguage?

    /// Creates a disclosure.
    public init(role: Role, text: String, language: TextLanguage? = nil) {
        self.role = role
        self.text = text
        self.language = language
    }
}
