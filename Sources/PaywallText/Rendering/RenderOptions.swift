/// Options for ``PaywallRenderer``.
public struct RenderOptions: Sendable, Hashable {
    /// Which period conversions apply (7 days → 1 week, 12 months → 1 year).
    public var normalization: PeriodNormalization
    /// How prices per unit of time are rounded to the currency's digits; toward zero by
    /// default, so that a derived price never exceeds the exact value.
    public var unitPriceRounding: UnitPriceRounding
    /// The store whose rules and wording the text follows, when the caller names one: the
    /// renewal terms then end with where to manage or cancel the subscription in that store,
    /// and the disclosures (``Include/disclosures``) follow that store's rules. `nil` by
    /// default: the terms state the facts only, and each product's disclosures follow the
    /// store its document came from (``ProductSource/store``), else the App Store.
    public var store: Store?
    /// The product that savings are computed against, by its `productIdentifier`, when
    /// products are rendered as a batch; by default, the product with the highest price per
    /// month in each currency.
    public var savingsReference: String?
    /// Fields rendered only when asked for (spoken variants, parts, disclosures); none by
    /// default, so that the default output stays lean.
    public var include: Include
    /// The instant a subscriber starts, from which dates are counted: with it, each product
    /// gets ``RenderedProduct/dates`` and each offer ``RenderedOffer/dates`` and its dated
    /// sentences (`Free until February 28, 2026, then $9.99/month`); `nil` (the default)
    /// renders no dates. See <doc:Dates>.
    public var asOf: AsOf?
    /// The time zone in which dates are counted and written; UTC by default.
    public var timeZone: TimeZoneName
    /// The storefront whose consumer law the disclosures (``Include/disclosures``) follow,
    /// as an ISO 3166-1 code (`DE`, `DEU`), for products whose document names none; `nil` (the
    /// default) takes the display locale's region. The order button's label
    /// (``Disclosure/Role/orderButton``) is shown only for a storefront in the EU, the EEA or
    /// the United Kingdom.
    public var storefront: String? = nil
    /// The fields rendered, by their JSON paths (``FieldSelection``); `nil` (the default)
    /// renders every field. Only the fields selected, and what they are made from, are
    /// rendered; ``RenderedProduct/visitFields(_:)`` (and so the JSON, the text table and the
    /// snapshot files) lists only those.
    public var fields: FieldSelection? = nil

    /// Creates options; the defaults are both normalizations, rounding toward zero, no
    /// store named, savings against the dearest plan, no optional fields, and no dates (in
    /// UTC when asked).
    public init(
        normalization: PeriodNormalization = .standard, unitPriceRounding: UnitPriceRounding = .towardZero,
        store: Store? = nil, savingsReference: String? = nil, include: Include = [],
        asOf: AsOf? = nil, timeZone: TimeZoneName = .utc
    ) {
        self.normalization = normalization
        self.unitPriceRounding = unitPriceRounding
        self.store = store
        self.savingsReference = savingsReference
        self.include = include
        self.asOf = asOf
        self.timeZone = timeZone
    }
}

extension RenderOptions {
    /// The store named for the cancellation hint: the former name of ``store``, which does
    /// what this option did (the hint after the renewal terms) and chooses the disclosures'
    /// store too.
    @available(*, deprecated, renamed: "store")
    public var cancellationHint: Store? {
        get { store }
        set { store = newValue }
    }

    /// Creates options with a store named by its former name, `cancellationHint`.
    @available(*, deprecated, renamed: "init(normalization:unitPriceRounding:store:savingsReference:include:asOf:timeZone:)")
    public init(
        normalization: PeriodNormalization = .standard, unitPriceRounding: UnitPriceRounding = .towardZero,
        cancellationHint: Store?, savingsReference: String? = nil, include: Include = []
    ) {
        self.init(normalization: normalization, unitPriceRounding: unitPriceRounding, store: cancellationHint,
                  savingsReference: savingsReference, include: include)
    }
}

extension RenderOptions {
    /// The optional fields of a result: `--include spoken,parts,disclosures` on the command
    /// line, `"include": "spoken,parts"` (or an array of names) in a server request.
    public struct Include: OptionSet, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: Int

        /// Creates a set from its raw bits.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// `spoken`: each sentence as a screen reader should say it (`9.99 US dollars per month`).
        public static let spoken = Include(rawValue: 1 << 0)
        /// `parts`: each sentence as runs of text with the role of each (the price, the period, …),
        /// for styling.
        public static let parts = Include(rawValue: 1 << 1)
        /// `disclosures`: what a store requires a purchase screen to say, per product.
        public static let disclosures = Include(rawValue: 1 << 2)

        /// Every field by its name, in the order results list them.
        public static let named: [(name: String, field: Include)] = [("spoken", .spoken), ("parts", .parts), ("disclosures", .disclosures)]

        /// Reads names separated by commas (`spoken,parts`); an empty text is no field.
        ///
        /// - Throws: ``PaywallTextError`` for an unknown name, listing the names.
        public init(parsing text: String) throws(PaywallTextError) {
            var include: Include = []
            for name in text.split(separator: ",", omittingEmptySubsequences: true) {
                let trimmed = String(name.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
                guard let field = Include.named.first(where: { $0.name == trimmed })?.field else {
                    throw PaywallTextError(.invalidValue, message: "unknown field \(quoted(trimmed)); expected "
                                           + JSONField.list(Include.named.map(\.name)))
                }
                include.insert(field)
            }
            self = include
        }

        /// The names, separated by commas: `spoken,parts`.
        public var description: String {
            Include.named.filter { contains($0.field) }.map(\.name).joined(separator: ",")
        }
    }
}

