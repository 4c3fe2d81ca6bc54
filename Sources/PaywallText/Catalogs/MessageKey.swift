/// The messages every catalog defines.
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

    /// The key's position in `allCases`, without a search.
    var index: Int {
        switch self {
        case .free: 0
        case .recurringPrice: 1
        case .freeTrialHeadline: 2
        case .freeTrialSummary: 3
        case .payAsYouGoHeadline: 4
        case .payAsYouGoSummary: 5
        case .payUpFrontHeadline: 6
        case .payUpFrontSummary: 7
        }
    }
}
