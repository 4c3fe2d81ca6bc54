/// The messages every catalog defines.
///
/// Each key's arguments are declared once, by the arguments type of its ``Messages``
/// constant; ``message`` ties the two together with a switch that the compiler checks for
/// every key, so a key cannot be added without its message.
package enum MessageKey: String, CaseIterable, Sendable {
    /// The word for a free price (`Free`).
    case free = "price.free"
    /// A price with its period (`$9.99/month`, `$24.99 every 3 months`).
    case recurringPrice
    /// A price per unit of time with what is billed (`$4.49/month, billed annually at $53.99`).
    case billedPrice
    /// A price per unit of time with the one payment it comes from, for a pay-up-front
    /// phase (`$0.16/day, one payment of $29.99 for 6 months`): nothing recurs.
    case billedOnce = "billedPrice.once"
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
    /// A period as a field of its own (`3 months`): ICU's text, unless the catalog words it
    /// otherwise where ICU's word is wrong on a paywall (Polish `3 dni`, not `3 doby`).
    case period
    /// A plan's name for its billing period (`Monthly`, `Every 2 weeks`, `Annual`).
    case planName
    /// A price with its period in short (`$9.99/mo`, `$24.99/3 mths`).
    case recurringPriceShort
    /// What a plan saves in a year, as an amount (`Save $30.00 a year`).
    case savingsAmountHeadline = "savings.amountHeadline"
    /// An offer's headline and summary with the day it ends (`Free until February 28, 2026`),
    /// by payment mode, and for an offer of several phases.
    case datedFreeTrialHeadline = "dated.freeTrial.headline"
    case datedFreeTrialSummary = "dated.freeTrial.summary"
    case datedPayAsYouGoHeadline = "dated.payAsYouGo.headline"
    case datedPayAsYouGoSummary = "dated.payAsYouGo.summary"
    case datedPayUpFrontHeadline = "dated.payUpFront.headline"
    case datedPayUpFrontSummary = "dated.payUpFront.summary"
    case datedPhasesHeadline = "dated.phases.headline"
    case datedPhasesSummary = "dated.phases.summary"
    /// The day a commitment ends (`Commitment ends on February 28, 2027`).
    case datedCommitmentEnds = "dated.commitment.ends"
    /// The day of the month in every date (`1`, `28`; French `1er`): ICU's day, unless the
    /// language writes a day otherwise than ICU's date pattern can (see ``ZoneDates``).
    case dateDay = "date.day"
    /// A commitment plan's large text (`€4.99/month for 12 months`).
    case commitmentHeadline = "commitment.headline"
    /// A commitment's payments and total (`12 monthly payments of €4.99 (€59.88 in total)`).
    case commitmentSummary = "commitment.summary"
    /// A commitment's terms when the plan goes on at the same price without a commitment.
    case commitmentTermsRegularPrice = "commitment.terms.regularPrice"
    /// A commitment's terms when a new commitment follows.
    case commitmentTermsNewCommitment = "commitment.terms.newCommitment"
    /// A commitment's terms when the subscription ends with it.
    case commitmentTermsEnds = "commitment.terms.ends"
    /// A commitment plan's name (`Monthly, 12-month commitment`).
    case commitmentPlanName = "commitment.planName"
    /// A prepaid plan's large text (`1 month for $9.99`).
    case prepaidHeadline = "prepaid.headline"
    /// A prepaid plan's one line (`One payment of $9.99 for 1 month, with no automatic renewal`).
    case prepaidSummary = "prepaid.summary"
    /// A prepaid plan's terms: nothing renews.
    case prepaidTerms = "prepaid.terms"
    /// A prepaid plan's name (`1 month, prepaid`).
    case prepaidPlanName = "prepaid.planName"

    // Spoken forms (``RenderOptions/Include/spoken``): `spoken.<key>` is what a screen reader
    // says for `<key>`, with the same arguments in their spoken forms and more
    // (``SpokenArguments``); a key without one is said as it is written, with its arguments'
    // spoken forms (``spokenKey``).
    /// `recurringPrice` read aloud, without a slash: `9.99 US dollars per month`.
    case spokenRecurringPrice = "spoken.recurringPrice"
    /// `recurringPriceShort` read aloud, nothing abbreviated: `9.99 US dollars per month`.
    case spokenRecurringPriceShort = "spoken.recurringPriceShort"
    /// The renewal terms read aloud, each amount where its case is grammatical.
    case spokenTermsRenewal = "spoken.terms.renewal"
    case spokenTermsAfterFreeTrial = "spoken.terms.afterFreeTrial"
    case spokenTermsAfterOffer = "spoken.terms.afterOffer"
    /// A commitment's payments and total read aloud.
    case spokenCommitmentSummary = "spoken.commitment.summary"
    /// A commitment's terms read aloud.
    case spokenCommitmentTermsRegularPrice = "spoken.commitment.terms.regularPrice"
    case spokenCommitmentTermsNewCommitment = "spoken.commitment.terms.newCommitment"
    case spokenCommitmentTermsEnds = "spoken.commitment.terms.ends"
    /// A prepaid plan's large text read aloud.
    case spokenPrepaidHeadline = "spoken.prepaid.headline"
    /// An amount as said in the nominative (``SpokenCase``): ICU's long currency name
    /// (`9.99 US dollars`), unless the catalog says some amounts otherwise (Slovenian: a
    /// decimal takes the genitive singular, `9,99 ameriškega dolarja`).
    case spokenAmountNominative = "spoken.amount.nominative"
    /// An amount as said in the dative, for the currencies the catalog knows.
    case spokenAmountDative = "spoken.amount.dative"
    /// An amount as said before a postposition, for the currencies the catalog knows.
    case spokenAmountOblique = "spoken.amount.oblique"

    /// Disclosures (``Disclosure``): how long a subscription period is (`Subscription length: 1 month`).
    case disclosureLength = "disclosure.length"
    /// When an App Store subscriber must cancel: at least 24 hours before the period ends.
    case disclosureCancelWindowAppStore = "disclosure.cancelWindow.appStore"
    /// When a Google Play subscriber must cancel: before the period ends.
    case disclosureCancelWindowGooglePlay = "disclosure.cancelWindow.googlePlay"
    /// What canceling does to a commitment (an App Store plan with a 12-month commitment, a
    /// Google Play installment plan): every payment of it is still due.
    case disclosureCancelWindowCommitment = "disclosure.cancelWindow.commitment"
    /// That the unused part of a free trial is forfeited on purchase (App Store).
    case disclosureTrialForfeit = "disclosure.trialForfeit"
    /// How long a free trial lasts and what is charged when it ends.
    case disclosureTrialConversion = "disclosure.trialConversion"
    /// The same with the day the trial ends, when dates are rendered.
    case disclosureTrialConversionDated = "disclosure.trialConversion.dated"
    /// The EU order button's label for a subscription (`Subscribe with obligation to pay`).
    case disclosureOrderButtonSubscription = "disclosure.orderButton.subscription"
    /// The EU order button's label for a one-time purchase (`Order with obligation to pay`).
    case disclosureOrderButtonOneTime = "disclosure.orderButton.oneTime"

    /// The message of this key, with its arguments' signature.
    var message: AnyMessage {
        switch self {
        case .free: Messages.free.erased
        case .recurringPrice: Messages.recurringPrice.erased
        case .billedPrice: Messages.billedPrice.erased
        case .billedOnce: Messages.billedOnce.erased
        case .freeTrialHeadline: Messages.freeTrialHeadline.erased
        case .freeTrialSummary: Messages.freeTrialSummary.erased
        case .payAsYouGoHeadline: Messages.payAsYouGoHeadline.erased
        case .payAsYouGoSummary: Messages.payAsYouGoSummary.erased
        case .payUpFrontHeadline: Messages.payUpFrontHeadline.erased
        case .payUpFrontSummary: Messages.payUpFrontSummary.erased
        case .freeTrialPhase: Messages.freeTrialPhase.erased
        case .payAsYouGoPhase: Messages.payAsYouGoPhase.erased
        case .payUpFrontPhase: Messages.payUpFrontPhase.erased
        case .phasesThen: Messages.phasesThen.erased
        case .savingsHeadline: Messages.savingsHeadline.erased
        case .discountHeadline: Messages.discountHeadline.erased
        case .termsRenewal: Messages.termsRenewal.erased
        case .termsAfterFreeTrial: Messages.termsAfterFreeTrial.erased
        case .termsAfterOffer: Messages.termsAfterOffer.erased
        case .termsHintAppStore: Messages.termsHintAppStore.erased
        case .termsHintGooglePlay: Messages.termsHintGooglePlay.erased
        case .termsWithHint: Messages.termsWithHint.erased
        case .period: Messages.period.erased
        case .planName: Messages.planName.erased
        case .recurringPriceShort: Messages.recurringPriceShort.erased
        case .savingsAmountHeadline: Messages.savingsAmountHeadline.erased
        case .datedFreeTrialHeadline: Messages.datedFreeTrialHeadline.erased
        case .datedFreeTrialSummary: Messages.datedFreeTrialSummary.erased
        case .datedPayAsYouGoHeadline: Messages.datedPayAsYouGoHeadline.erased
        case .datedPayAsYouGoSummary: Messages.datedPayAsYouGoSummary.erased
        case .datedPayUpFrontHeadline: Messages.datedPayUpFrontHeadline.erased
        case .datedPayUpFrontSummary: Messages.datedPayUpFrontSummary.erased
        case .datedPhasesHeadline: Messages.datedPhasesHeadline.erased
        case .datedPhasesSummary: Messages.datedPhasesSummary.erased
        case .datedCommitmentEnds: Messages.datedCommitmentEnds.erased
        case .dateDay: Messages.dateDay.erased
        case .commitmentHeadline: Messages.commitmentHeadline.erased
        case .commitmentSummary: Messages.commitmentSummary.erased
        case .commitmentTermsRegularPrice: Messages.commitmentTermsRegularPrice.erased
        case .commitmentTermsNewCommitment: Messages.commitmentTermsNewCommitment.erased
        case .commitmentTermsEnds: Messages.commitmentTermsEnds.erased
        case .commitmentPlanName: Messages.commitmentPlanName.erased
        case .prepaidHeadline: Messages.prepaidHeadline.erased
        case .prepaidSummary: Messages.prepaidSummary.erased
        case .prepaidTerms: Messages.prepaidTerms.erased
        case .prepaidPlanName: Messages.prepaidPlanName.erased
        case .spokenRecurringPrice: Messages.spokenRecurringPrice.erased
        case .spokenRecurringPriceShort: Messages.spokenRecurringPriceShort.erased
        case .spokenTermsRenewal: Messages.spokenTermsRenewal.erased
        case .spokenTermsAfterFreeTrial: Messages.spokenTermsAfterFreeTrial.erased
        case .spokenTermsAfterOffer: Messages.spokenTermsAfterOffer.erased
        case .spokenCommitmentSummary: Messages.spokenCommitmentSummary.erased
        case .spokenCommitmentTermsRegularPrice: Messages.spokenCommitmentTermsRegularPrice.erased
        case .spokenCommitmentTermsNewCommitment: Messages.spokenCommitmentTermsNewCommitment.erased
        case .spokenCommitmentTermsEnds: Messages.spokenCommitmentTermsEnds.erased
        case .spokenPrepaidHeadline: Messages.spokenPrepaidHeadline.erased
        case .spokenAmountNominative: Messages.spokenAmountNominative.erased
        case .spokenAmountDative: Messages.spokenAmountDative.erased
        case .spokenAmountOblique: Messages.spokenAmountOblique.erased
        case .disclosureLength: Messages.disclosureLength.erased
        case .disclosureCancelWindowAppStore: Messages.disclosureCancelWindowAppStore.erased
        case .disclosureCancelWindowGooglePlay: Messages.disclosureCancelWindowGooglePlay.erased
        case .disclosureCancelWindowCommitment: Messages.disclosureCancelWindowCommitment.erased
        case .disclosureTrialForfeit: Messages.disclosureTrialForfeit.erased
        case .disclosureTrialConversion: Messages.disclosureTrialConversion.erased
        case .disclosureTrialConversionDated: Messages.disclosureTrialConversionDated.erased
        case .disclosureOrderButtonSubscription: Messages.disclosureOrderButtonSubscription.erased
        case .disclosureOrderButtonOneTime: Messages.disclosureOrderButtonOneTime.erased
        }
    }

    /// The arguments this message receives, in the order the renderer passes them.
    var signature: MessageSignature { MessageKey.signatures[index] }

    /// The names of the arguments this message receives, in the order the renderer passes
    /// them: what ICU is given with the pattern (the benchmark's raw-ICU floor opens the
    /// catalogs' patterns with them).
    package var argumentNames: [String] { signature.names }

    /// Each key's signature, by index, worked out once.
    private static let signatures = allCases.map { $0.message.signature }

    /// Every key in order, made once (`allCases` makes a new array at each call): a key's
    /// position is its ``index``.
    static let ordered = allCases

    /// The key's position in `allCases`.
    var index: Int { MessageKey.indices[self]! }

    private static let indices = Dictionary(uniqueKeysWithValues: allCases.enumerated().map { ($1, $0) })
}

