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
    /// The product and what the checks worked out, behind one reference, so that passing a
    /// checked product around copies one pointer rather than every field.
    private final class Storage: Sendable {
        let product: Product
        let model: ValidatedProduct

        init(product: Product, model: ValidatedProduct) {
            self.product = product
            self.model = model
        }
    }

    private let storage: Storage

    /// The product as given.
    public var product: Product { storage.product }
    /// What the checks worked out.
    var model: ValidatedProduct { storage.model }

    /// Checks a product.
    ///
    /// - Throws: ``PaywallTextError`` naming the first field at fault and its value.
    public init(_ product: Product) throws(PaywallTextError) {
        storage = Storage(product: product, model: try Validation.validate(product))
    }

    /// A product the checks passed, less the offers they left out (see ``Validation/check(_:)``).
    init(checked product: Product, model: ValidatedProduct) {
        storage = Storage(product: product, model: model)
    }

    /// Every problem of a product, in field order, not only the first; empty when it passes.
    public static func problems(of product: Product) -> [PaywallTextError] {
        Validation.check(product).errors
    }

    /// The ISO 4217 code of the prices, from `currencyCode` or the `priceLocale` (`USD`).
    public var currencyCode: String { model.currency }

    /// The product's identifier, as given.
    public var productIdentifier: String? { product.productIdentifier }

    /// What the product's billing plan comes to, exactly, as ASCII decimal text with the
    /// currency's digits (`59.88` for 12 payments of 4.99, `14400` in yen): a commitment's
    /// payments × the price, a prepaid plan's price; `nil` without a billing plan.
    public var billingPlanTotalAmount: String? {
        guard let plan = model.billingPlan else { return nil }
        let total = switch plan {
        case .commitment(_, let total, _): total
        case .prepaid: model.amount
        }
        return total.decimalText(digits: model.digits, rounding: .towardZero)
    }

    /// Equal when the products are equal (what the checks worked out follows from them).
    public static func == (left: CheckedProduct, right: CheckedProduct) -> Bool {
        left.product == right.product
    }

    /// Hashes the product, as equality compares it.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(product)
    }
}
