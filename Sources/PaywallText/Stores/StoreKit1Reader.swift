/// `storekit1`: the package's own model (PRODUCT §2), one product per object; enum
/// values by name or by StoreKit 1's raw value (see ``ProductReader``).
enum StoreKit1Reader {
    static func read(_ root: JSONField, _ context: ReadingContext) throws(PaywallTextError) -> Reading {
        Reading(items: try drafts(root))
    }

    private static func drafts(_ root: JSONField) throws(PaywallTextError) -> [DraftItem] {
        StoreDocuments.eachObject(root, format: .storeKit1, identifierKey: "productIdentifier") { (element) throws(PaywallTextError) in
            let source = ProductSource(format: .storeKit1, store: .appStore, path: element.path,
                                       productIdentifier: element.value["productIdentifier"]?.text)
            return [DraftItem(source) { () throws(PaywallTextError) in
                ProductDraft(product: try ProductReader.product(element), paths: DocumentPaths(base: element.path))
            }]
        }
    }
}

extension JSONNode {
    /// The string, if this is one: for identifiers shown beside a product that failed.
    var text: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}
