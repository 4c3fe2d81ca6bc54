import PaywallText

/// The catalog patterns the floor formats with: read once at setup, outside any timing.
enum BenchCatalogs {
    static func patterns(for locale: String) throws -> [String: String] {
        try BenchSupport.catalogPatterns(for: locale)
    }

    /// The argument names a message receives, in the order the renderer passes them.
    static func argumentOrder(of key: String) -> [String] {
        BenchSupport.argumentOrder(of: key)
    }
}
