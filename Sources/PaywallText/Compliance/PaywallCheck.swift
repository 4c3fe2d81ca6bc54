/// Checks what a paywall shows against the stores' rules (PRODUCT §16; ``PaywallRule``
/// gives each rule's sources): `paywall-text check --paywall FILE`.
///
/// ```swift
/// let paywall = try PaywallDescription(parsing: data) { path throws(PaywallTextError) in try read(path) }
/// for finding in PaywallCheck.findings(paywall) { print(finding) }
/// ```
///
/// The check works on what the description says is shown and on the products' offers, not
/// on rendered text, so its findings are the same in every language.
public enum PaywallCheck {
    /// Every finding, product by product in the order the description first shows them,
    /// then those of the paywall as a whole; empty when the paywall keeps every rule.
    public static func findings(_ paywall: PaywallDescription) -> [PaywallFinding] {
        let store = paywall.store
        var findings: [PaywallFinding] = []
        var paywallRoles: Set<Disclosure.Role> = []
        var order: [String] = []
        var byProduct: [String: [PaywallDescription.Shown]] = [:]
        for shown in paywall.shows {
            if byProduct[shown.productIdentifier] == nil { order.append(shown.productIdentifier) }
            byProduct[shown.productIdentifier, default: []].append(shown)
        }
        for identifier in order {
            guard let product = paywall.products.items.lazy.compactMap({ item in
                item.source.productIdentifier == identifier ? try? item.result.get() : nil
            }).first else { continue }
            let check = ProductCheck(identifier: identifier, product: product.model, shows: byProduct[identifier] ?? [],
                                     disclosures: paywall.disclosures, store: store)
            findings += check.billedAmount()
            guard product.model.period != nil else {
                // A one-time purchase: its price, and nothing of renewals.
                findings += check.required([.price])
                continue
            }
            findings += check.renewalTerms()
            findings += check.commitment()
            let trials = check.trialOffers()
            findings += check.trials(trials)
            let required = PaywallRule.requiredRoles(store, trial: !trials.isEmpty)
            // Roles only the disclosures can show are the paywall's, named once.
            paywallRoles.formUnion(required.filter { !ProductCheck.shownByFields.contains($0) })
            findings += check.required(required.filter(ProductCheck.shownByFields.contains))
        }
        for role in Disclosure.Role.allCases where paywallRoles.contains(role) && !paywall.disclosures.contains(role) {
            findings.append(PaywallFinding(rule: .requiredDisclosure, store: store, role: role, productIdentifier: nil, field: nil,
                                           message: "the paywall does not show the \(role.rawValue) disclosure (\(ProductCheck.describe(role)))"))
        }
        if paywall.euConsumers, !paywall.disclosures.contains(.orderButton) {
            findings.append(PaywallFinding(rule: .orderButton, store: store, role: .orderButton, productIdentifier: nil, field: nil,
                                           message: "for consumers in the EU, the order button must say that the order carries an obligation to pay "
                                           + "(the orderButton disclosure, \"Subscribe with obligation to pay\")"))
        }
        return findings
    }
}

/// One finding: the rule a paywall breaks, where, and the rule's source.
public struct PaywallFinding: Sendable, Hashable, CustomStringConvertible {
    /// The rule broken.
    public let rule: PaywallRule
    /// Where the rule comes from (``PaywallRule/source(for:role:)``).
    public let source: String
    /// The disclosure that is missing, for ``PaywallRule/requiredDisclosure`` and ``PaywallRule/orderButton``.
    public let role: Disclosure.Role?
    /// The product it is about; `nil` for the paywall as a whole.
    public let productIdentifier: String?
    /// The field shown that breaks the rule, when one does.
    public let field: String?
    /// What is wrong.
    public let message: String

    init(rule: PaywallRule, store: Store, role: Disclosure.Role? = nil, productIdentifier: String?, field: String?, message: String) {
        self.rule = rule
        source = rule.source(for: store, role: role)
        self.role = role
        self.productIdentifier = productIdentifier
        self.field = field
        self.message = message
    }

    /// `billedAmountMostProminent · pro.annual · pricePer.month.price: … (source: …)`.
    public var description: String {
        let place = [productIdentifier, field].compactMap { $0 }.joined(separator: " · ")
        return "\(rule.rawValue)\(place.isEmpty ? "" : " · \(place)"): \(message) (source: \(source))"
    }
}

/// The rules of one product shown on a paywall.
private struct ProductCheck {
    let identifier: String
    let product: ValidatedProduct
    let shows: [PaywallDescription.Shown]
    let disclosures: Set<Disclosure.Role>
    let store: Store

    private func finding(_ rule: PaywallRule, role: Disclosure.Role? = nil, field: String? = nil, _ message: String) -> PaywallFinding {
        PaywallFinding(rule: rule, store: store, role: role, productIdentifier: identifier, field: field, message: message)
    }

    /// The fields shown that mean something, most prominent first (in description order among equals).
    private func shown(_ test: (PaywallField) -> Bool) -> [PaywallDescription.Shown] {
        shows.filter { test($0.field) }.sorted { $0.prominence < $1.prominence }
    }

