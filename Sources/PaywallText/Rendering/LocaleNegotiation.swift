/// The locale to render in for a client, chosen from its preferred languages: see
/// ``PaywallRenderer/negotiateLocale(acceptLanguage:)``.
public struct NegotiatedLocale: Sendable, Hashable {
    /// The BCP 47 tag to render in: the client's own locale when a catalog serves its
    /// language (`de-AT`, formatted as in Austria with the German sentences), else the
    /// catalog's name (`en`).
    public var locale: String
    /// The catalog that supplies the sentences (`de`).
    public var catalog: String
    /// Whether one of the preferred languages matched a catalog; `false` means none did,
    /// and English, the fallback, was chosen.
    public var matched: Bool

    /// Creates a result.
    public init(locale: String, catalog: String, matched: Bool) {
        self.locale = locale
        self.catalog = catalog
        self.matched = matched
    }
}

extension PaywallRenderer {
    /// Chooses the locale to render in from an HTTP `Accept-Language` header
    /// (`de-AT;q=0.9, en;q=0.5`), matched against the renderer's catalogs with ICU's
    /// `LocaleMatcher` and CLDR's language distances.
    ///
    /// The languages are tried in the order of their weights (a missing weight is 1; `q=0`
    /// and `*` are left out; at most 32 are read). The result keeps the client's own locale,
    /// so that numbers and currencies follow it: `de-AT` gives `de-AT` with the German catalog,
    /// `en-GB` gives `en-GB` with `en-001`, `zh-TW` gives `zh-TW` with `zh-Hant`. With no match,
    /// or an empty header, it is English (``NegotiatedLocale/matched`` is `false`).
    ///
    public func negotiateLocale(acceptLanguage header: String) -> NegotiatedLocale {
        negotiateLocale(preferredLanguages: LocaleNegotiation.languages(fromAcceptLanguage: header))
    }

    /// Chooses the locale to render in from languages in order of preference (BCP 47 tags
    /// or ICU IDs), as ``negotiateLocale(acceptLanguage:)`` does.
    public func negotiateLocale(preferredLanguages: [String]) -> NegotiatedLocale {
        let catalogs = self.catalogs.snapshot
        var desired: [(tag: String, id: String)] = []
        for language in preferredLanguages.prefix(LocaleNegotiation.maximumLanguages) {
            guard let id = ICU.Locale.canonicalID(language) else { continue }
            desired.append((language, id))
        }
        guard let matcher = catalogs.matcher, let match = matcher.match(desired.map(\.id)) else {
            return NegotiatedLocale(locale: "en", catalog: "en", matched: false)
        }
        // The client's own locale when a catalog serves its language and ICU can format for it;
        // the catalog is then the one rendering in that locale uses (`en-GB` → `en-001`).
        // Otherwise (CLDR's fallbacks: Swahili to English) the matched catalog's locale.
        if let locale = try? DisplayLocale(desired[match.desired].tag),
           CatalogLookup.candidates(for: locale.identity.icuID).contains(where: { catalogs.catalogs[$0] != nil }) {
            return NegotiatedLocale(locale: locale.identifier, catalog: catalogs.catalog(for: locale.identity).name, matched: true)
        }
        let catalog = catalogs.names[match.supported]
        return NegotiatedLocale(locale: catalog, catalog: catalog, matched: true)
    }
}

/// Reading `Accept-Language` (RFC 9110, section 12.5.4): HTTP's syntax only; which
/// language serves which is ICU's `LocaleMatcher`.
enum LocaleNegotiation {
    /// The most languages read from one header or list.
    static let maximumLanguages = 32

    /// The language ranges of a header in order of weight (stable for equal weights),
    /// without `*`, `q=0` and malformed entries.
    static func languages(fromAcceptLanguage header: String) -> [String] {
        var ranges: [(language: String, weight: Int, position: Int)] = []
        for (position, element) in header.split(separator: ",", omittingEmptySubsequences: true).prefix(maximumLanguages).enumerated() {
            let parts = element.split(separator: ";").map { $0.trimmingSpaces }
            guard let language = parts.first, !language.isEmpty, language != "*",
                  language.utf8.allSatisfy({ isTagByte($0) })
            else { continue }
            var weight = 1000
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces }
                guard pair.count == 2, pair[0] == "q" || pair[0] == "Q" else { continue }
                guard let value = qValue(pair[1]) else { weight = 0; break }
                weight = value
            }
            if weight > 0 { ranges.append((String(language), weight, position)) }
        }
        return ranges.sorted { ($0.weight, -$0.position) > ($1.weight, -$1.position) }.map(\.language)
    }

    /// `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )` in thousandths.
    private static func qValue(_ text: Substring) -> Int? {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        var value = Int(first - UInt8(ascii: "0")) * 1000
        guard bytes.count > 1 else { return value }
        guard bytes[1] == UInt8(ascii: "."), bytes.count <= 5 else { return nil }
        var scale = 100
        for byte in bytes.dropFirst(2) {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value += Int(byte - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return value <= 1000 ? value : nil
    }

    private static func isTagByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }
}

extension Substring {
    /// Without spaces and tabs at either end (HTTP's optional white space).
    var trimmingSpaces: Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }
}
