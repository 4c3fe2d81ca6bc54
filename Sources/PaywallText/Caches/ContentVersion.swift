/// The snapshot of a ``Catalogs`` value that a cached value was made from.
struct CatalogsVersion: Hashable, Sendable {
    /// The ``Catalogs`` value (never reused).
    let catalogs: UInt64
    /// Its snapshot; a later snapshot has a larger number.
    let snapshot: UInt64
    /// The ``PaywallCopy`` value rendered with (never reused), `nil` for none.
    var copy: UInt64? = nil
}

/// What rendered text depends on besides the products and the options: a snapshot of a
/// ``Catalogs`` value and the ``PaywallCopy`` value rendered with
/// (``PaywallRenderer/contentVersion``). Two renders with equal versions, products and
/// options give the same text; a reload of the catalogs or the copy gives a new version.
/// It is opaque: compare it, hash it and keep it beside what was made with it.
public struct ContentVersion: Hashable, Sendable {
    let version: CatalogsVersion

    init(_ version: CatalogsVersion) {
        self.version = version
    }
}

extension Catalogs {
    /// A snapshot of these catalogs, as caches key by it.
    func version(of snapshot: CatalogSnapshot) -> CatalogsVersion {
        CatalogsVersion(catalogs: id, snapshot: snapshot.id)
    }
}
