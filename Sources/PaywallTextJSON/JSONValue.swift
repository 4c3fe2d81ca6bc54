package import PaywallText

/// A JSON value whose objects keep their keys in the order written, so the
/// tool's output reads `locale`, `productIdentifier`, `price`, … every time
/// (Foundation's encoder does not promise an order). Written by ``JSONWriter``.
package indirect enum JSONValue: Sendable {
    case string(String)
    case int(Int)
    case object([(String, JSONValue)])
    case array([JSONValue])

    /// The value as compact JSON text.
    package var text: String {
        var json = JSONWriter(capacity: 256)
        json.value(self)
        return String(decoding: json.bytes, as: UTF8.self)
    }
}

extension JSONWriter {
    /// A ``JSONValue``, written whole.
    package mutating func value(_ value: JSONValue) {
        switch value {
        case .string(let string):
            self.string(string)
        case .int(let number):
            int(number)
        case .object(let members):
            object { json in
                for (key, value) in members {
                    json.key(key)
                    json.value(value)
                }
            }
        case .array(let elements):
            array { json in
                for element in elements { json.value(element) }
            }
        }
    }
}

extension JSONValue {
    /// `[{"path": "data[0].attributes.duration", "message": "an App Store free trial lasts …"}]`.
    package static func warnings(_ warnings: [ProductWarning]) -> JSONValue {
        .array(warnings.map { .object([("path", .string($0.path)), ("message", .string($0.message))]) })
    }

    /// `{"kind": "invalidValue", "path": "price", "message": "…"}`, with `file` and `key` for a catalog.
    package static func error(_ error: PaywallTextError) -> JSONValue {
        var fields: [(String, JSONValue)] = [("kind", .string(error.kind.rawValue)), ("path", .string(error.path))]
        if let catalog = error.catalog {
            fields.append(("file", .string(catalog.file)))
            if let key = catalog.key { fields.append(("key", .string(key))) }
        }
        fields.append(("message", .string(error.message)))
        return .object(fields)
    }
}