/// A message key with the type of its arguments: two integers, so that passing one costs
/// nothing.
struct Message<Arguments: MessageArguments>: Sendable {
    let key: MessageKey
    /// The key's position in `MessageKey.allCases`, where compiled messages are kept.
    let index: Int
    /// Whether the pieces placed in the message are isolated in a right-to-left sentence
    /// (see ``MessageValues/isolatesPieces``): all but a message that makes a piece itself
    /// from one text (`period`), whose output is isolated where it is placed.
    let isolatesPieces: Bool

    init(_ key: MessageKey, isolatesPieces: Bool = true) {
        self.key = key
        index = key.index
        self.isolatesPieces = isolatesPieces
    }

    /// The message without its arguments type, for checks that go through every key.
    var erased: AnyMessage {
        AnyMessage(key: key, signature: MessageSignature(of: Arguments.self), argumentsType: Arguments.self)
    }
}

/// A message whose arguments type is not known to the caller: its key, its signature, and
/// its arguments type.
struct AnyMessage: Sendable {
    let key: MessageKey
    let signature: MessageSignature
    let argumentsType: any MessageArguments.Type

    /// The values of the arguments type's sample, for formatting a message being checked.
    func sampleValues(_ isolating: Bool) -> MessageValues {
        var values = MessageValues(capacity: signature.arguments.count, isolatesPieces: isolating, mode: .texts)
        argumentsType.sample.visit(&values)
        return values
    }
}

