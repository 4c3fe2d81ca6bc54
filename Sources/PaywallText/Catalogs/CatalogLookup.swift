/// Which catalog serves a display locale, and in which locale its sentences are formatted.
enum CatalogLookup {
    /// Catalog names to try for a locale, most specific first, following CLDR's
    /// inheritance as ICU's data records it (no table of our own):
    ///
    /// - explicit parents: `es-MX`, `es-US`, `es-AR` → `es-419` → `es`; `pt-AO`, `pt-MZ` →
    ///   `pt-PT` → `pt`; `en-GB` → `en-001` → `en`; `nb`, `nn` → `no`; `zh-MO` → `zh-Hant-HK`;
    /// - otherwise the locale without its last subtag: `fr-CH` → `fr`;
    /// - the likely script: `zh-TW` → `zh-Hant-TW` → `zh-Hant`, whose parent is root, so a
    ///   Traditional Chinese reader never gets the Simplified catalog.
    ///
    /// A candidate whose likely script differs from the locale's is skipped (`pa-PK`,
    /// written in Arabic script, does not fall back to the Gurmukhi `pa`).
    static func candidates(for id: String) -> [String] {
        let base = ICU.Locale.baseName(id)
        let maximized = ICU.Locale.maximized(base)
        let script = ICU.Locale.script(maximized)
        var candidates: [String] = []
        for start in [base, ICU.Locale.minimized(maximized), maximized] {
            var current: String? = start
            var steps = 0
            while let locale = current, !locale.isEmpty, locale != "root", steps < 8 {
                if ICU.Locale.script(ICU.Locale.maximized(locale)) == script {
                    let name = String(locale.map { $0 == "_" ? "-" : $0 })
                    if !candidates.contains(name) { candidates.append(name) }
                }
                current = ICU.Locale.parent(locale)
                steps += 1
            }
        }
        return candidates
    }

    /// The locale a catalog's sentences, and the pieces placed in them, are formatted in
    /// for a display locale.
    ///
    /// When the catalog is of the display locale's language this is the display locale.
    /// When it is a fallback (English for `ka-GE`, `he-IL` or `bn-BD`), it is the catalog's
    /// language with the display locale's region (`en_GE`, `en_IL`, `en_BD`): every word of
    /// a sentence is then the catalog's, including unit names and the plural rules its
    /// messages use, and so are its numbers and prices, formatted as that language writes
    /// them in that region (`US$88.17` with Latin digits for `en_IL`; ICU's own fallback
    /// where it has no data for the pair). A sentence in one language with another's digits
    /// or number format (`Start your ১-week free trial`, `%81 off`) reads as neither.
    static func sentenceLocale(display: String, catalog: String) -> String {
        let catalogLanguage = ICU.Locale.language(String(catalog.map { $0 == "-" ? "_" : $0 }))
        guard catalogLanguage != ICU.Locale.language(display) else { return display }
        let region = ICU.Locale.region(ICU.Locale.maximized(ICU.Locale.baseName(display)))
        return catalogLanguage + (region.isEmpty ? "" : "_" + region)
    }
}
