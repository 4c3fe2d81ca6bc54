/// Writes the disclosures of one purchase (PRODUCT §16, ``Disclosure``): what the store
/// requires the purchase screen to say when a plan is bought, alone or with an offer.
///
/// Every text comes from the catalog: the renewal terms (``Disclosure/Role/autoRenew``) and
/// the hint of where to cancel (``Disclosure/Role/manage``) are the messages the terms and
/// ``RenderOptions/store`` already use; the others are the `disclosure.*` messages. Which
/// roles a purchase has follows the stores' texts:
///
/// - App Store: App Review Guideline 3.1.2(c) and Schedule 2 §3.8(b) of Apple's Paid
///   Applications Agreement (the title, the length, the price, that it renews unless
///   canceled at least 24 hours before the period ends, where to manage it, and that the
///   unused part of a free trial is forfeited on purchase).
/// - Google Play: the Subscriptions section of the Developer Program Policy (the cost, the
///   billing cycle, the renewal terms, how to cancel; for a free trial its length, when it
///   converts and at what price). Google Play bills at the start of each period and has no
///   24-hour limit, and no rule on a trial's unused part, so it gets no ``Disclosure/Role/trialForfeit``.
/// - Both: the order button's label that EU consumer law requires (Directive 2011/83/EU,
///   Article 8(2); § 312j(3) BGB in Germany), where the storefront is in the EU, the EEA or
///   the United Kingdom (``StorefrontLaw/requiresOrderButton(_:)``).
struct DisclosureWriter {
    let messages: MessageSet
    /// What each text carries besides its string.
    let mode: TextMode
    let store: Store
    /// The product's name in the locale, where the input carries one, with its language when
    /// it is not the sentences'.
    let title: (name: String, language: TextLanguage?)?
    /// The billing period's text and numbers; `nil` for a one-time purchase.
    let length: PeriodArguments?
    /// The billed amount: the regular price with its period (`$9.99/month`), the price of a
    /// prepaid plan with the time it buys (`1 month for $9.99`), or the price of a one-time
    /// purchase.
    let price: Text
    /// What cancelling does under the store's rule (``Agreement/cancellation``): whether the
    /// purchase has renewal and cancellation lines, and which cancellation line.
    let cancellation: Agreement.Cancellation
    /// For a commitment (an App Store plan with a 12-month commitment, a Google Play
    /// installment plan), what its cancellation line receives: canceling does not stop the
    /// payments of the commitment (Apple: "you agree to complete all payments until your
    /// commitment is fulfilled"; Google Play: a cancellation "only stops the next renewal").
    let commitment: CommitmentCancelArguments?
    /// Whether the storefront's law asks for the order button's label.
    let ordersButton: Bool

    /// The disclosures of a purchase, in ``Disclosure/Role`` order.
    ///
    /// - Parameters:
    ///   - autoRenew: The renewal terms that apply to this purchase (after its offer, if
    ///     any), without the cancellation hint; `nil` for a one-time purchase.
    ///   - trial: The free trial the purchase starts with, and what is charged after it (no
    ///     conversion line before a commitment).
    ///   - trialEnds: The day the trial ends, in a sentence's form, when dates are rendered.
    func disclosures(
        autoRenew: Text?, trial: TrialConversionArguments?, trialEnds: Text? = nil
    ) throws(PaywallTextError) -> [DisclosureText] {
        var list: [DisclosureText] = []
        list.reserveCapacity(9)
        if let title { list.append(DisclosureText(role: .title, text: Text(title.name), language: title.language)) }
        // A one-time purchase and a prepaid plan renew nothing: no renewal or cancellation lines.
        guard cancellation.renews, let length, let autoRenew else {
            list.append(DisclosureText(role: .price, text: price))
            if ordersButton {
                list.append(DisclosureText(role: .orderButton, text: try messages.format(Messages.disclosureOrderButtonOneTime, NoArguments(), mode)))
            }
            return list
        }
        list.append(DisclosureText(role: .length, text: try messages.format(Messages.disclosureLength, length, mode)))
        list.append(DisclosureText(role: .price, text: price))
        list.append(DisclosureText(role: .autoRenew, text: autoRenew))
        let cancelWindow = if cancellation == .stopsNextCommitment, let commitment {
            try messages.format(Messages.disclosureCancelWindowCommitment, commitment, mode)
        } else {
            try messages.format(Messages.cancelWindow(store), NoArguments(), mode)
        }
        list.append(DisclosureText(role: .cancelWindow, text: cancelWindow))
        list.append(DisclosureText(role: .manage, text: try messages.format(Messages.termsHint(store), NoArguments(), mode)))
        if trial != nil, store == .appStore {
            list.append(DisclosureText(role: .trialForfeit, text: try messages.format(Messages.disclosureTrialForfeit, NoArguments(), mode)))
        }
        // A free trial before a commitment has no conversion line: its "unless you cancel"
        // would say that canceling during the trial stops the payments, which is not
        // documented for a commitment (Google documents that canceling an installment plan
        // takes effect only once all committed payments are made). The offer's summary says
        // what the trial turns into; the commitment's terms and cancellation line, what is
        // committed to.
        if let trial, cancellation == .stopsNextRenewal {
            // With an instant to count from (`--as-of`), the trial's end is a day: the dated
            // message says on which day the first charge falls (PRODUCT §15).
            let text = if let trialEnds {
                try messages.format(Messages.disclosureTrialConversionDated, DatedTrialConversionArguments(trial: trial, date: trialEnds), mode)
            } else {
                try messages.format(Messages.disclosureTrialConversion, trial, mode)
            }
            list.append(DisclosureText(role: .trialConversion, text: text))
        }
        if ordersButton {
            list.append(DisclosureText(role: .orderButton, text: try messages.format(Messages.disclosureOrderButtonSubscription, NoArguments(), mode)))
        }
        return list
    }
}

extension Messages {
    /// Where a subscriber of the store manages or cancels the subscription.
    static func termsHint(_ store: Store) -> Message<NoArguments> {
        switch store {
        case .appStore: termsHintAppStore
        case .googlePlay: termsHintGooglePlay
        }
    }

    /// When a subscriber of the store must cancel to stop the next renewal.
    static func cancelWindow(_ store: Store) -> Message<NoArguments> {
        switch store {
        case .appStore: disclosureCancelWindowAppStore
        case .googlePlay: disclosureCancelWindowGooglePlay
        }
    }
}
