/// A rule of the stores (or of EU law) that ``PaywallCheck`` checks a paywall against, with
/// where it comes from.
///
/// The sources, as the check cites them:
/// - **App Store**: App Review Guideline 3.1.2(c), "Subscription Information"
///   (<https://developer.apple.com/app-store/review/guidelines/#subscriptions>); Schedule 2
///   §3.8(b) of the Apple Developer Program License Agreement (the Paid Applications
///   Agreement), which App Review quotes in its rejections: the title, length and price of
///   the subscription, that it renews unless turned off at least 24 hours before the end of
///   the current period, where to manage it, and that the unused part of a free trial is
///   forfeited when a subscription is bought; and App Review's rejections under 3.1.2 since
///   2025, which ask "that the billed amount is the most clear and conspicuous pricing
///   element", with free trial, introductory and calculated pricing less conspicuous.
/// - **Google Play**: the Developer Program Policy, Payments › Subscriptions
///   (<https://support.google.com/googleplay/android-developer/answer/9900533>): be explicit
///   about the offer's terms, the cost, the billing cycle and the automatic renewal; for free
///   trials and introductory offers, their duration and price and when a trial converts to a
///   paid subscription, and how to cancel; among its examples of violations, "Annual
///   subscriptions that most prominently display their pricing in terms of monthly cost".
/// - **EU**: Directive 2011/83/EU, Article 8(2): the order button is labelled "order with
///   obligation to pay" or a corresponding unambiguous formulation (§ 312j(3) BGB in Germany:
///   "zahlungspflichtig bestellen"), also when a free trial comes first (OLG Köln, 6 U 48/16).
public enum PaywallRule: String, Sendable, Hashable, CaseIterable {
    /// The billed amount (the price with its period) is the most prominent price: no price
    /// per another unit (a yearly plan's monthly price) outranks it, and on the App Store no
    /// trial or introductory price either.
    case billedAmountMostProminent
    /// The renewal terms are shown: that the subscription renews automatically, at what price.
    case renewalTerms
    /// A free trial says what follows it and when: how long it lasts and what is charged then.
    case trialStatesWhatFollows
    /// Every disclosure the store requires is shown (``Disclosure/Role``).
    case requiredDisclosure
    /// For consumers in the EU, the order button says that the order carries an obligation to pay.
    case orderButton
    /// A commitment (an App Store plan with a 12-month commitment, a Google Play installment
    /// plan) shows what the buyer commits to: its term and its total.
    case commitmentTerms

    /// Where the rule comes from, for a store; for ``requiredDisclosure``, per role.
    public func source(for store: Store, role: Disclosure.Role? = nil) -> String {
        switch (self, store) {
        case (.billedAmountMostProminent, .appStore):
            "App Review Guideline 3.1.2(c); App Review's rejections under 3.1.2: \"the billed amount is the most clear and conspicuous pricing element\""
        case (.billedAmountMostProminent, .googlePlay):
            "Google Play Developer Program Policy, Subscriptions, examples of violations: \"Annual subscriptions that most prominently display their pricing in terms of monthly cost\""
        case (.renewalTerms, .appStore):
            "App Review Guideline 3.1.2(c); Apple Developer Program License Agreement, Schedule 2 §3.8(b): the auto-renewable nature of the subscription"
        case (.renewalTerms, .googlePlay):
            "Google Play Developer Program Policy, Subscriptions: the automatic renewal terms"
        case (.trialStatesWhatFollows, .appStore):
            "Apple Developer Program License Agreement, Schedule 2 §3.8(b): the cost of the renewal; App Review Guideline 3.1.2(c)"
        case (.trialStatesWhatFollows, .googlePlay):
            "Google Play Developer Program Policy, Subscriptions: a free trial's duration and pricing, and when it converts to a paid subscription"
        case (.requiredDisclosure, .appStore):
            Self.appStoreSource(role)
        case (.requiredDisclosure, .googlePlay):
            Self.googlePlaySource(role)
        case (.commitmentTerms, .appStore):
            "App Review Guideline 3.1.2(c): the length and price of the subscription; Apple, monthly subscriptions with a 12-month commitment: "
                + "\"you agree to complete all payments until your commitment is fulfilled\""
        case (.commitmentTerms, .googlePlay):
            "Google Play Developer Program Policy, Subscriptions: be explicit about the offer's terms and its cost; Google Play installment plans: "
                + "cancelling \"only stops the next renewal\", and the user \"still needs to complete the commitment period\""
        case (.orderButton, _):
            "Directive 2011/83/EU, Article 8(2); § 312j(3) BGB: \"zahlungspflichtig bestellen\""
        }
    }

    private static func appStoreSource(_ role: Disclosure.Role?) -> String {
        let schedule = "Apple Developer Program License Agreement, Schedule 2 §3.8(b)"
        return switch role {
        case .title?: "App Review Guideline 3.1.2(c); \(schedule): the title of the subscription"
        case .length?: "App Review Guideline 3.1.2(c); \(schedule): the length of the subscription"
        case .price?: "App Review Guideline 3.1.2(c); \(schedule): the price of the subscription"
        case .cancelWindow?: "\(schedule): renews unless turned off at least 24 hours before the end of the current period"
        case .manage?: "\(schedule): managed, and auto-renewal turned off, in the account settings"
        case .trialForfeit?: "\(schedule): the unused portion of a free trial is forfeited on purchase"
        default: "App Review Guideline 3.1.2(c); \(schedule)"
        }
    }

    private static func googlePlaySource(_ role: Disclosure.Role?) -> String {
        let policy = "Google Play Developer Program Policy, Subscriptions"
        return switch role {
        case .length?: "\(policy): the frequency of the billing cycle"
        case .price?: "\(policy): the cost of the subscription"
        case .manage?: "\(policy): how a subscriber can cancel or manage the subscription"
        default: policy
        }
    }

    /// The roles a store requires on a subscription's purchase screen; the trial roles only
    /// where a free trial is offered. ``Disclosure/Role/autoRenew`` and
    /// ``Disclosure/Role/trialConversion`` are checked by ``renewalTerms`` and
    /// ``trialStatesWhatFollows``, ``Disclosure/Role/orderButton`` by ``orderButton``.
    static func requiredRoles(_ store: Store, trial: Bool) -> [Disclosure.Role] {
        switch store {
        case .appStore: [.title, .length, .price, .cancelWindow, .manage] + (trial ? [.trialForfeit] : [])
        case .googlePlay: [.length, .price, .manage]
        }
    }
}
