/// A field of a rendered product that a paywall shows, named by its path in the JSON that
/// `paywall-text render --format json` writes: `recurringPrice`, `pricePer.month.price`,
/// `offers[0].summary`, `offers[1].phases[0].headline` (offers in the order results list
/// them: the introductory offer first).
///
/// What the field says decides which rules it counts for (<doc:DisclosuresAndPaywallChecks>):
/// the billed amount (`price`, `recurringPrice`, `recurringPriceShort`, the price per the
/// billing period's own unit), a calculated price (any other `pricePer`, `savings.amount`,
/// `savings.amountHeadline`), an offer's price (`offers[i].price`, `headline`, `summary`, a
/// phase's `price`, `headline`, `pricePer`), the renewal terms (`terms`, `offers[i].terms`),
/// or the length (`period`, `planName`).
public struct PaywallField: Sendable, Hashable, CustomStringConvertible {
    /// The path as written: `pricePer.month.price`.
    public let path: String
    /// What the field says.
    let meaning: Meaning
    /// The offer the field belongs to (`offers[1]` → 1), `nil` for the product's own fields.
    let offer: Int?

    /// What a field says, for the rules.
    enum Meaning: Sendable, Hashable {
        /// The amount billed each period (with its length, unless it is the bare `price`).
        case billedAmount(showsLength: Bool)
        /// A price worked out from the billed amount: per another unit, a year's saving.
        /// `showsLength` for `pricePer.*.billed`, which names the billing period.
        case calculatedPrice(showsLength: Bool)
        /// What an offer charges, or its sentence: `offers[i].price`, `headline`, `summary`.
        case offerPrice(Sentence)
        /// An offer's length: `offers[i].period`, `duration`, a phase's.
        case offerLength
        /// The renewal terms.
        case renewalTerms
        /// The plan's length without its price: `period`, `planName`.
        case length
        /// A percentage badge (`savings.headline`, `discount.headline`): no amount.
        case percent
        /// A commitment's text (`billingPlan.summary`): whether it names the commitment's term
        /// (its length, payments or end) and its total.
        case commitment(showsTerm: Bool, showsTotal: Bool)
        /// A field no rule looks at (`currencyCode`).
        case other
    }

    /// Which offer text a field is: the summary says what follows the offer and when; a
    /// headline (of the offer or its first phase) says how long it lasts.
    enum Sentence: Sendable, Hashable {
        case summary, headline, other
    }

    public var description: String { path }

    /// Reads a path and checks it against a checked product: `offers[2]` must exist,
    /// `pricePer` needs a subscription, `pricePer.month.billed` a plan not billed monthly.
    ///
    /// - Throws: ``PaywallTextError`` (without a path: the caller knows where the text is)
    ///   for a path that is no field of the product.
    init(parsing path: String, product: ValidatedProduct) throws(PaywallTextError) {
        self.path = path
        var parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        func fail(_ why: String) -> PaywallTextError {
            PaywallTextError(.invalidValue, message: "\(quoted(path)) \(why); fields are named as render's JSON names them "
                             + "(recurringPrice, pricePer.month.price, offers[0].summary)")
        }
        let subscription = product.period != nil
        guard let head = parts.first, !head.isEmpty else { throw fail("is empty") }
        if let index = Self.index(head, of: "offers") {
            guard index < product.offers.count else {
                throw fail("names offer \(index), but the product has \(product.offers.count) offer\(product.offers.count == 1 ? "" : "s")")
            }
            offer = index
            parts.removeFirst()
            let phases = product.offers[index].phases
            if let first = parts.first, let phase = Self.index(first, of: "phases") {
                guard phase < phases.count else { throw fail("names phase \(phase), but the offer has \(phases.count)") }
                parts.removeFirst()
                guard let meaning = Self.phaseMeaning(parts, isFirst: phase == 0, isFree: phases[phase].isFree) else {
                    throw fail("is no field of an offer's phase (price, period, duration, headline, discount.headline, pricePer.month.price)")
                }
                self.meaning = meaning
                return
            }
            guard let meaning = Self.offerMeaning(parts) else {
                throw fail("is no field of an offer (price, period, duration, headline, summary, terms, discount.headline)")
            }
            self.meaning = meaning
            return
        }
        offer = nil
        switch parts {
        case ["price"]: meaning = .billedAmount(showsLength: false)
        case ["currencyCode"], ["productIdentifier"]: meaning = .other
        case ["recurringPrice"], ["recurringPriceShort"], ["period"], ["planName"], ["terms"]:
            guard subscription else { throw fail("is a field of a subscription; the product is a one-time purchase") }
            meaning = switch head {
            case "period", "planName": .length
            case "terms": .renewalTerms
            default: .billedAmount(showsLength: true)
            }
        case ["savings", "headline"], ["savings", "text"], ["savings", "percent"]: meaning = .percent
        case _ where head == "billingPlan":
            guard let plan = product.billingPlan else { throw fail("is a field of a billing plan; the product has none") }
            guard parts.count == 2, let meaning = Self.billingPlanMeaning(parts[1]) else {
                throw fail("is no field of a billing plan (headline, summary, duration, numberOfPayments, total, totalAmount, endsOnText)")
            }
            if case .commitment = plan { self.meaning = meaning } else { self.meaning = .other }
        case ["savings", "amount"], ["savings", "amountHeadline"]: meaning = .calculatedPrice(showsLength: false)
        case _ where head == "pricePer":
            guard let period = product.period else { throw fail("is a field of a subscription; the product is a one-time purchase") }
            guard parts.count == 3, let unit = PeriodUnit(rawValue: parts[1]), ["price", "recurringPrice", "billed", "amount"].contains(parts[2]) else {
                throw fail("is no price per unit (pricePer.day, week, month or year, then price, recurringPrice or billed)")
            }
            let isBillingUnit = period.numberOfUnits == 1 && period.unit == unit
            if parts[2] == "billed" {
                guard !isBillingUnit else { throw fail("is absent: the plan is billed every 1 \(unit.rawValue), so its price per \(unit.rawValue) is the billed amount") }
                meaning = .calculatedPrice(showsLength: true)
            } else {
                meaning = isBillingUnit ? .billedAmount(showsLength: parts[2] == "recurringPrice") : .calculatedPrice(showsLength: false)
            }
        default:
            throw fail("is no field of a product")
        }
    }

