/// Which catalog serves a display locale.
enum CatalogLookup {
    /// Catalog names to try for a locale, most specific first: `pt_PT` → `pt-Latn-PT`,
    /// `pt-PT`, `pt-Latn`, `pt`; `zh_CN` → `zh-Hans-CN`, `zh-CN`, `zh-Hans`, `zh`.
    /// ICU's likely subtags fill in the script, so `zh-CN` finds a `zh-Hans` catalog
    /// and `zh-TW` (Hant) does not.
    static func candidates(for id: String) -> [String] {
        let full = ICU.Locale.maximized(id)
        let language = ICU.Locale.language(full)
        let script = ICU.Locale.script(full)
        let region = ICU.Locale.region(full)
        var candidates: [String] = []
        for parts in [[language, script, region], [language, region], [language, script], [language]] {
            let name = parts.filter { !$0.isEmpty }.joined(separator: "-")
            if !name.isEmpty, !candidates.contains(name) { candidates.append(name) }
        }
        return candidates
    }
}
