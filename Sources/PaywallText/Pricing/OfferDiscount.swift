extension PaywallMath {
    /// What a whole offer charges, and what the regular price charges over the same time
    /// (PRODUCT §15): the figures of the discount of an offer of several phases, so that its
    /// badge neither understates nor overstates it.
    ///
    /// A free phase charges nothing, a pay-as-you-go phase its price every period, a
    /// pay-up-front phase its price once; the regular price is taken over each phase's length
    /// (a month is 365/12 days, as everywhere in ``PaywallMath``).
    static func wholeOffer(
        _ phases: [ValidatedPhase], regularPrice: ExactAmount, per regularPeriod: SubscriptionPeriod
    ) -> (charged: ExactAmount, regular: ExactAmount) {
        var charged = ExactAmount.zero, regular = ExactAmount.zero
        for phase in phases {
            switch phase.paymentMode {
            case .freeTrial: break
            case .payAsYouGo: charged = charged + phase.amount * ExactAmount(Int128(phase.numberOfPeriods))
            case .payUpFront: charged = charged + phase.amount
            }
            regular = regular + price(regularPrice, per: regularPeriod, over: phase.duration)
        }
        return (charged, regular)
    }
}
