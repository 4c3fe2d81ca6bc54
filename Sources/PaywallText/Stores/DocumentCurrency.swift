/// The currency of a document that names none (an Xcode StoreKit configuration without a
/// storefront, an app's StoreKit 2 encoding without a currency code): what the caller gives
/// with ``ReadOptions/currency`` or ``ReadOptions/storefront`` (`--currency`, `--storefront`).
extension ReadOptions {
    /// Checks the storefront and the currency as ``documentCurrency()`` does, so that the
    /// command-line tool can refuse a wrong one before reading anything.
    package func checkDocumentCurrency() throws(PaywallTextError) {
        _ = try documentCurrency()
    }

    /// The currency the options give, and the storefront when one is given; `nil` when
    /// neither is. Errors name the option (`storefront`, `currency`).
    func documentCurrency() throws(PaywallTextError) -> (currency: String, storefront: AppStoreStorefront?)? {
        let storefront = try self.storefront.map { (code) throws(PaywallTextError) in
            try Storefronts.storefront(code, path: "storefront")
        }
        guard let code = currency else { return storefront.map { ($0.currency, $0) } }
        let currency = try Currencies.check(code, path: "currency", what: "currency code")
        if let storefront, storefront.currency != currency {
            throw PaywallTextError(.invalidValue, path: "currency", message:
                "\(currency) is not the currency of the storefront \(storefront.territory), \(storefront.currency); give one of them")
        }
        return (currency, storefront)
    }

    /// The currency the options give a document at `path` that names none, or an error there
    /// saying `why` and asking for `--storefront` or `--currency`.
    func currency(forDocumentAt path: String, why: String) throws(PaywallTextError) -> (currency: String, storefront: AppStoreStorefront?) {
        if let given = try documentCurrency() { return given }
        throw PaywallTextError(.invalidValue, path: path, message: "\(why); give one with --storefront (USA) or --currency (USD)")
    }
}
