/// The localizations that have a golden file: the 50 App Store Connect localizations,
/// each rendered in a representative locale with the catalog that serves it.
package enum GoldenLocales {
    /// (catalog, display locale): the file is `Goldens/<locale>.txt`.
    package static let all: [(catalog: String, locale: String)] = [
        ("ar", "ar-SA"), ("bn", "bn-BD"), ("ca", "ca-ES"), ("zh-Hans", "zh-CN"), ("zh-Hant", "zh-TW"),
        ("hr", "hr-HR"), ("cs", "cs-CZ"), ("da", "da-DK"), ("nl", "nl-NL"), ("en-001", "en-AU"),
        ("en-CA", "en-CA"), ("en-001", "en-GB"), ("en", "en-US"), ("fi", "fi-FI"), ("fr", "fr-FR"),
        ("fr-CA", "fr-CA"), ("de", "de-DE"), ("el", "el-GR"), ("gu", "gu-IN"), ("he", "he-IL"),
        ("hi", "hi-IN"), ("hu", "hu-HU"), ("id", "id-ID"), ("it", "it-IT"), ("ja", "ja-JP"),
        ("kn", "kn-IN"), ("ko", "ko-KR"), ("ms", "ms-MY"), ("ml", "ml-IN"), ("mr", "mr-IN"),
        ("no", "no-NO"), ("or", "or-IN"), ("pl", "pl-PL"), ("pt", "pt-BR"), ("pt-PT", "pt-PT"),
        ("pa", "pa-IN"), ("ro", "ro-RO"), ("ru", "ru-RU"), ("sk", "sk-SK"), ("sl", "sl-SI"),
        ("es-419", "es-MX"), ("es", "es-ES"), ("sv", "sv-SE"), ("ta", "ta-IN"), ("te", "te-IN"),
        ("th", "th-TH"), ("tr", "tr-TR"), ("uk", "uk-UA"), ("ur", "ur-PK"), ("vi", "vi-VN"),
    ]

    /// The catalog names, each once, in the order of ``all``.
    package static var catalogs: [String] {
        var seen: Set<String> = []
        return all.map(\.catalog).filter { seen.insert($0).inserted }
    }
}
