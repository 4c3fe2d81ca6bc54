/// Documents the stores and SDKs deliver that are no product catalog, each told by keys of its
/// own (PRODUCT §12a): purchases, transactions, renewal info and server notifications, which
/// say what a subscriber bought and when, not what a product costs; legacy Play `SkuDetails`
/// and the Android Publisher API's legacy `InAppProduct` (`inappproducts`), which no reader
/// reads; and other vendors' SDK objects, which wrap a store's product in
/// their own shape. Each is refused with what it is and what to send instead, before any
/// format is chosen: their `price`, `productId` and `priceAmountMicros` look like a catalog's,
/// and read as one they would give wrong prices (a transaction's price is in milliunits).
enum NonCatalogDocuments {
    /// What an App Store purchase document is to be replaced with.
    private static let appStoreCatalog = "send the product's catalog instead: a StoreKit 2 Product (--input storekit2), "
        + "App Store Connect's prices and offers of the subscription or in-app purchase (--input appstoreconnect), "
        + "or an Xcode .storekit file (--input storekitconfig)"
    /// What a Google Play purchase document is to be replaced with.
    private static let playCatalog = "send the product's catalog instead: the Play Billing ProductDetails (--input googleplay) "
        + "or the Android Publisher API subscription or one-time product (--input playconsole)"
    /// What another vendor's SDK object is to be replaced with.
    private static let storeProduct = "send the store's own product it wraps instead: a StoreKit 2 Product (--input storekit2) "
        + "or a Play Billing ProductDetails (--input googleplay)"

    /// Why `node` is read by no format, as an error message (`is a decoded App Store Server
    /// API transaction (…): …`); `nil` for anything else.
    static func refusal(_ node: JSONNode) -> String? {
        guard case .object(let members) = node else { return nil }
        // A product catalog has none of the keys the rules ask for first.
        guard ruleKeys.containsKey(of: members) else {
            assert(refusal(node, members) == nil, "a rule of NonCatalogDocuments asks for a key missing from ruleKeys")
            return nil
        }
        return refusal(node, members)
    }

