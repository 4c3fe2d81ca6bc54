/// Reading a product's display names from the stores' documents (``Product/displayName``,
/// ``Product/localizedDisplayNames``), for the `title` disclosure.
///
/// A name is cosmetic: one of the wrong kind is a warning with its path (the field is not
/// read), never an error that would keep the product from being rendered. An empty name is
/// no name. Each name's path is recorded, so that a check of the model (a name too long,
/// with a control character) names the field in the document.
enum DisplayNameFields {
    /// The name at `key` of `field` (`displayName`, `name`, `title`), or `nil` when absent,
    /// `null` or empty.
    static func name(
        _ field: JSONField, _ key: String, paths: inout DocumentPaths, warnings: inout [ProductWarning]
    ) -> String? {
        guard case .object = field.value, let value = field.value[key], value != .null else { return nil }
        let path = field.path(of: key)
        guard case .string(let name) = value else {
            warnings.append(ProductWarning(path: path, message: "is not read: a display name is a string, got \(value.kindDescription)"))
            return nil
        }
        guard !name.isEmpty else { return nil }
        paths.map("displayName", to: path)
        return name
    }

    /// Names by locale from a list of localizations (`[{"locale": "en_US", "displayName": "Pro"}]`),
    /// or `nil` when there is none. An element without a string locale and a string name is
    /// a warning; a later element for a locale already read is one too.
    static func localized(
        _ list: JSONField?, localeKey: String, nameKey: String, paths: inout DocumentPaths, warnings: inout [ProductWarning]
    ) -> [String: String]? {
        guard let list else { return nil }
        guard case .array(let elements) = list.value else {
            if list.value != .null {
                warnings.append(ProductWarning(path: list.path, message: "is not read: localizations are an array, got \(list.value.kindDescription)"))
            }
            return nil
        }
        var names: [String: String] = [:]
        for (index, element) in elements.enumerated() {
            let field = JSONField(element, path: "\(list.path)[\(index)]")
            guard let locale = element[localeKey]?.text, !locale.isEmpty, let name = element[nameKey]?.text else {
                warnings.append(ProductWarning(path: field.path, message:
                    "is not read: a localization has a string \(localeKey) and a string \(nameKey)"))
                continue
            }
            guard !name.isEmpty else { continue }
            guard names[locale] == nil else {
                warnings.append(ProductWarning(path: field.path, message: "is not read: a localization for \(quoted(locale)) comes before it"))
                continue
            }
            names[locale] = name
            paths.map("localizedDisplayNames.\(locale)", to: field.path(of: nameKey))
        }
        return names.isEmpty ? nil : names
    }
}