/// Where the renewal terms tell a subscriber to manage or cancel the subscription: now
/// ``Store``, which ``RenderOptions/store`` takes.
@available(*, deprecated, renamed: "Store")
public typealias CancellationHint = Store

extension RenderOptions {
    /// The options by name: the keys of a server request's `options`, the command line's
    /// flags (``commandLineName``) and what snapshot headers say — one vocabulary.
    public enum Name: String, Sendable, Hashable, CaseIterable {
        /// ``PeriodNormalization/daysAsWeeks``, a boolean.
        case daysAsWeeks
        /// ``PeriodNormalization/monthsAsYears``, a boolean.
        case monthsAsYears
        /// ``RenderOptions/savingsReference``, a product identifier.
        case savingsReference
        /// ``RenderOptions/unitPriceRounding``: `towardZero` or `halfEven`.
        case unitPriceRounding
        /// The former name of ``store``, read as it: `appStore` or `googlePlay`.
        case cancellationHint
        /// ``RenderOptions/include``: names separated by commas (`spoken,parts,disclosures`).
        case include
        /// ``RenderOptions/store``: `appStore` or `googlePlay`.
        case store
        /// ``RenderOptions/storefront``: an ISO 3166-1 territory code (`DE`, `DEU`).
        case storefront
        /// ``RenderOptions/fields``: JSON paths separated by commas (`price,offers.headline`),
        /// or an array of them in a server request.
        case fields

        /// The command-line option without its dashes: `no-days-as-weeks` (a flag that turns
        /// the default off), `savings-reference`, `unit-price-rounding`, `store`.
        public var commandLineName: String {
            switch self {
            case .daysAsWeeks: "no-days-as-weeks"
            case .monthsAsYears: "no-months-as-years"
            case .savingsReference: "savings-reference"
            case .unitPriceRounding: "unit-price-rounding"
            case .cancellationHint: "cancellation-hint"
            case .include: "include"
            case .store: "store"
            case .storefront: "storefront"
            case .fields: "fields"
            }
        }

        /// The option a request names (the key of a server request's `options`).
        ///
        /// - Throws: ``PaywallTextError`` of kind ``PaywallTextError/Kind/invalidValue``,
        ///   listing every option, when no option has the name.
        public init(named name: String) throws(PaywallTextError) {
            guard let option = Name(rawValue: name) else {
                throw PaywallTextError(.invalidValue, message: "is not an option; expected \(JSONField.list(Name.allCases.map(\.rawValue)))")
            }
            self = option
        }
    }

    /// An option's value as a request gives it.
    public enum Setting: Sendable, Hashable {
        /// A boolean.
        case flag(Bool)
        /// A string.
        case text(String)
        /// A value of another kind, described (`a number`), which no option takes.
        case other(String)
    }

    /// Sets an option by its name.
    ///
    /// - Throws: ``PaywallTextError`` (without a path: the caller knows where the value is)
    ///   for a value of the wrong kind or an unknown choice.
    public mutating func set(_ name: Name, _ setting: Setting) throws(PaywallTextError) {
        func kind() -> String {
            switch setting {
            case .flag: "a boolean"
            case .text: "a string"
            case .other(let kind): kind
            }
        }
        switch (name, setting) {
        case (.daysAsWeeks, .flag(let flag)): normalization.daysAsWeeks = flag
        case (.monthsAsYears, .flag(let flag)): normalization.monthsAsYears = flag
        case (.daysAsWeeks, _), (.monthsAsYears, _):
            throw PaywallTextError(.invalidValue, message: "must be true or false, got \(kind())")
        case (.savingsReference, .text(let identifier)): savingsReference = identifier
        case (.unitPriceRounding, .text(let text)):
            guard let rounding = UnitPriceRounding(rawValue: text) else {
                throw PaywallTextError(.invalidValue, message: "unknown rounding \(quoted(text)); expected "
                                       + JSONField.list(UnitPriceRounding.allCases.map(\.rawValue)))
            }
            unitPriceRounding = rounding
        case (.store, .text(let text)), (.cancellationHint, .text(let text)):
            guard let named = Store(rawValue: text) else {
                throw PaywallTextError(.invalidValue, message: "unknown store \(quoted(text)); expected "
                                       + JSONField.list(Store.allCases.map(\.rawValue)))
            }
            store = named
        case (.include, .text(let text)): include = try Include(parsing: text)
        case (.storefront, .text(let text)):
            guard ICU.Region.territory(text) != nil else {
                throw PaywallTextError(.invalidValue, message: "unknown territory \(quoted(text)); expected an ISO 3166-1 code such as DE or DEU")
            }
            storefront = text
        case (.fields, .text(let text)): fields = try FieldSelection(parsing: text)
        case (.savingsReference, _), (.unitPriceRounding, _), (.cancellationHint, _), (.include, _), (.store, _), (.storefront, _), (.fields, _):
            throw PaywallTextError(.invalidValue, message: "must be a string, got \(kind())")
        }
    }
}

extension InputFormat {
    /// The format `--input` (and a request's `input`) names: a format's name, or `auto`
    /// (`nil`: detect it).
    ///
    /// - Throws: ``PaywallTextError`` for an unknown name, listing the names.
    public static func choice(named name: String) throws(PaywallTextError) -> InputFormat? {
        if name == "auto" { return nil }
        guard let format = InputFormat(rawValue: name) else {
            throw PaywallTextError(.invalidValue, message: "unknown input format \(quoted(name)); expected "
                                   + choiceNames.joined(separator: ", "))
        }
        return format
    }

    /// `auto` and every format's name, as `--input` takes them.
    public static var choiceNames: [String] { ["auto"] + allCases.map(\.rawValue) }
}
