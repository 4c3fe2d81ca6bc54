#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import PaywallText

/// A request to render, as the server's `POST /v1/render` takes it:
///
/// ```json
/// {"locales": ["de-DE", "ja-JP"], "products": [ … ], "input": "auto",
///  "options": {"cancellationHint": "appStore"}}
/// ```
///
/// - `products`: what `paywall-text render` reads from a file, in any ``InputFormat``;
/// - `locales` (optional): BCP 47 tags or ICU IDs; without it the caller negotiates one;
/// - `input` (optional): the format's name, as `--input` takes it; `auto` (the default) detects it;
/// - `options` (optional): `daysAsWeeks` and `monthsAsYears` (booleans, default `true`),
///   `savingsReference` (a product identifier), `unitPriceRounding` (`towardZero`,
///   `halfEven`), `cancellationHint` (`appStore`, `googlePlay`).
public struct RenderRequest: Sendable {
    /// The locales to render in, checked; `nil` when the request names none.
    public var locales: [String]?
    /// The products read from `products`, each checked or failed.
    public var items: [ImportedProduct]
    /// The options, with `catalogs` as given to ``decode(_:limits:catalogs:)``.
    public var options: RenderOptions

    /// Bounds on one request.
    public struct Limits: Sendable, Hashable {
        /// The most products `products` may yield.
        public var maximumProducts: Int
        /// The most locales.
        public var maximumLocales: Int

        /// Creates bounds.
        public init(maximumProducts: Int = 100, maximumLocales: Int = 20) {
            self.maximumProducts = maximumProducts
            self.maximumLocales = maximumLocales
        }
    }

    /// Reads a request body.
    ///
    /// - Throws: ``PaywallTextError`` for a body that is not JSON or not an object, a
    ///   malformed or unknown locale (`locales[1]`), an unknown option or input format,
    ///   `products` missing or of no known format, or more products or locales than
    ///   `limits` allow. A bad product is not an error here: it is an item that failed.
    public static func decode(_ data: Data, limits: Limits = Limits(), catalogs: CatalogSource = .embedded) throws(PaywallTextError) -> RenderRequest {
        let body = try ProductDecoder.parse(data)
        guard case .object(let members) = body else {
            throw PaywallTextError(.invalidValue, message: "the body must be a JSON object with products, got \(body.kindDescription)")
        }
        let known = ["locales", "products", "input", "options"]
        if let unknown = members.first(where: { !known.contains($0.key) }) {
            throw PaywallTextError(.invalidValue, path: unknown.key, message:
                "is not a field of a render request; expected locales, products, input or options")
        }

        var locales: [String]?
        if let value = body["locales"], value != .null {
            guard case .array(let elements) = value else { throw invalid("locales", "must be an array of locale identifiers") }
            guard !elements.isEmpty else { throw invalid("locales", "must name at least one locale, or be left out") }
            guard elements.count <= limits.maximumLocales else {
                throw invalid("locales", "names \(elements.count) locales; at most \(limits.maximumLocales) per request")
            }
            locales = []
            for (index, element) in elements.enumerated() {
                guard case .string(let locale) = element else { throw invalid("locales[\(index)]", "must be a string") }
                do throws(PaywallTextError) {
                    _ = try PaywallRenderer.canonicalLocale(locale)
                } catch {
                    throw PaywallTextError(error.kind, path: "locales[\(index)]", message: error.message)
                }
                locales?.append(locale)
            }
        }

        var format: InputFormat?
        if let value = body["input"], value != .null {
            guard case .string(let name) = value else { throw invalid("input", "must be a string") }
            if name != "auto" {
                guard let named = InputFormat(rawValue: name) else {
                    throw invalid("input", "unknown input format \(quoted(name)); expected auto, "
                                  + InputFormat.allCases.map(\.rawValue).joined(separator: ", "))
                }
                format = named
            }
        }

        let options = try readOptions(body["options"], catalogs: catalogs)

        guard let products = body["products"], products != .null else { throw invalid("products", "is required") }
        switch products {
        case .object, .array: break
        default: throw invalid("products", "must be a document (an object) or an array of documents")
        }
        let items: [ImportedProduct]
        do throws(PaywallTextError) {
            items = try StoreDocuments.read(document: products, format: format)
        } catch {
            // The document as a whole: its path is below `products`.
            let path = error.path.isEmpty ? "products" : error.path.hasPrefix("[") ? "products" + error.path : "products.\(error.path)"
            throw PaywallTextError(error.kind, path: path, message: error.message)
        }
        guard items.count <= limits.maximumProducts else {
            throw invalid("products", "holds \(items.count) products; at most \(limits.maximumProducts) per request")
        }
        return RenderRequest(locales: locales, items: items, options: options)
    }

    private static func readOptions(_ value: JSONNode?, catalogs: CatalogSource) throws(PaywallTextError) -> RenderOptions {
        var options = RenderOptions(catalogs: catalogs)
        guard let value, value != .null else { return options }
        guard case .object(let members) = value else { throw invalid("options", "must be an object") }
        var daysAsWeeks = true, monthsAsYears = true
        for member in members {
            let path = "options.\(member.key)"
            switch (member.key, member.value) {
            case ("daysAsWeeks", .bool(let flag)): daysAsWeeks = flag
            case ("monthsAsYears", .bool(let flag)): monthsAsYears = flag
            case ("savingsReference", .string(let identifier)): options.savingsReference = identifier
            case ("unitPriceRounding", .string(let name)):
                guard let rounding = UnitPriceRounding(rawValue: name) else {
                    throw invalid(path, "unknown rounding \(quoted(name)); expected towardZero or halfEven")
                }
                options.unitPriceRounding = rounding
            case ("cancellationHint", .string(let name)):
                guard let hint = CancellationHint(rawValue: name) else {
                    throw invalid(path, "unknown cancellation hint \(quoted(name)); expected appStore or googlePlay")
                }
                options.cancellationHint = hint
            case ("daysAsWeeks", _), ("monthsAsYears", _):
                throw invalid(path, "must be true or false, got \(member.value.kindDescription)")
            case ("savingsReference", _), ("unitPriceRounding", _), ("cancellationHint", _):
                throw invalid(path, "must be a string, got \(member.value.kindDescription)")
            default:
                throw invalid(path, "is not an option; expected daysAsWeeks, monthsAsYears, savingsReference, unitPriceRounding or cancellationHint")
            }
        }
        options.normalization = PeriodNormalization(daysAsWeeks: daysAsWeeks, monthsAsYears: monthsAsYears)
        return options
    }

    private static func invalid(_ path: String, _ message: String) -> PaywallTextError {
        PaywallTextError(.invalidValue, path: path, message: message)
    }
}
