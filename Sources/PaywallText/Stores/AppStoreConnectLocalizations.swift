extension AppStoreConnectReader {
    /// The localizations App Store Connect keeps for a subscription or an in-app purchase
    /// (`GET /v1/subscriptions/{id}/subscriptionLocalizations`,
    /// `GET /v2/inAppPurchases/{id}/inAppPurchaseLocalizations`): `locale` and `name`, the
    /// display name customers see, read as ``Product/localizedDisplayNames``.
    ///
    /// The owner's own `name` attribute is its reference name, which App Store Connect
    /// describes as never shown to customers: it is not read as a display name.
    struct LocalizationKind {
        let type: String
        let ownerType: String
        /// The localization's to-one relationship to its owner.
        let ownerRelationship: String

        static let all = [
            LocalizationKind(type: "subscriptionLocalizations", ownerType: "subscriptions", ownerRelationship: "subscription"),
            LocalizationKind(type: "inAppPurchaseLocalizations", ownerType: "inAppPurchases", ownerRelationship: "inAppPurchaseV2"),
        ]
    }
}

extension AppStoreConnectReader.Documents {
    /// The owner a localization belongs to: its relationship, else the owner that lists it,
    /// else the document's `links.self`, else the only owner the documents speak of.
    func owner(ofLocalization localization: AppStoreConnectReader.Resource, kind: AppStoreConnectReader.LocalizationKind) -> String? {
        if let id = localization.relatedID(kind.ownerRelationship) { return id }
        if let owner = ofType(kind.ownerType).first(where: { (try? $0.relationshipIDs(kind.type))?.contains(localization.id) == true }) {
            return owner.id
        }
        if let id = localization.linkedID(kind.ownerType, suffixes: [kind.type]) { return id }
        let owners = Set(ofType(kind.ownerType).map(\.id))
        return owners.count == 1 ? owners.first : nil
    }

    /// Reports the localizations that cannot be read: without a string `locale` and `name`,
    /// or with no owner to belong to.
    mutating func checkLocalizations() {
        for kind in AppStoreConnectReader.LocalizationKind.all {
            for localization in ofType(kind.type) {
                if localization.text("locale") == nil || localization.text("name") == nil {
                    unused(localization, "is not read: a localization has a string locale and a string name")
                } else if owner(ofLocalization: localization, kind: kind) == nil {
                    unused(localization, "is not read: it names no \(kind.ownerRelationship) (relationships.\(kind.ownerRelationship)), "
                           + "and the documents speak of no single one")
                }
            }
        }
    }

    /// The display names of an owner by locale, each name's path recorded; `nil` when the
    /// documents hold none.
    func localizedNames(ownerType: String, owner id: String, paths: inout DocumentPaths) -> [String: String]? {
        guard let kind = AppStoreConnectReader.LocalizationKind.all.first(where: { $0.ownerType == ownerType }) else { return nil }
        var names: [String: String] = [:]
        for localization in ofType(kind.type) where owner(ofLocalization: localization, kind: kind) == id {
            guard let locale = localization.text("locale"), let name = localization.text("name"), !name.isEmpty,
                  names[locale] == nil
            else { continue }
            names[locale] = name
            paths.map("localizedDisplayNames.\(locale)", to: "\(localization.field.path).attributes.name")
        }
        return names.isEmpty ? nil : names
    }
}
