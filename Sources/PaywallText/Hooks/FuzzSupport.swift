/// What the catalog fuzz target exercises: one message through every check, and,
/// when it passes, ICU's compile and format with each message's sample arguments.
/// Not for library users.
package enum CatalogFuzzing {
    /// Checks `pattern` as every message key of the catalog named `catalog`; returns
    /// how many keys it formatted.
    package static func exercise(pattern: String, catalog: String) -> Int {
        guard let formatters = try? LocaleFormatters.named(catalog) else { return 0 }
        var formatted = 0
        for entry in Messages.all {
            let file = Catalog(name: catalog, file: "\(catalog).json", messages: [entry.key.rawValue: pattern])
            let problems = CatalogLinter.lint(file, english: nil).filter { $0.key == entry.key.rawValue }
            guard problems.isEmpty,
                  let format = try? ICU.MessageFormat(pattern: pattern, locale: formatters.icuID, arguments: entry.names)
            else { continue }
            if (try? format.format(entry.sampleValues().buffer)) != nil { formatted += 1 }
        }
        return formatted
    }
}
