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
///  "options": {"store": "appStore", "include": ["disclosures"]}, "asOf": "2026-01-31T10:00:00+01:00",
///  "timeZone": "Europe/Berlin"}
/// ```
///
/// - `products`: what `paywall-text render` reads from a file, in any ``InputFormat``;
/// - `locales` (optional): BCP 47 tags or ICU IDs; without it the caller negotiates one;
/// - `input` (optional): the format's name, as `--input` takes it; `auto` (the default) detects it;
/// - `options` (optional): the ``RenderOptions`` by their names (``RenderOptions/Name``):
///   `daysAsWeeks` and `monthsAsYears` (booleans, default `true`), `savingsReference` (a
///   product identifier), `unitPriceRounding` (`towardZero`, `halfEven`), `store` (`appStore`,
///   `googlePlay`; `cancellationHint` is its former name, still read as it), `include` (names
///   separated by commas, or an array of names);
/// - `asOf` (optional): the instant the subscriber starts (``AsOf``; `now` for the current
///   time): it chooses the prices in force, and with it results carry dates
///   (``RenderOptions/asOf``);
/// - `timeZone` (optional): the IANA time zone dates are counted and written in, and in which a
///   date alone in `asOf` starts (``RenderOptions/timeZone``); UTC by default.
public struct RenderRequest: Sendable {
    /// The locales to render in, as spelled, each checked; `nil` when the request names none.
    public var locales: [String]?
    /// What `products` holds, read: the products, each checked or failed, the problems that
    /// belong to no product, and the instant they were read at (``StoreDocument/asOf``).
    public var document: StoreDocument
    /// The options.
    public var options: RenderOptions
    /// Whether the request was read at the current time: its `asOf` is `now`, or it gave no
    /// `asOf` and the products depend on the date (App Store Connect's scheduled prices), so
    /// the same body may read otherwise later, and a cache of answers must not keep it.
    public var readAtCurrentTime: Bool

    /// The products read from `products`, each checked or failed.
    public var items: [ImportedProduct] { document.items }

    /// Bounds on one request.
    public struct Limits: Sendable, Hashable {
        /// The most products `products` may yield.
        public var maximumProducts: Int
        /// The most locales.
        public var maximumLocales: Int
        /// The most renders: products × locales (a request without `locales` renders in
        /// one). It bounds one request's work: 1,000 renders take about 40 ms.
        public var maximumRenders: Int

        /// Creates bounds.
        public init(maximumProducts: Int = 100, maximumLocales: Int = 20, maximumRenders: Int = 1_000) {
            self.maximumProducts = maximumProducts
            self.maximumLocales = maximumLocales
            self.maximumRenders = maximumRenders
        }
    }

    /// Reads a request body.
    ///
    /// - Throws: ``PaywallTextError`` for a body that is not JSON or not an object, a
    ///   malformed or unknown locale (`locales[1]`), an unknown option or input format,
    ///   `products` missing or of no known format, or more products, locales or renders
    ///   than `limits` allow. A bad product is not an error here: it is an item that failed.
    public static func decode(_ data: Data, limits: Limits = Limits()) throws(PaywallTextError) -> RenderRequest {
        var readingTheClock = false
        return try read(data, limits: limits, readingTheClock: &readingTheClock)
    }

