#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What a paywall shows, for ``PaywallCheck`` (`paywall-text check --paywall FILE`):
///
/// ```json
/// {"store": "appStore",
///  "products": "products.json",
///  "shows": [{"productIdentifier": "com.example.pro.annual", "field": "recurringPrice", "prominence": 1},
///            {"productIdentifier": "com.example.pro.annual", "field": "pricePer.month.billed", "prominence": 2}],
///  "disclosures": ["title", "length", "price", "autoRenew", "cancelWindow", "manage"]}
/// ```
///
/// - `store` (optional): `appStore` or `googlePlay`, whose rules apply; by default the store
///   the products' document came from, when all of them came from one, else the App Store.
/// - `products`: the products, as any reader reads them (a document in any ``InputFormat``),
///   or the path of a file that holds them (the tool reads it relative to the description's
///   folder). `input` (optional) names the format, as `--input` does.
/// - `shows`: each field the paywall shows, by the product's identifier (the first product
///   with that identifier, when a document holds one per territory) and the field's path
///   in render's JSON (``PaywallField``), with its prominence: 1 is the most prominent (the
///   largest, boldest, first), 2 the next, and so on; equal numbers are equally prominent.
/// - `disclosures`: the roles the paywall shows for every product on it (``Disclosure/Role``),
///   in any order.
/// - `euConsumers` (optional, `false` by default): the paywall sells to consumers in the EU,
///   whose law asks for an ``Disclosure/Role/orderButton``.
public struct PaywallDescription: Sendable {
    /// One field the paywall shows.
    public struct Shown: Sendable, Hashable {
        /// The product it belongs to.
        public let productIdentifier: String
        /// The field.
        public let field: PaywallField
        /// 1 for the most prominent.
        public let prominence: Int
        /// Where it is in the description: `shows[2]`.
        public let path: String
    }

    /// The store whose rules apply.
    public let store: Store
    /// The products, read.
    public let products: StoreDocument
    /// What the paywall shows, in the description's order.
    public let shows: [Shown]
    /// The roles shown for every product.
    public let disclosures: Set<Disclosure.Role>
    /// Whether the paywall sells to consumers in the EU.
    public let euConsumers: Bool

    /// Reads a description.
    ///
    /// - Parameters:
    ///   - data: The description's JSON.
    ///   - options: How the products are read.
    ///   - readFile: The bytes of the products file named by a path in `products`.
    /// - Throws: ``PaywallTextError`` naming the field path (`shows[2].field`, `disclosures[1]`)
    ///   and the value; what `readFile` throws for a products file; the first error of a
    ///   products document that cannot be read at all. Products that are read with problems
    ///   are kept (``StoreDocument/hasErrors``), and a field shown of a product that failed is
    ///   an error. ``read(_:options:readFile:)`` reports every error instead of the first.
    public init(
        parsing data: Data, options: ReadOptions = ReadOptions(), readFile: (String) throws(PaywallTextError) -> Data
    ) throws(PaywallTextError) {
        let read = Self.read(data, options: options, readFile: readFile)
        if let error = read.errors.first { throw error }
        guard let description = read.description else {
            throw PaywallTextError(.invalidValue, message: "must be a paywall's description")
        }
        self = description
    }

    private init(store: Store, products: StoreDocument, shows: [Shown], disclosures: Set<Disclosure.Role>, euConsumers: Bool) {
        self.store = store
        self.products = products
        self.shows = shows
        self.disclosures = disclosures
        self.euConsumers = euConsumers
    }

