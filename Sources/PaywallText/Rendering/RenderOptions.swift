/// Options for ``PaywallRenderer``.
public struct RenderOptions: Sendable, Hashable {
    /// Which period conversions apply (7 days → 1 week, 12 months → 1 year).
    public var normalization: PeriodNormalization
    /// Where the sentences come from: the built-in catalogs, or a folder.
    public var catalogs: CatalogSource
    /// How prices per unit of time are rounded to the currency's digits; toward zero by
    /// default, so that a derived price never exceeds the exact value.
    public var unitPriceRounding: UnitPriceRounding
    /// A sentence added to the renewal terms saying where to manage or cancel the
    /// subscription; none by default, so the terms state the facts only.
    public var cancellationHint: CancellationHint?
    /// The product that savings are computed against, by its `productIdentifier`, when
    /// products are rendered as a batch; by default, the product with the highest price per
    /// month in each currency.
    public var savingsReference: String?

    /// Creates options; the defaults are the built-in catalogs, both normalizations,
    /// rounding toward zero, no cancellation hint, and savings against the dearest plan.
    public init(
        normalization: PeriodNormalization = .standard, catalogs: CatalogSource = .embedded,
        unitPriceRounding: UnitPriceRounding = .towardZero, cancellationHint: CancellationHint? = nil,
        savingsReference: String? = nil
    ) {
        self.normalization = normalization
        self.catalogs = catalogs
        self.unitPriceRounding = unitPriceRounding
        self.cancellationHint = cancellationHint
        self.savingsReference = savingsReference
    }
}

/// Where the renewal terms tell a subscriber to manage or cancel the subscription.
public enum CancellationHint: String, Sendable, Hashable, CaseIterable, Codable {
    /// The App Store account settings.
    case appStore
    /// Google Play's Payments & subscriptions.
    case googlePlay
}
