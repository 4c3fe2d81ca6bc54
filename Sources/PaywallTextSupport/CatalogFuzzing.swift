import PaywallText

/// What the catalog fuzz target exercises: one message through every check, and,
/// when it passes, ICU's compile and format with each message's sample arguments.
package enum CatalogFuzzing {
    /// Checks `pattern` as every message key of the catalog named `catalog`; returns
    /// how many keys it formatted.
    package static func exercise(pattern: String, catalog: String) -> Int {
        var formatted = 0
        for key in MessageKey.allCases {
            let file = Catalog(name: catalog, file: "\(catalog).json", messages: [key.rawValue: pattern])
            // Alone in its catalog, the message has the problems of its own key (and the English
            // catalog is missing, a problem of no key).
            let problems = CatalogLintReport(catalogs: [file]).problems.filter { $0.location.key == key.rawValue }
            guard problems.isEmpty else { continue }
            if (try? key.formatSample(pattern, catalog: catalog)) != nil { formatted += 1 }
        }
        return formatted
    }
}
