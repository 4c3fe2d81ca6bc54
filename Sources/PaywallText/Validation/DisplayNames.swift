/// A product's display names, checked: the one without a locale and those by locale, for the
/// `title` disclosure (PRODUCT §16).
///
/// The name for a locale is chosen by ICU's `LocaleMatcher` over the names' locales (CLDR's
/// language distances: `en-AU` takes an `en-GB` name before an `en-US` one, `zh-TW` a
/// `zh-Hant` one), not by comparing subtags here. The matcher is built on the first render
/// that asks for a title, once per checked product, so that reading and rendering without
/// disclosures never pay for it.
final class DisplayNames: Sendable {
    /// ``Product/displayName``.
    let unlocalized: String?
    /// ``Product/localizedDisplayNames``: each name with its locale as a canonical ICU ID, in
    /// the order of their keys, so that a tie is decided alike every time.
    let localized: [(locale: String, name: String)]
    /// The matcher over ``localized``'s locales, once built; `.none` until then, `.some(nil)`
    /// when ICU could not build one.
    private let matcher = Locked<ICU.LocaleMatcher??>(.none)

    private init(unlocalized: String?, localized: [(locale: String, name: String)]) {
        self.unlocalized = unlocalized
        self.localized = localized
    }

    /// The name for a display locale, with the locale of its listing (`nil` for
    /// ``unlocalized``): the localized name whose locale ICU matches best to the display
    /// locale, else to the locale of the sentences (a fallback catalog's language), else
    /// ``unlocalized``, else the first listing (by locale), so that a required line is never
    /// dropped because the input names the product in other languages only: the store shows
    /// that name too. Both locales are ICU IDs.
    func name(display: String, sentence: String) -> (name: String, locale: String?)? {
        guard let first = localized.first else { return unlocalized.map { ($0, nil) } }
        let built = matcher.update { stored -> ICU.LocaleMatcher? in
            if let stored { return stored }
            let made = try? ICU.LocaleMatcher(supported: localized.map(\.locale))
            stored = .some(made)
            return made
        }
        guard let built, let match = built.match(display == sentence ? [display] : [display, sentence]) else {
            return unlocalized.map { ($0, nil) } ?? (first.name, first.locale)
        }
        return (localized[match.supported].name, localized[match.supported].locale)
    }

    /// Checks the names of a product: a name is echoed into output, so it is bounded, free of
    /// control characters and not empty, and its locale must be a locale identifier. A name
    /// at fault is left out of `product` with its error, as an offer at fault is: the product
    /// is still rendered, without that name. `nil` when the product has no name (most do not:
    /// nothing is allocated for them).
    static func check(_ product: inout Product, errors: inout ProblemList) -> DisplayNames? {
        guard product.displayName != nil || product.localizedDisplayNames != nil else { return nil }
        if let name = product.displayName, errors.attempt({ () throws(PaywallTextError) in try checkName(name, path: "displayName") }) == nil {
            product.displayName = nil
        }
        var kept: [String: String] = [:]
        var localized: [(locale: String, name: String)] = []
        for (key, name) in (product.localizedDisplayNames ?? [:]).sorted(by: { $0.key < $1.key }) {
            let path = "localizedDisplayNames.\(key)"
            guard let id = ICU.Locale.canonicalID(key), !ICU.Locale.language(id).isEmpty else {
                errors.append(PaywallTextError(.invalidValue, path: path, message:
                    "\(quoted(key)) is not a locale identifier; expected a BCP 47 tag (en-US) or an ICU ID (en_US)"))
                continue
            }
            guard errors.attempt({ () throws(PaywallTextError) in try checkName(name, path: path) }) != nil else { continue }
            kept[key] = name
            localized.append((id, name))
        }
        if product.localizedDisplayNames != nil { product.localizedDisplayNames = kept.isEmpty ? nil : kept }
        return DisplayNames(unlocalized: product.displayName, localized: localized)
    }

    private static func checkName(_ name: String, path: String) throws(PaywallTextError) {
        guard !name.isEmpty else {
            throw PaywallTextError(.invalidValue, path: path, message: "must not be empty; leave the name out when there is none")
        }
        try Validation.checkText(name, path: path)
    }
}
