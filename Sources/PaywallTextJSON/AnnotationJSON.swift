package import PaywallText

extension JSONValue {
    /// The members an object (a product, an offer, a phase) has when spoken forms or parts
    /// were asked for (``RenderOptions/include``), each only when it holds a field:
    /// `"spoken": {"recurringPrice": "9.99 US dollars per month"}`,
    /// `"parts": {"recurringPrice": [{"text": "$9.99", "role": "regularPrice"}, {"text": "/month"}]}`,
    /// `"fieldLanguages": {"copy.welcome": {"lang": "en", "dir": "ltr"}}`; fields in the
    /// order the object lists them.
    package static func annotations(
        spoken: FieldMap<String>, parts: FieldMap<[TextRun]>, languages: FieldMap<TextLanguage>
    ) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        if !spoken.isEmpty { members.append(("spoken", .object(spoken.map { ($0.field, .string($0.value)) }))) }
        if !parts.isEmpty { members.append(("parts", .object(parts.map { ($0.field, .runs($0.value)) }))) }
        if !languages.isEmpty { members.append(("fieldLanguages", .object(languages.map { ($0.field, .object(language($0.value))) }))) }
        return members
    }

    /// `[{"text": "$9.99", "role": "regularPrice"}, {"text": "/month"}]`: literal text has no `role`.
    package static func runs(_ runs: [TextRun]) -> JSONValue {
        .array(runs.map { run in
            var fields: [(String, JSONValue)] = [("text", .string(run.text))]
            if let role = run.role { fields.append(("role", .string(role.rawValue))) }
            return .object(fields)
        })
    }

    /// `"lang": "ar", "dir": "rtl"`.
    package static func language(_ language: TextLanguage) -> [(String, JSONValue)] {
        [("lang", .string(language.tag)), ("dir", .string(language.direction.rawValue))]
    }
}
