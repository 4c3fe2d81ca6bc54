/// Where the message catalogs come from.
public enum CatalogSource: Sendable, Hashable {
    /// The catalogs built into the library from `Locales/` (the default).
    case embedded
    /// The `*.json` catalogs of a folder, for previewing edited translations without
    /// rebuilding, or for a server that updates its catalogs.
    ///
    /// They are checked as `paywall-text lint` checks them; any error rejects the folder
    /// with the file, key and reason. A folder is read on first use and again only by
    /// ``PaywallRenderer/reloadCatalogs(_:)``: until then, a folder that was rejected stays
    /// rejected (with the same error) rather than being read on every render. `dir`,
    /// `dir/` and `./dir` name one folder.
    case directory(String)
}
