/// A product that passed every check of the model (PRODUCT §2, §7), with what the checks
/// worked out: the currency, exact prices, each offer's phases and field paths.
///
/// Check a product once and render it as often as needed: the renderer takes a checked
/// product without checking it again, and the readers of ``StoreDocuments`` return checked
/// products.
///
/// ```swift
/// let checked = try CheckedProduct(product)      // throws PaywallTextError naming the field
/// let text = try renderer.render(checked, locale: DisplayLocale("de-DE"))
/// ```
public struct CheckedProduct: Sendable, Hashable {
    /// The product as given.
    public let product: Product
    /// What the checks worked out.
    let model: ValidatedProduct

    /// Checks a product.
    ///
    /// - Throws: ``PaywallTextError`` naming the first field at fault and its value.
    public init(_ product: Product) throws(PaywallTextError) {
        self.product = product
        model = try Validation.validate(product)
    }

    /// The ISO 4217 code of the prices, from `currencyCode` or the `priceLocale` (`USD`).
    public var currencyCode: String { model.currency }

    /// The product's identifier, as given.
    public var productIdentifier: String? { product.productIdentifier }

    /// Equal when the products are equal (what the checks worked out follows from them).
    public static func == (left: CheckedProduct, right: CheckedProduct) -> Bool {
        left.product == right.product
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(product)
    }
}
