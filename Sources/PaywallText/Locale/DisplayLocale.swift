/// A locale to render in, checked once: a BCP 47 tag (`pt-BR`) or an ICU ID (`pt_BR`) that
/// ICU has data for.
///
/// Make one at the boundary of your program (a request's locale, a command-line option)
/// and render with it: every cache behind the renderer is keyed by what changes the output
/// (language, script, region, variants, and the `-u-` keywords ICU honours: numbering
/// system `nu`, currency `cu`, calendar `ca`, hour cycle `hc`, region override `rg`,
/// subdivision `sd`, measurement system `ms`, first weekday `fw`), so `en_US`, `en-US` and
/// `en-US-x-client7` share one set of formatters and compiled messages. Private-use
/// subtags (`-x-`) change nothing but ``identifier``, which results echo.
///
/// ```swift
/// let locale = try DisplayLocale("de-AT")
/// let text = try renderer.render(product, locale: locale)
/// ```
public struct DisplayLocale: Sendable, Hashable, CustomStringConvertible {
    /// The locale as results name it: the canonical BCP 47 form of what was given
    /// (`en_US` → `en-US`; `en-US-x-client7` stays as it is).
    public let identifier: String
    /// What changes the output, as an ICU ID (`en_US`, `ar_SA@numbers=latn`).
    let identity: LocaleIdentity

    /// Checks a locale identifier.
    ///
    /// - Throws: ``PaywallTextError`` of kind ``PaywallTextError/Kind/unsupportedLocale``, at
    ///   path `locale`, when the identifier is malformed or ICU has no data for its language (`xx-QQ`).
    public init(_ identifier: String) throws(PaywallTextError) {
        self = try DisplayLocale.cache.value(for: identifier) { () throws(PaywallTextError) in
            try DisplayLocale(resolving: identifier)
        }
    }

    private init(resolving spelling: String) throws(PaywallTextError) {
        guard let id = ICU.Locale.canonicalID(spelling), !ICU.Locale.language(id).isEmpty else {
            throw PaywallTextError(.unsupportedLocale, path: "locale", message:
                "\(quoted(spelling)) is not a locale identifier; expected a BCP 47 tag (en-US) or an ICU ID (en_US)")
        }
        guard ICU.Locale.hasData(id) else {
            throw PaywallTextError(.unsupportedLocale, path: "locale", message: "ICU \(ICU.version) has no locale data for \(quoted(spelling))")
        }
        identifier = ICU.Locale.languageTag(id) ?? spelling
        identity = LocaleIdentity(icuID: id)
    }

    init(identity: LocaleIdentity) {
        self.identity = identity
        identifier = ICU.Locale.languageTag(identity.icuID) ?? identity.icuID
    }

    /// Equal when results name them alike: `en_US` and `en-US` are one locale.
    public static func == (left: DisplayLocale, right: DisplayLocale) -> Bool {
        left.identifier == right.identifier
    }

    /// Hashes the identifier, as equality compares it.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
    }

    /// ``identifier``.
    public var description: String { identifier }

    /// The direction the locale's script is written in (``TextDirection/rightToLeft`` for
    /// `ar-SA`, `he-IL`, `ur-PK`): the direction a screen in this locale is laid out in.
    public var direction: TextDirection {
        ICU.Locale.isRightToLeft(identity.icuID) ? .rightToLeft : .leftToRight
    }

    /// Locale identifiers as callers spelled them, each checked once.
    static let cache = FormatterCache<String, DisplayLocale>(
        "locale identities", maximumEntries: 2048, maximumBytes: 1 << 20,
        cost: { 128 + $0.identifier.utf8.count + $0.identity.icuID.utf8.count })
}

/// What of a locale changes the output, and nothing else: the key of every locale cache.
struct LocaleIdentity: Hashable, Sendable {
    /// A canonical ICU ID: the base name, and the keywords ICU honours in the order below.
    let icuID: String

    /// The `-u-` keywords (by ICU's names) that change what ICU formats.
    static let honouredKeywords = ["calendar", "currency", "fw", "hours", "measure", "numbers", "rg", "sd"]

    /// The identity of a canonical ICU ID: its private use (`@x=…`) and the keywords that
    /// change nothing (collation) are left out.
    init(icuID id: String) {
        let base = ICU.Locale.baseName(id)
        guard id.contains("@") else {
            icuID = base
            return
        }
        let keywords = LocaleIdentity.honouredKeywords.compactMap { keyword in
            ICU.Locale.keyword(keyword, of: id).map { "\(keyword)=\($0)" }
        }
        icuID = keywords.isEmpty ? base : base + "@" + keywords.joined(separator: ";")
    }

    /// An identity made by the library itself (a sentence locale), already canonical.
    init(canonical icuID: String) {
        self.icuID = icuID
    }
}
