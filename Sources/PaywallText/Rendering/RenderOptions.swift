/// Options for ``PaywallRenderer``.
public struct RenderOptions: Sendable, Hashable {
    /// Which period conversions apply (7 days → 1 week, 12 months → 1 year).
    public var normalization: PeriodNormalization
    /// Where the sentences come from: the built-in catalogs, or a folder.
    public var catalogs: CatalogSource

    /// Creates options; the defaults are the built-in catalogs and both normalizations.
    public init(normalization: PeriodNormalization = .standard, catalogs: CatalogSource = .embedded) {
        self.normalization = normalization
        self.catalogs = catalogs
    }
}
