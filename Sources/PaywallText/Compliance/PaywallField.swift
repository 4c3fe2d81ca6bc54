/// A field of a rendered product that a paywall shows, named by its path in the JSON that
/// `paywall-text render --format json` writes: `recurringPrice`, `pricePer.month.price`,
/// `offers[0].summary`, `offers[1].phases[0].headline` (offers in the order results list
/// them: the introductory offer first).
///
/// Any field of a result is one (``FieldSelection/validPaths``, and the result's identity:
/// `productIdentifier`, `currencyCode`, …). What the field says decides which rules it counts for
/// (<doc:DisclosuresAndPaywallChecks>): the billed amount (`price`, `recurringPrice`,
/// `recurringPriceShort`, the price per the billing period's own unit), a calculated price
/// (any other `pricePer`, `savings.amount`, `savings.amountHeadline`), an offer's price
/// (`offers[i].price`, `headline`, `summary`, `datedHeadline`, `datedSummary`, a phase's
/// `price`, `headline`, `pricePer`), the renewal terms (`terms`, `offers[i].terms`), or the
/// length (`period`, `planName`); other fields count for none.
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

    /// Reads a path and checks it against a checked product: the path must be a field of the
    /// one list of a result's fields (``FieldSelection/validPaths``, and the result's identity),
    /// with the index of an offer and of a phase (`offers[0].phases[1].headline`); `offers[2]`
    /// must exist, `pricePer` needs a subscription, `pricePer.month.billed` a plan not billed
    /// monthly.
    ///
    /// - Throws: ``PaywallTextError`` (without a path: the caller knows where the text is)
    ///   for a path that is no field of the product.
    init(parsing path: String, product: ValidatedProduct) throws(PaywallTextError) {
        self.path = path
        func fail(_ why: String) -> PaywallTextError {
            PaywallTextError(.invalidValue, message: "\(quoted(path)) \(why); fields are named as render's JSON names them "
                             + "(recurringPrice, pricePer.month.price, offers[0].summary)")
        }
        guard !path.isEmpty else { throw fail("is empty") }
        // The path without indices, as the list names it.
        var key = ""
        var offer: Int?, phase: Int?
        let written = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        for (number, part) in written.enumerated() {
            // The path as written up to this part.
            let before = written[..<number].joined(separator: ".")
            if key.isEmpty, let index = Self.index(part, of: "offers") {
                guard index < product.offers.count else {
                    throw fail("names offer \(index), but the product has \(product.offers.count) offer\(product.offers.count == 1 ? "" : "s")")
                }
                offer = index
                key = "offers"
                continue
            }
            if key == "offers", let offer, let index = Self.index(part, of: "phases") {
                let phases = product.offers[offer].phases.count
                guard index < phases else { throw fail("names phase \(index), but the offer has \(phases)") }
                phase = index
                key = "offers.phases"
                continue
            }
            let next = key.isEmpty ? part : "\(key).\(part)"
            guard Self.fields.contains(next) else {
                let members = Self.members(of: key)
                guard !members.isEmpty else { throw fail("is no field: \(before) has no fields") }
                throw fail("is no field of \(Self.object(key, written: before)) (\(members.joined(separator: ", ")))")
            }
            // An offer and a phase are named with their index, in the order results list them.
            if let named = Self.indexed[next] {
                var indexed = written
                indexed[number] += "[0]"
                throw fail("names \(named) without its index (\(indexed.joined(separator: ".")))")
            }
            key = next
        }
        if let named = Self.indexed[key] {
            throw fail("names \(named), not one of its fields (\(Self.members(of: key).joined(separator: ", ")))")
        }
        self.offer = offer
        let parts = key.split(separator: ".").map(String.init)
        if Self.subscriptionFields.contains(parts[0]), product.period == nil {
            throw fail("is a field of a subscription; the product is a one-time purchase")
        }
        if parts[0] == "billingPlan", product.billingPlan == nil {
            throw fail("is a field of a billing plan; the product has none")
        }
        if parts.count == 3, parts[0] == "pricePer", parts[2] == "billed", let period = product.period,
           period.numberOfUnits == 1, period.unit.rawValue == parts[1] {
            throw fail("is absent: the plan is billed every 1 \(parts[1]), so its price per \(parts[1]) is the billed amount")
        }
        if let offer, let phase, parts.count > 2, parts[2] == "pricePer", product.offers[offer].phases[phase].isFree {
            throw fail("is absent: offers[\(offer)].phases[\(phase)] is free, so it has no price per unit")
        }
        meaning = switch Self.meanings[key] {
        case nil: .other
        case .says(let meaning): meaning
        case .commitment(let meaning): if case .commitment = product.billingPlan { meaning } else { .other }
        case .firstPhase(let first, let other): phase == 0 ? first : other
        case .unitPrice:
            // The price per the billing period's own unit is the billed amount; `billed` says the billing period.
            if let period = product.period, period.numberOfUnits == 1, period.unit.rawValue == parts[1] {
                .billedAmount(showsLength: parts[2] == "recurringPrice")
            } else {
                .calculatedPrice(showsLength: parts[2] == "billed")
            }
        }
    }

    /// The paths a paywall may show: every field of a result (``FieldSelection/validPaths``)
    /// and its identity, without indices.
    private static let fields = Set(FieldSelection.validPaths).union(FieldSelection.identity)

    /// The arrays whose elements a path names by index, and what an element is.
    private static let indexed = ["offers": "an offer", "offers.phases": "an offer's phase"]

    /// The fields of the object at `key` (without indices), in the list's order.
    private static func members(of key: String) -> [String] {
        FieldSelection.validPaths.compactMap { path in
            let name = key.isEmpty ? path : path.hasPrefix(key + ".") ? String(path.dropFirst(key.count + 1)) : ""
            return name.isEmpty || name.contains(".") ? nil : name
        }
    }

    /// How a message names the object at `key`, written `written`: `a product`, `an offer`,
    /// `offers[0].discount`.
    private static func object(_ key: String, written: String) -> String {
        switch key {
        case "": "a product"
        case "billingPlan": "a billing plan"
        default: indexed[key] ?? written
        }
    }

    /// The fields only a subscription has (with those under them).
    static let subscriptionFields: Set<String> = ["recurringPrice", "recurringPriceShort", "period", "planName", "terms", "pricePer"]

    /// How the meaning of a field is found.
    enum Reading: Sendable {
        /// It says this.
        case says(Meaning)
        /// It says this of a commitment, nothing of another plan.
        case commitment(Meaning)
        /// The first phase's says `first`, the others' `other`.
        case firstPhase(Meaning, other: Meaning)
        /// A price per unit: the billed amount in the billing period's own unit, else a calculated price.
        case unitPrice
    }

    /// What each field a rule looks at says, by its path without indices; each is a path of the
    /// list (`PaywallCheckTests` checks). A field of the list not named here says nothing a rule
    /// looks at (``Meaning/other``).
    static let meanings: [String: Reading] = {
        var meanings: [String: Reading] = [
            "price": .says(.billedAmount(showsLength: false)),
            "recurringPrice": .says(.billedAmount(showsLength: true)),
            "recurringPriceShort": .says(.billedAmount(showsLength: true)),
            "period": .says(.length),
            "planName": .says(.length),
            "terms": .says(.renewalTerms),
            "savings.amount": .says(.calculatedPrice(showsLength: false)),
            "savings.amountHeadline": .says(.calculatedPrice(showsLength: false)),
            // A commitment's `summary` ("12 monthly payments of €4.99 (€59.88 in total)") says its
            // term and total; `headline` ("€4.99/month for 12 months"), `duration`,
            // `numberOfPayments` and its end its term; `total` its total.
            "billingPlan.summary": .commitment(.commitment(showsTerm: true, showsTotal: true)),
            "billingPlan.headline": .commitment(.commitment(showsTerm: true, showsTotal: false)),
            "billingPlan.duration": .commitment(.commitment(showsTerm: true, showsTotal: false)),
            "billingPlan.numberOfPayments": .commitment(.commitment(showsTerm: true, showsTotal: false)),
            "billingPlan.endsOn": .commitment(.commitment(showsTerm: true, showsTotal: false)),
            "billingPlan.endsOn.text": .commitment(.commitment(showsTerm: true, showsTotal: false)),
            "billingPlan.endsOnText": .commitment(.commitment(showsTerm: true, showsTotal: false)),
            "billingPlan.total": .commitment(.commitment(showsTerm: false, showsTotal: true)),
            "billingPlan.totalAmount": .commitment(.commitment(showsTerm: false, showsTotal: true)),
            // An offer's summary says what follows it and when; a headline (of the offer, or of
            // its first phase) how long it lasts; the dated ones say it with the day.
            "offers.price": .says(.offerPrice(.other)),
            "offers.headline": .says(.offerPrice(.headline)),
            "offers.datedHeadline": .says(.offerPrice(.headline)),
            "offers.summary": .says(.offerPrice(.summary)),
            "offers.datedSummary": .says(.offerPrice(.summary)),
            "offers.period": .says(.offerLength),
            "offers.duration": .says(.offerLength),
            "offers.terms": .says(.renewalTerms),
            "offers.phases.price": .says(.offerPrice(.other)),
            "offers.phases.headline": .firstPhase(.offerPrice(.headline), other: .offerPrice(.other)),
            "offers.phases.period": .says(.offerLength),
            "offers.phases.duration": .says(.offerLength),
        ]
        // A percentage badge is no amount.
        for percent in ["savings", "offers.discount", "offers.phases.discount"] {
            for field in ["headline", "text", "percent"] { meanings["\(percent).\(field)"] = .says(.percent) }
        }
        for unit in PeriodUnit.allCases {
            for field in ["price", "amount", "recurringPrice", "billed"] {
                meanings["pricePer.\(unit.rawValue).\(field)"] = .unitPrice
                meanings["offers.phases.pricePer.\(unit.rawValue).\(field)"] = .says(.offerPrice(.other))
            }
        }
        return meanings
    }()

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
