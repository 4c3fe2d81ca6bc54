package import PaywallText

/// What the benchmark and the tests need beyond the library's API: the raw-ICU floor's
/// set-up outside any timing, the caches' accounting, and the locales a server meets.
package enum BenchSupport {
    /// The message patterns of the built-in catalog that serves a locale.
    package static func catalogPatterns(for locale: String) throws(PaywallTextError) -> [String: String] {
        try Catalogs.builtIn.messages(for: locale)
    }

    /// The argument names a message receives, in the order the renderer passes them.
    package static func argumentOrder(of key: String) -> [String] {
        MessageKey(rawValue: key)?.argumentNames ?? []
    }

    /// The caches' entries and estimated bytes now, and the most bytes they may hold together.
    package static var cacheUsage: (entries: Int, bytes: Int, maximumBytes: Int) {
        let report = PaywallCaches.report
        return (report.reduce(0) { $0 + $1.entries }, report.reduce(0) { $0 + $1.bytes }, report.reduce(0) { $0 + $1.maximumBytes })
    }

    /// Each cache by name: entries, estimated bytes, and its bounds.
    package static var cacheTable: [(name: String, entries: Int, bytes: Int, maximumEntries: Int, maximumBytes: Int)] {
        PaywallCaches.report
    }

    /// 120 locale identifiers a server meets: the 50 App Store localizations and regional
    /// variants of their languages (and a few languages without a catalog of their own).
    package static let rotationLocales: [String] = [
        // The App Store localizations.
        "ar-SA", "bn-BD", "ca-ES", "zh-CN", "zh-TW", "hr-HR", "cs-CZ", "da-DK", "nl-NL", "en-AU",
        "en-CA", "en-GB", "en-US", "fi-FI", "fr-FR", "fr-CA", "de-DE", "el-GR", "gu-IN", "he-IL",
        "hi-IN", "hu-HU", "id-ID", "it-IT", "ja-JP", "kn-IN", "ko-KR", "ms-MY", "ml-IN", "mr-IN",
        "no-NO", "or-IN", "pl-PL", "pt-BR", "pt-PT", "pa-IN", "ro-RO", "ru-RU", "sk-SK", "sl-SI",
        "es-MX", "es-ES", "sv-SE", "ta-IN", "te-IN", "th-TH", "tr-TR", "uk-UA", "ur-PK", "vi-VN",
        // Regional variants.
        "en-IN", "en-IE", "en-NZ", "en-SG", "en-ZA", "en-PH", "en-NG", "en-KE", "en-MY", "en-PK",
        "en-HK", "en-AE", "es-AR", "es-CO", "es-CL", "es-PE", "es-US", "es-419", "es-VE", "es-EC",
        "es-GT", "es-CR", "es-UY", "fr-BE", "fr-CH", "fr-LU", "fr-MA", "fr-SN", "de-AT", "de-CH",
        "de-LU", "it-CH", "nl-BE", "pt-AO", "pt-MZ", "zh-HK", "zh-SG", "zh-MO", "ar-AE", "ar-EG",
        "ar-MA", "ar-KW", "ar-QA", "ar-JO", "ar-DZ", "ar-IQ", "ms-SG", "ta-LK", "ta-SG", "ta-MY",
        "ur-IN", "bn-IN", "sv-FI", "ca-AD", "hr-BA", "ru-UA", "ru-KZ", "ru-BY", "el-CY", "tr-CY",
        "ro-MD", "nb-NO", "nn-NO", "da-GL", "sw-KE", "ka-GE", "hy-AM", "is-IS", "fa-IR", "af-ZA",
    ]
}