    /// The billed amount is the most prominent price: no calculated price outranks it, and
    /// on the App Store no offer's price either (App Review names free trial, introductory
    /// and calculated pricing; Google Play's policy names the monthly price of a yearly plan).
    func billedAmount() -> [PaywallFinding] {
        let competing = shown { field in
            switch field.meaning {
            case .calculatedPrice: true
            case .offerPrice: store == .appStore
            default: false
            }
        }
        guard !competing.isEmpty else { return [] }
        let billed = shown { if case .billedAmount = $0.meaning { true } else { false } }.first
        guard let billed else {
            let inDisclosures = disclosures.contains(.price) ? " (the price disclosure is not among the prices shown with a prominence)" : ""
            return [finding(.billedAmountMostProminent, field: competing[0].field.path,
                            "the paywall shows \(competing[0].field.path) (prominence \(competing[0].prominence)) but not the billed amount "
                            + "(price, recurringPrice or recurringPriceShort)\(inDisclosures); the billed amount must be the most prominent price")]
        }
        return competing.filter { $0.prominence < billed.prominence }.map { other in
            finding(.billedAmountMostProminent, field: other.field.path,
                    "\(other.field.path) (prominence \(other.prominence)) is more prominent than the billed amount, "
                    + "\(billed.field.path) (prominence \(billed.prominence))")
        }
    }

    /// A commitment shows what the buyer commits to, its term and its total: a commitment's
    /// terms (a field, or the autoRenew disclosure) say both ("You commit to 12 monthly
    /// payments of €4.99, €59.88 in total"), as its `billingPlan.summary` does; its length
    /// disclosure names the term.
    func commitment() -> [PaywallFinding] {
        guard case .commitment = product.billingPlan else { return [] }
        let termsShown = disclosures.contains(.autoRenew) || !shown({ $0.meaning == .renewalTerms }).isEmpty
        var term = termsShown || disclosures.contains(.length), total = termsShown
        for shown in shows where shown.field.offer == nil {
            if case .commitment(let showsTerm, let showsTotal) = shown.field.meaning {
                term = term || showsTerm
                total = total || showsTotal
            }
        }
        guard !term || !total else { return [] }
        let missing = [term ? nil : "its term (how long, how many payments)", total ? nil : "its total"].compactMap { $0 }
        return [finding(.commitmentTerms,
                        "the plan is a commitment, whose every payment is due even after canceling, but the paywall does not show "
                        + missing.joined(separator: " or ") + " (billingPlan.summary, terms or the autoRenew disclosure say both)")]
    }

    /// The renewal terms are shown: a field of terms, or the autoRenew disclosure.
    func renewalTerms() -> [PaywallFinding] {
        guard !disclosures.contains(.autoRenew), shown({ $0.meaning == .renewalTerms }).isEmpty else { return [] }
        return [finding(.renewalTerms, role: .autoRenew,
                        "the renewal terms are not shown (terms, an offer's terms, or the autoRenew disclosure): "
                        + "that the subscription renews automatically, and at what price")]
    }

    /// The free trials the paywall presents: each offer that starts free and has a field
    /// shown, and on the App Store the introductory offer when it starts free (StoreKit gives
    /// it to every eligible subscriber, shown or not).
    func trialOffers() -> [Int] {
        product.offers.indices.filter { index in
            guard product.offers[index].phases[0].isFree else { return false }
            return shows.contains { $0.field.offer == index } || (store == .appStore && product.offers[index].type == .introductory)
        }
    }

    /// Each trial says what follows it and when: its summary, the trialConversion
    /// disclosure, or its terms with a field that says how long it lasts.
    func trials(_ offers: [Int]) -> [PaywallFinding] {
        guard !disclosures.contains(.trialConversion) else { return [] }
        return offers.compactMap { index in
            let fields = shown { $0.offer == index }
            let summary = fields.contains { $0.field.meaning == .offerPrice(.summary) }
            let terms = fields.contains { $0.field.meaning == .renewalTerms }
            let length = fields.contains { [.offerLength, .offerPrice(.headline)].contains($0.field.meaning) }
            guard !summary, !(terms && length) else { return nil }
            let missing = terms ? "how long it lasts" : length ? "what is charged after it" : "how long it lasts and what is charged after it"
            return finding(.trialStatesWhatFollows, role: .trialConversion, field: fields.first?.field.path,
                           "the free trial of offers[\(index)] does not say \(missing): show offers[\(index)].summary "
                           + "or the trialConversion disclosure")
        }
    }

    /// The roles a shown field can stand for (`recurringPrice` for the price and the length).
    static let shownByFields: Set<Disclosure.Role> = [.length, .price]

    /// The roles with fields that can stand for them: shown by a field, or by the disclosures.
    func required(_ roles: [Disclosure.Role]) -> [PaywallFinding] {
        roles.compactMap { role in
            guard !disclosures.contains(role) else { return nil }
            let covered = switch role {
            case .price: shows.contains { if case .billedAmount = $0.field.meaning { true } else { false } }
            case .length: shows.contains { $0.field.showsLength }
            default: false
            }
            guard !covered else { return nil }
            return finding(.requiredDisclosure, role: role, "the paywall does not show the \(role.rawValue) (\(Self.describe(role)))")
        }
    }

    /// What a role says, and the fields that can say it, for messages.
    static func describe(_ role: Disclosure.Role) -> String {
        switch role {
        case .title: "the subscription's title"
        case .length: "the length of a period: period, planName, recurringPrice, or the length disclosure"
        case .price: "the billed amount: price, recurringPrice, recurringPriceShort, or the price disclosure"
        case .autoRenew: "that the subscription renews automatically"
        case .cancelWindow: "when to cancel to stop the next renewal"
        case .manage: "where to manage or cancel the subscription"
        case .trialForfeit: "that the unused part of a free trial is forfeited on purchase"
        case .trialConversion: "how long the free trial lasts and what is charged when it ends"
        case .orderButton: "the order button's label"
        }
    }
}
