/// The locales that have a golden file: one per catalog, rendered in a
/// representative region.
package enum GoldenLocales {
    /// (catalog, display locale): the file is `Goldens/<catalog>.txt`.
    package static let all: [(catalog: String, locale: String)] = [
        ("en", "en-US"), ("de", "de-DE"), ("fr", "fr-FR"), ("es", "es-ES"), ("it", "it-IT"),
        ("pt", "pt-BR"), ("nl", "nl-NL"), ("ru", "ru-RU"), ("uk", "uk-UA"), ("pl", "pl-PL"),
        ("cs", "cs-CZ"), ("ar", "ar-SA"), ("he", "he-IL"), ("ja", "ja-JP"), ("zh-Hans", "zh-Hans-CN"),
        ("ko", "ko-KR"), ("tr", "tr-TR"),
    ]
}