    /// Reads a description and reports every error in it, in the description's order, not
    /// only the first: an unknown field, a bad store or disclosure role, and each field shown
    /// that names no product, no field of it, or no prominence. So one run of
    /// `paywall-text check --paywall` lists every typo.
    ///
    /// - Returns: The description, `nil` when any error was found (a description with
    ///   errors is not checked); and the errors, as ``init(parsing:options:readFile:)``
    ///   would throw the first of them.
    public static func read(
        _ data: Data, options: ReadOptions = ReadOptions(), readFile: (String) throws(PaywallTextError) -> Data
    ) -> (description: PaywallDescription?, errors: [PaywallTextError]) {
        var errors: [PaywallTextError] = []
        /// The value of `body`, or `nil` with its error kept.
        func attempt<Value>(_ body: () throws(PaywallTextError) -> Value) -> Value? {
            do throws(PaywallTextError) {
                return try body()
            } catch {
                errors.append(error)
                return nil
            }
        }
        let root: JSONField
        do throws(PaywallTextError) {
            root = JSONField(try ProductDecoder.parse(data))
        } catch {
            return (nil, [error])
        }
        guard case .object(let members) = root.value else { return (nil, [root.invalid("must be an object: a paywall's description")]) }
        let known = ["store", "products", "input", "shows", "disclosures", "euConsumers"]
        for unknown in members where !known.contains(unknown.key) {
            errors.append(PaywallTextError(.invalidValue, path: unknown.key, message:
                "is not a field of a paywall description; expected " + JSONField.list(known)))
        }
        var formatRead = true
        let format = attempt { () throws(PaywallTextError) -> InputFormat? in
            try root.optional("input").map { (field) throws(PaywallTextError) -> InputFormat? in
                do throws(PaywallTextError) {
                    return try InputFormat.choice(named: try field.string())
                } catch {
                    throw PaywallTextError(error.kind, path: field.path, message: error.message)
                }
            } ?? nil
        } ?? nil
        if errors.contains(where: { $0.path == "input" }) { formatRead = false }
        // The products, unless their format could not be named: a document read in another
        // format would only add errors that are not the description's.
        let document: StoreDocument? = !formatRead ? nil : attempt { () throws(PaywallTextError) -> StoreDocument in
            let productsField = try root.required("products", "a products document or the path of one")
            // A file's errors are readFile's own; a document's are named below `products`.
            let file = try productsField.value.text.map(readFile)
            do throws(PaywallTextError) {
                if let file {
                    return try StoreDocuments.read(file, format: format, options: options)
                } else {
                    return try StoreDocuments.read(document: productsField.value, format: format, options: options)
                }
            } catch {
                let path = error.path.isEmpty ? "products" : error.path.hasPrefix("[") ? "products" + error.path : "products.\(error.path)"
                throw PaywallTextError(error.kind, path: path, message: error.message)
            }
        }

        let store = attempt { () throws(PaywallTextError) -> Store in
            if let field = try root.optional("store") {
                return try field.name(of: Store.self, naming: "store")
            }
            let stores = Set((document?.items ?? []).map(\.source.store))
            return (stores.count == 1 ? stores.first ?? nil : nil) ?? .appStore
        }
        let euConsumers = attempt { () throws(PaywallTextError) -> Bool in
            try root.optional("euConsumers").map { (field) throws(PaywallTextError) -> Bool in
                guard case .bool(let flag) = field.value else { throw field.invalid("must be true or false") }
                return flag
            } ?? false
        }

        var roles: Set<Disclosure.Role> = []
        for element in attempt({ () throws(PaywallTextError) in try root.optional("disclosures")?.elements() ?? [] }) ?? [] {
            if let role = attempt({ () throws(PaywallTextError) in try element.name(of: Disclosure.Role.self, naming: "disclosure role") }) {
                roles.insert(role)
            }
        }

        var shows: [Shown] = []
        let elements = attempt { () throws(PaywallTextError) in try root.required("shows", "an array of the fields shown").elements() }
        for element in elements ?? [] {
            // Each part of an element is checked, so that one element's typos come out together.
            let product = attempt { () throws(PaywallTextError) -> (String, CheckedProduct)? in
                let identifier = try element.required("productIdentifier", "a string")
                let name = try identifier.string()
                guard let document else { return nil }  // its error is the products'
                guard let item = document.items.first(where: { $0.source.productIdentifier == name }) else {
                    let known = Set(document.items.compactMap(\.source.productIdentifier)).sorted()
                    throw identifier.invalid("no product of products has the identifier \(quoted(name)); they are "
                                             + (known.isEmpty ? "none" : JSONField.list(known.map { quoted($0) })))
                }
                guard case .success(let product) = item.result else {
                    throw identifier.invalid("the product \(quoted(name)) could not be read (\(item.errors.first?.description ?? "")), so its fields cannot be checked")
                }
                return (name, product)
            } ?? nil
            let field = attempt { () throws(PaywallTextError) -> PaywallField? in
                let fieldPath = try element.required("field", "a string")
                let text = try fieldPath.string()
                guard let (_, product) = product else { return nil }
                do throws(PaywallTextError) {
                    return try PaywallField(parsing: text, product: product.model)
                } catch {
                    throw PaywallTextError(error.kind, path: fieldPath.path, message: error.message)
                }
            } ?? nil
            let rank = attempt { () throws(PaywallTextError) -> Int in
                let prominence = try element.required("prominence", "a whole number from 1")
                let rank = try prominence.integer()
                guard rank >= 1 else { throw prominence.invalid("must be at least 1 (the most prominent), got \(rank)") }
                return rank
            }
            if let (name, _) = product, let field, let rank {
                shows.append(Shown(productIdentifier: name, field: field, prominence: rank, path: element.path))
            }
        }
        if elements?.isEmpty == true {
            errors.append(PaywallTextError(.invalidValue, path: "shows", message: "must name at least one field the paywall shows"))
        }
        guard errors.isEmpty, let document, let store, let euConsumers else { return (nil, errors) }
        return (PaywallDescription(store: store, products: document, shows: shows, disclosures: roles, euConsumers: euConsumers), errors)
    }
}