/// Every message, each with its arguments type: read by the renderer (through the types)
/// and by the catalog checks (through ``MessageKey/signature``).
enum Messages {
    static let free = Message<NoArguments>(.free)
    static let recurringPrice = Message<PeriodPriceArguments>(.recurringPrice)
    static let billedPrice = Message<BilledPriceArguments>(.billedPrice)
    static let billedOnce = Message<BilledPriceArguments>(.billedOnce)
    static let freeTrialHeadline = Message<OfferArguments>(.freeTrialHeadline)
    static let freeTrialSummary = Message<OfferArguments>(.freeTrialSummary)
    static let payAsYouGoHeadline = Message<PayAsYouGoArguments>(.payAsYouGoHeadline)
    static let payAsYouGoSummary = Message<PayAsYouGoArguments>(.payAsYouGoSummary)
    static let payUpFrontHeadline = Message<OfferArguments>(.payUpFrontHeadline)
    static let payUpFrontSummary = Message<OfferArguments>(.payUpFrontSummary)
    static let freeTrialPhase = Message<OfferArguments>(.freeTrialPhase)
    static let payAsYouGoPhase = Message<PayAsYouGoArguments>(.payAsYouGoPhase)
    static let payUpFrontPhase = Message<OfferArguments>(.payUpFrontPhase)
    static let phasesThen = Message<ThenArguments>(.phasesThen)
    static let savingsHeadline = Message<PercentArguments>(.savingsHeadline)
    static let discountHeadline = Message<PercentArguments>(.discountHeadline)
    static let termsRenewal = Message<TermsArguments>(.termsRenewal)
    static let termsAfterFreeTrial = Message<TermsArguments>(.termsAfterFreeTrial)
    static let termsAfterOffer = Message<TermsArguments>(.termsAfterOffer)
    static let termsHintAppStore = Message<NoArguments>(.termsHintAppStore)
    static let termsHintGooglePlay = Message<NoArguments>(.termsHintGooglePlay)
    static let termsWithHint = Message<TermsWithHintArguments>(.termsWithHint)
    static let period = Message<PeriodArguments>(.period, isolatesPieces: false)
    static let planName = Message<PeriodArguments>(.planName)
    static let recurringPriceShort = Message<ShortPriceArguments>(.recurringPriceShort)
    static let savingsAmountHeadline = Message<AmountArguments>(.savingsAmountHeadline)
    static let datedFreeTrialHeadline = Message<DatedOfferArguments>(.datedFreeTrialHeadline)
    static let datedFreeTrialSummary = Message<DatedOfferArguments>(.datedFreeTrialSummary)
    static let datedPayAsYouGoHeadline = Message<DatedPayAsYouGoArguments>(.datedPayAsYouGoHeadline)
    static let datedPayAsYouGoSummary = Message<DatedPayAsYouGoArguments>(.datedPayAsYouGoSummary)
    static let datedPayUpFrontHeadline = Message<DatedOfferArguments>(.datedPayUpFrontHeadline)
    static let datedPayUpFrontSummary = Message<DatedOfferArguments>(.datedPayUpFrontSummary)
    static let datedPhasesHeadline = Message<DatedPhasesArguments>(.datedPhasesHeadline)
    static let datedPhasesSummary = Message<DatedPhasesArguments>(.datedPhasesSummary)
    static let datedCommitmentEnds = Message<CommitmentEndArguments>(.datedCommitmentEnds)
    /// A piece of a date, which is isolated where the date is placed.
    static let dateDay = Message<DayArguments>(.dateDay, isolatesPieces: false)
    static let commitmentHeadline = Message<CommitmentArguments>(.commitmentHeadline)
    static let commitmentSummary = Message<CommitmentArguments>(.commitmentSummary)
    static let commitmentTermsRegularPrice = Message<CommitmentArguments>(.commitmentTermsRegularPrice)
    static let commitmentTermsNewCommitment = Message<CommitmentArguments>(.commitmentTermsNewCommitment)
    static let commitmentTermsEnds = Message<CommitmentArguments>(.commitmentTermsEnds)
    static let commitmentPlanName = Message<CommitmentNameArguments>(.commitmentPlanName)
    static let prepaidHeadline = Message<PeriodPriceArguments>(.prepaidHeadline)
    static let prepaidSummary = Message<PeriodPriceArguments>(.prepaidSummary)
    static let prepaidTerms = Message<PeriodPriceArguments>(.prepaidTerms)
    static let prepaidPlanName = Message<PeriodArguments>(.prepaidPlanName)
    // Spoken forms: the arguments of the message they are said for, and more.
    static let spokenRecurringPrice = Message<SpokenArguments<PeriodPriceArguments>>(.spokenRecurringPrice)
    static let spokenRecurringPriceShort = Message<SpokenArguments<ShortPriceArguments>>(.spokenRecurringPriceShort)
    static let spokenTermsRenewal = Message<SpokenArguments<TermsArguments>>(.spokenTermsRenewal)
    static let spokenTermsAfterFreeTrial = Message<SpokenArguments<TermsArguments>>(.spokenTermsAfterFreeTrial)
    static let spokenTermsAfterOffer = Message<SpokenArguments<TermsArguments>>(.spokenTermsAfterOffer)
    static let spokenCommitmentSummary = Message<SpokenArguments<CommitmentArguments>>(.spokenCommitmentSummary)
    static let spokenCommitmentTermsRegularPrice = Message<SpokenArguments<CommitmentArguments>>(.spokenCommitmentTermsRegularPrice)
    static let spokenCommitmentTermsNewCommitment = Message<SpokenArguments<CommitmentArguments>>(.spokenCommitmentTermsNewCommitment)
    static let spokenCommitmentTermsEnds = Message<SpokenArguments<CommitmentArguments>>(.spokenCommitmentTermsEnds)
    static let spokenPrepaidHeadline = Message<SpokenArguments<PeriodPriceArguments>>(.spokenPrepaidHeadline)
    // An amount's forms: pieces of a text, isolated where the amount is placed.
    static let spokenAmountNominative = Message<AmountFormArguments>(.spokenAmountNominative, isolatesPieces: false)
    static let spokenAmountDative = Message<AmountFormArguments>(.spokenAmountDative, isolatesPieces: false)
    static let spokenAmountOblique = Message<AmountFormArguments>(.spokenAmountOblique, isolatesPieces: false)
    static let disclosureLength = Message<PeriodArguments>(.disclosureLength)
    static let disclosureCancelWindowAppStore = Message<NoArguments>(.disclosureCancelWindowAppStore)
    static let disclosureCancelWindowGooglePlay = Message<NoArguments>(.disclosureCancelWindowGooglePlay)
    static let disclosureCancelWindowCommitment = Message<CommitmentCancelArguments>(.disclosureCancelWindowCommitment)
    static let disclosureTrialForfeit = Message<NoArguments>(.disclosureTrialForfeit)
    static let disclosureTrialConversion = Message<TrialConversionArguments>(.disclosureTrialConversion)
    static let disclosureTrialConversionDated = Message<DatedTrialConversionArguments>(.disclosureTrialConversionDated)
    static let disclosureOrderButtonSubscription = Message<NoArguments>(.disclosureOrderButtonSubscription)
    static let disclosureOrderButtonOneTime = Message<NoArguments>(.disclosureOrderButtonOneTime)
}
