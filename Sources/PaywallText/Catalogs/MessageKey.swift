/// The messages every catalog defines.
package enum MessageKey: String, CaseIterable, Sendable {
    /// The word for a free price (`Free`).
    case free = "price.free"
    /// A price with its period (`$9.99/month`, `$24.99 every 3 months`).
    case recurringPrice
    /// A price per unit of time with what is billed (`$4.49/month, billed annually at $53.99`).
    case billedPrice
    case freeTrialHeadline = "freeTrial.headline"
    case freeTrialSummary = "freeTrial.summary"
    case payAsYouGoHeadline = "payAsYouGo.headline"
    case payAsYouGoSummary = "payAsYouGo.summary"
    case payUpFrontHeadline = "payUpFront.headline"
    case payUpFrontSummary = "payUpFront.summary"
    /// One phase of an offer of several, as a clause (`free for 1 week`).
    case freeTrialPhase = "phase.freeTrial"
    case payAsYouGoPhase = "phase.payAsYouGo"
    case payUpFrontPhase = "phase.payUpFront"
    /// Two clauses in order (`free for 1 week, then $1.99/month for 3 months`).
    case phasesThen = "phases.then"
    /// Savings against another plan (`Save 35%`).
    case savingsHeadline = "savings.headline"
    /// An offer's discount against the regular price (`80% off`).
    case discountHeadline = "discount.headline"
    /// The renewal terms of a subscription without an offer.
    case termsRenewal = "terms.renewal"
    /// The renewal terms after a free trial.
    case termsAfterFreeTrial = "terms.afterFreeTrial"
    /// The renewal terms after a paid offer.
    case termsAfterOffer = "terms.afterOffer"
    /// Where an App Store subscriber manages the subscription.
    case termsHintAppStore = "terms.hint.appStore"
    /// Where a Google Play subscriber manages the subscription.
    case termsHintGooglePlay = "terms.hint.googlePlay"
    /// The terms followed by a hint.
    case termsWithHint = "terms.withHint"

    /// The argument names this message receives, in the order the renderer passes them,
    /// from the message's arguments type (see ``Messages``).
    package var argumentOrder: [String] {
        Messages.argumentNames[index]
    }

    /// The argument names this message receives.
    package var arguments: Set<String> { Set(argumentOrder) }

    /// Arguments that hold raw integers, usable in `plural`.
    package static let integerArguments: Set<String> = ["count", "periods"]
    /// Arguments that hold a unit name (`day`, `week`, `month`, `year`), usable in `select`.
    package static let selectArguments: Set<String> = ["unit"]

    /// The key's position in `allCases`, without a search or a shared table.
    var index: Int {
        switch self {
        case .free: 0
        case .recurringPrice: 1
        case .billedPrice: 2
        case .freeTrialHeadline: 3
        case .freeTrialSummary: 4
        case .payAsYouGoHeadline: 5
        case .payAsYouGoSummary: 6
        case .payUpFrontHeadline: 7
        case .payUpFrontSummary: 8
        case .freeTrialPhase: 9
        case .payAsYouGoPhase: 10
        case .payUpFrontPhase: 11
        case .phasesThen: 12
        case .savingsHeadline: 13
        case .discountHeadline: 14
        case .termsRenewal: 15
        case .termsAfterFreeTrial: 16
        case .termsAfterOffer: 17
        case .termsHintAppStore: 18
        case .termsHintGooglePlay: 19
        case .termsWithHint: 20
        }
    }
}
