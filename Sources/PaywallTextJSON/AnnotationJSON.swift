package import PaywallText

extension JSONValue {
    /// `[{"text": "$9.99", "role": "regularPrice"}, {"text": "/month"}]`: literal text has no `role`.
    package static func runs(_ runs: [TextRun]) -> JSONValue {
        .array(runs.map { run in
            var fields: [(String, JSONValue)] = [("text", .string(run.text))]
            if let role = run.role { fields.append(("role", .string(role.rawValue))) }
            return .object(fields)
        })
    }
}