    /// What a billing plan's field says of a commitment: `summary` ("12 monthly payments of
    /// €4.99 (€59.88 in total)") its term and total, `headline` ("€4.99/month for 12 months")
    /// and `duration`, `numberOfPayments`, `endsOnText` its term, `total` its total.
    private static func billingPlanMeaning(_ field: String) -> Meaning? {
        switch field {
        case "summary": .commitment(showsTerm: true, showsTotal: true)
        case "headline", "duration", "numberOfPayments", "endsOnText", "endsOn": .commitment(showsTerm: true, showsTotal: false)
        case "total", "totalAmount": .commitment(showsTerm: false, showsTotal: true)
        case "type", "renewal": .other
        default: nil
        }
    }

    private static func offerMeaning(_ parts: [String]) -> Meaning? {
        switch parts {
        case ["price"]: .offerPrice(.other)
        case ["headline"]: .offerPrice(.headline)
        case ["summary"]: .offerPrice(.summary)
        case ["period"], ["duration"]: .offerLength
        case ["terms"]: .renewalTerms
        case ["discount", "headline"], ["discount", "text"], ["discount", "percent"]: .percent
        case ["paymentMode"], ["type"], ["identifier"]: .other
        default: nil
        }
    }

    /// A phase's field: the first phase's headline says how long a trial lasts, as the
    /// offer's headline does.
    private static func phaseMeaning(_ parts: [String], isFirst: Bool, isFree: Bool) -> Meaning? {
        switch parts {
        case ["price"]: return .offerPrice(.other)
        case ["headline"]: return .offerPrice(isFirst ? .headline : .other)
        case ["period"], ["duration"]: return .offerLength
        case ["discount", "headline"], ["discount", "text"], ["discount", "percent"]: return .percent
        case ["paymentMode"]: return .other
        default:
            guard parts.count == 3, parts[0] == "pricePer", PeriodUnit(rawValue: parts[1]) != nil, !isFree,
                  ["price", "recurringPrice", "billed", "amount"].contains(parts[2])
            else { return nil }
            return .offerPrice(.other)
        }
    }

    /// `2` for `offers[2]` when `name` is `offers`.
    private static func index(_ part: String, of name: String) -> Int? {
        guard part.hasPrefix(name + "["), part.hasSuffix("]") else { return nil }
        let digits = part.dropFirst(name.count + 1).dropLast()
        guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy(\.isASCII), let index = Int(digits) else { return nil }
        return index
    }

    /// Whether the field says how long a billing period is.
    var showsLength: Bool {
        switch meaning {
        case .length: true
        case .billedAmount(let shows), .calculatedPrice(let shows): shows
        default: false
        }
    }
}