    /// Reads a request body; `readingTheClock` tells whether the outcome may depend on the
    /// current time (the products were read, or failed to be, without an `asOf`, and
    /// depend on the date).
    private static func read(_ data: Data, limits: Limits, readingTheClock: inout Bool) throws(PaywallTextError) -> RenderRequest {
        let body = try ProductDecoder.parse(data)
        guard case .object(let members) = body else {
            throw PaywallTextError(.invalidValue, message: "the body must be a JSON object with products, got \(body.kindDescription)")
        }
        let known = ["locales", "products", "input", "options", "asOf", "timeZone"]
        if let unknown = members.first(where: { !known.contains($0.key) }) {
            throw PaywallTextError(.invalidValue, path: unknown.key, message:
                "is not a field of a render request; expected locales, products, input, options, asOf or timeZone")
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
                    _ = try DisplayLocale(locale)
                } catch {
                    throw PaywallTextError(error.kind, path: "locales[\(index)]", message: error.message)
                }
                locales?.append(locale)
            }
        }

        var format: InputFormat?
        if let value = body["input"], value != .null {
            guard case .string(let name) = value else { throw invalid("input", "must be a string") }
            do throws(PaywallTextError) {
                format = try InputFormat.choice(named: name)
            } catch {
                throw PaywallTextError(error.kind, path: "input", message: error.message)
            }
        }

        var options = try readOptions(body["options"])

        if let value = body["timeZone"], value != .null {
            guard case .string(let name) = value else { throw invalid("timeZone", "must be a string (an IANA time zone name)") }
            options.timeZone = try TimeZoneName(name)
        }
        var asOf: AsOf?
        var asOfNow = false
        if let value = body["asOf"], value != .null {
            guard case .string(let text) = value else { throw invalid("asOf", "must be a string (ISO 8601, or now)") }
            asOf = try AsOf(parsing: text, timeZone: options.timeZone)
            asOfNow = text == "now"
        }
        options.asOf = asOf

        guard let products = body["products"], products != .null else { throw invalid("products", "is required") }
        switch products {
        case .object, .array: break
        default: throw invalid("products", "must be a document (an object) or an array of documents")
        }
        let document: StoreDocument
        // Until the products are read, nothing of the outcome depends on the time but `now`;
        // a whole document that fails may have failed for the day it was read on.
        readingTheClock = asOf == nil || asOfNow
        do throws(PaywallTextError) {
            document = try StoreDocuments.read(document: products, format: format, options: ReadOptions(asOf: asOf))
        } catch {
            // The document as a whole: its path is below `products`.
            let path = error.path.isEmpty ? "products" : error.path.hasPrefix("[") ? "products" + error.path : "products.\(error.path)"
            throw PaywallTextError(error.kind, path: path, message: error.message)
        }
        readingTheClock = asOfNow || (asOf == nil && document.asOf != nil)
        guard document.items.count <= limits.maximumProducts else {
            throw invalid("products", "holds \(document.items.count) products; at most \(limits.maximumProducts) per request")
        }
        let renders = document.items.count * (locales?.count ?? 1)
        guard renders <= limits.maximumRenders else {
            throw invalid("products", "\(document.items.count) products in \(locales?.count ?? 1) locales make \(renders) renders; "
                          + "at most \(limits.maximumRenders) per request (products × locales)")
        }
        return RenderRequest(locales: locales, document: document, options: options, readAtCurrentTime: readingTheClock)
    }

    private static func readOptions(_ value: JSONNode?) throws(PaywallTextError) -> RenderOptions {
        var options = RenderOptions()
        guard let value, value != .null else { return options }
        guard case .object(let members) = value else { throw invalid("options", "must be an object") }
        if let hint = value["cancellationHint"], let store = value["store"], hint != store {
            throw invalid("options.cancellationHint", "is the former name of store; give store alone")
        }
        for member in members {
            let path = "options.\(member.key)"
            let name: RenderOptions.Name
            do throws(PaywallTextError) {
                name = try RenderOptions.Name(named: member.key)
            } catch {
                throw PaywallTextError(error.kind, path: path, message: error.message)
            }
            let setting: RenderOptions.Setting
            switch member.value {
            case .bool(let flag): setting = .flag(flag)
            case .string(let text): setting = .text(text)
            case .array(let items) where [.include, .fields].contains(name) && items.allSatisfy({ if case .string = $0 { true } else { false } }):
                // A list of names (`"include": ["spoken", "parts"]`, `"fields": ["price"]`) as the text the option reads.
                setting = .text(items.compactMap { if case .string(let text) = $0 { text } else { nil } }.joined(separator: ","))
            default: setting = .other(member.value.kindDescription)
            }
            do throws(PaywallTextError) {
                try options.set(name, setting)
            } catch {
                throw PaywallTextError(error.kind, path: path, message: error.message)
            }
        }
        return options
    }

    private static func invalid(_ path: String, _ message: String) -> PaywallTextError {
        PaywallTextError(.invalidValue, path: path, message: message)
    }
}