    /// Every rule of ``refusal(_:)``.
    private static func refusal(_ node: JSONNode, _ members: [JSONNode.Member]) -> String? {
        let keys = JSONKeys(members)
        func has(_ key: String) -> Bool { keys.contains(key) }
        func any(_ candidates: String...) -> [String] { candidates.filter(has) }
        /// `(a, b and c)`: the keys that say what the object is.
        func evidence(_ names: [String]) -> String { "(" + all(names) + ")" }
        let kind = node["kind"]?.text
        /// The evidence of an Android Publisher API resource: its `kind`, else its keys.
        func publisher(_ names: [String]) -> String { kind.map { "kind \(quoted($0))" } ?? all(names) }

        // App Store Server Notifications v2: the decoded responseBodyV2 payload, or its signed form.
        if has("notificationType"), !any("notificationUUID", "data", "summary", "signedDate").isEmpty {
            let type = node["notificationType"]?.text.map { " \(quoted($0))" } ?? ""
            return "is a decoded App Store Server Notification v2\(type) \(evidence(["notificationType"] + any("notificationUUID", "data", "summary"))): "
                + "a notification reports an event of a subscriber's purchase, not what a product costs; \(appStoreCatalog)"
        }
        if has("signedPayload"), keys.count <= 2 {
            return "is a signed App Store Server Notification v2 (signedPayload), not a product; \(appStoreCatalog)"
        }
        if has("notification_type"), !any("unified_receipt", "auto_renew_product_id", "password", "environment").isEmpty {
            return "is an App Store Server Notification v1 (notification_type), not a product; \(appStoreCatalog)"
        }
        // App Store Server API responses and their decoded payloads.
        let signed = any("signedTransactionInfo", "signedTransactions", "signedRenewalInfo", "lastTransactions")
            + (has("appAppleId") && has("bundleId") && has("data") ? ["appAppleId", "bundleId", "data"] : [])
        if !signed.isEmpty {
            return "is an App Store Server API response of signed transactions \(evidence(signed)): purchases are not catalogs; \(appStoreCatalog)"
        }
        if has("autoRenewProductId") || (has("autoRenewStatus") && has("originalTransactionId")) {
            return "is a decoded App Store Server API renewal info (JWSRenewalInfoDecodedPayload: "
                + "\(all(any("autoRenewProductId", "autoRenewStatus", "originalTransactionId", "renewalPrice")))): "
                + "it says how a subscriber's subscription renews, not what the product costs; \(appStoreCatalog)"
        }
        if has("transactionId"), !any("originalTransactionId", "purchaseDate", "bundleId").isEmpty {
            let found = ["transactionId"] + any("originalTransactionId", "purchaseDate", "price", "currency")
            if has("deviceVerification") {
                return "is a StoreKit 2 Transaction's jsonRepresentation \(evidence(found + ["deviceVerification"])): "
                    + "a purchase, not a catalog; \(appStoreCatalog)"
            }
            let price = has("price") ? " (its price is what was charged, in milliunits of the currency)" : ""
            return "is a decoded App Store Server API transaction (JWSTransactionDecodedPayload: \(all(found))): "
                + "a purchase, not a catalog\(price); \(appStoreCatalog)"
        }
        if has("originalID"), !any("productID", "purchaseDate", "ownershipType").isEmpty {
            return "is a StoreKit 2 Transaction \(evidence(["originalID"] + any("productID", "purchaseDate", "ownershipType"))): "
                + "a purchase, not a catalog; \(appStoreCatalog)"
        }
        if has("transactionIdentifier"), !any("transactionDate", "transactionState", "payment").isEmpty {
            return "is a StoreKit 1 SKPaymentTransaction \(evidence(["transactionIdentifier"] + any("transactionDate", "transactionState"))): "
                + "a purchase, not a catalog; \(appStoreCatalog)"
        }
        // Android Publisher API purchases: by their kind, else by keys of their own.
        if kind == "androidpublisher#subscriptionPurchaseV2" || (has("lineItems") && !any("subscriptionState", "latestOrderId").isEmpty) {
            return "is an Android Publisher API SubscriptionPurchaseV2 (purchases.subscriptionsv2: "
                + "\(publisher(["lineItems"] + any("subscriptionState", "latestOrderId")))): "
                + "a subscriber's purchase, not a catalog; \(playCatalog)"
        }
        if kind == "androidpublisher#subscriptionPurchase" || (has("expiryTimeMillis") && !any("startTimeMillis", "autoRenewing", "paymentState").isEmpty) {
            return "is an Android Publisher API subscriptionPurchase (purchases.subscriptions v1: "
                + "\(publisher(["expiryTimeMillis"] + any("startTimeMillis", "autoRenewing", "paymentState")))): "
                + "a subscriber's purchase, not a catalog; its priceAmountMicros is what was charged, not a product's price; \(playCatalog)"
        }
        if kind == "androidpublisher#productPurchaseV2" || (has("productLineItem") && has("purchaseStateContext")) {
            return "is an Android Publisher API ProductPurchaseV2 (purchases.productsv2: \(publisher(["productLineItem", "purchaseStateContext"]))): "
                + "a purchase, not a catalog; \(playCatalog)"
        }
        if kind == "androidpublisher#productPurchase" || (has("purchaseTimeMillis") && !any("purchaseState", "consumptionState").isEmpty) {
            return "is an Android Publisher API productPurchase (purchases.products: "
                + "\(publisher(["purchaseTimeMillis"] + any("purchaseState", "consumptionState")))): "
                + "a purchase, not a catalog; \(playCatalog)"
        }
        if has("purchaseToken") || (has("packageName") && has("purchaseTime")) {
            return "is a Play Billing Purchase \(evidence(any("purchaseToken", "purchaseTime", "purchaseState", "orderId", "packageName"))): "
                + "a purchase, not a catalog; \(playCatalog)"
        }
        // A legacy SkuDetails (Billing Library 4 and older), as its JSON or an app plugin writes it.
        // A ProductDetails' own JSON has a skuDetailsToken too, beside its offer details.
        let productDetails = !any("subscriptionOfferDetails", "oneTimePurchaseOfferDetails", "oneTimePurchaseOfferDetailsList").isEmpty
        let legacy = productDetails ? [] : any("price_amount_micros", "price_currency_code", "introductoryPriceAmountMicros", "freeTrialPeriod")
            + (has("price") || has("subscriptionPeriod") ? any("skuDetailsToken") : [])
        if !legacy.isEmpty || (has("sku") && !any("priceAmountMicros", "priceCurrencyCode").isEmpty) {
            let found = legacy.isEmpty ? ["sku"] + any("priceAmountMicros", "priceCurrencyCode") : legacy
            return "is a legacy Play Billing SkuDetails \(evidence(found)), which Billing Library 4 and older return and which is not read: "
                + "query ProductDetails (Billing Library 5 or later) and send it (--input googleplay), "
                + "or the Android Publisher API subscription or one-time product (--input playconsole)"
        }
        // The Android Publisher API's legacy in-app product resource (inappproducts), which
        // monetization.onetimeproducts and monetization.subscriptions replace.
        let inAppProduct = any("defaultPrice", "purchaseType", "prices")
        if has("sku"), !inAppProduct.isEmpty {
            return "is an Android Publisher API InAppProduct \(evidence(["sku"] + inAppProduct)), the legacy in-app product "
                + "resource (inappproducts), which is not read: fetch the one-time product (GET …/applications/{packageName}/"
                + "oneTimeProducts/{productId}) or the subscription (GET …/applications/{packageName}/subscriptions/{productId}) "
                + "and send it (--input playconsole)"
        }
        // Other vendors' SDK objects.
        let adapty = any("vendorProductId", "adaptyProductId", "paywallVariationId")
        if !adapty.isEmpty {
            return "is an Adapty paywall product \(evidence(adapty)), which is not read; \(storeProduct)"
        }
        let qonversion = any("qonversionID", "qonversionId")
        if !qonversion.isEmpty {
            return "is a Qonversion product \(evidence(qonversion + any("storeID", "storeId"))), which is not read; \(storeProduct)"
        }
        if let platform = node["platform"]?.text, cordovaPlatforms.contains(platform),
           node["className"]?.text == "Product" || !any("offers", "pricing").isEmpty {
            return "is a cordova-plugin-purchase product (platform \(quoted(platform))), which is not read; \(storeProduct)"
        }
        if has("canPurchase"), !any("alias", "owned", "loaded", "priceMicros").isEmpty {
            return "is a cordova-plugin-purchase product \(evidence(["canPurchase"] + any("alias", "owned", "loaded", "priceMicros"))), "
                + "which is not read; \(storeProduct)"
        }
        return nil
    }

    /// The keys of which every rule of ``refusal(_:)`` needs one, whatever else it asks:
    /// a rule with a key of its own adds it here.
    private static let ruleKeys = FieldNames([
        "notificationType", "signedPayload", "notification_type",
        "signedTransactionInfo", "signedTransactions", "signedRenewalInfo", "lastTransactions", "appAppleId",
        "autoRenewProductId", "autoRenewStatus", "transactionId", "originalID", "transactionIdentifier",
        "kind", "lineItems", "expiryTimeMillis", "productLineItem", "purchaseTimeMillis", "purchaseToken", "packageName",
        "price_amount_micros", "price_currency_code", "introductoryPriceAmountMicros", "freeTrialPeriod", "skuDetailsToken", "sku",
        "vendorProductId", "adaptyProductId", "paywallVariationId", "qonversionID", "qonversionId", "platform", "canPurchase",
    ])

    /// `a, b and c`.
    private static func all(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }

    /// cordova-plugin-purchase's `Platform` values.
    private static let cordovaPlatforms: Set<String> = [
        "ios-appstore", "android-playstore", "windows-store-transaction", "braintree", "test",
    ]
}
