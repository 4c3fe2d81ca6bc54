/// The messages every catalog defines, and the arguments each one receives.
package enum MessageKey: String, CaseIterable, Sendable {
    /// The word for a free price (`Free`).
    case free = "price.free"
    /// A price with its period (`$9.99/month`, `$24.99 every 3 months`).
    case recurringPrice
    case freeTrialHeadline = "freeTrial.headline"
    case freeTrialSummary = "freeTrial.summary"
    case payAsYouGoHeadline = "payAsYouGo.headline"
    case payAsYouGoSummary = "payAsYouGo.summary"
    case payUpFrontHeadline = "payUpFront.headline"
    case payUpFrontSummary = "payUpFront.summary"

    /// The argument names the renderer passes to this message, in the order it passes them.
    package var argumentOrder: [String] {
        switch self {
        case .free: return []
        case .recurringPrice: return ["price", "period", "count", "unit"]
        case .payAsYouGoHeadline, .payAsYouGoSummary: return MessageKey.offerArguments + ["recurringOfferPrice"]
        default: return MessageKey.offerArguments
        }
    }

    /// The argument names the renderer passes to this message.
    package var arguments: Set<String> { Set(argumentOrder) }

    /// Arguments of every offer headline and summary; pay-as-you-go messages also
    /// receive `recurringOfferPrice`.
    static let offerArguments = ["price", "period", "periods", "duration", "count", "unit", "regularPrice", "recurringPrice"]

    /// Arguments that hold raw integers, usable in `plural`.
    package static let integerArguments: Set<String> = ["count", "periods"]
    /// Arguments that hold a unit name (`day`, `week`, `month`, `year`), usable in `select`.
    package static let selectArguments: Set<String> = ["unit"]

    /// The headline and summary keys of a payment mode.
    static func offer(_ mode: PaymentMode) -> (headline: MessageKey, summary: MessageKey) {
        switch mode {
        case .freeTrial: return (.freeTrialHeadline, .freeTrialSummary)
        case .payAsYouGo: return (.payAsYouGoHeadline, .payAsYouGoSummary)
        case .payUpFront: return (.payUpFrontHeadline, .payUpFrontSummary)
        }
    }
}
