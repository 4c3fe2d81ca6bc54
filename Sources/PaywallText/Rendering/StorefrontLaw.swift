/// The territory a purchase is made in, and what its consumer law asks of the purchase
/// screen (PRODUCT §16).
///
/// A product's storefront is the one its document names (App Store Connect's territory,
/// Play's `regionCode`, a `.storekit` file's storefront, the region of a StoreKit 1
/// `priceLocale`), else ``RenderOptions/storefront``, else the display locale's region
/// (ICU's likely subtags for a locale without one: `de` → `DE`).
enum StorefrontLaw {
    /// The two-letter territory of a product's storefront, `nil` when nothing names one.
    static func territory(document: String?, option: String?, display: LocaleData) -> String? {
        if let document, let territory = ICU.Region.territory(document) { return territory }
        if let option, let territory = ICU.Region.territory(option) { return territory }
        return display.likelyTerritory
    }

    /// The region of a StoreKit 1 `priceLocale` (`de_DE@currency=EUR` → `DE`), `nil` without one.
    static func territory(priceLocale: String?) -> String? {
        guard let priceLocale, let id = ICU.Locale.canonicalID(priceLocale) else { return nil }
        let region = ICU.Locale.region(id)
        return region.isEmpty ? nil : region
    }

    /// Whether consumer law in the territory asks for the order button's label ("Subscribe
    /// with obligation to pay"): the European Union (Directive 2011/83/EU, Article 8(2)), by
    /// ICU's region data (CLDR's `EU` grouping), and the states outside it that apply the same
    /// rule: Iceland, Liechtenstein and Norway through the EEA Agreement, and the United
    /// Kingdom (Consumer Contracts Regulations 2013, regulation 14(3)). These three are a
    /// legal list, not locale data: CLDR has no grouping for them.
    static func requiresOrderButton(_ territory: String) -> Bool {
        ICU.Region.contains("EU", territory) || ["IS", "LI", "NO", "GB"].contains(territory)
    }
}

/// Where a product's document came from, as far as its disclosures depend on it: the store
/// whose rules they follow and the territory whose law they follow.
struct DocumentOrigin: Sendable, Hashable {
    /// The store of the document, when disclosures follow it (``RenderOptions/store`` is not set).
    var store: Store?
    /// The territory the document names for the product, as written (`DEU`, `DE`).
    var territory: String?
}
