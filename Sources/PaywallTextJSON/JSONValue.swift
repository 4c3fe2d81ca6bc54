package import PaywallText

/// A JSON value whose objects keep their keys in the order written, so the
/// tool's output reads `locale`, `productIdentifier`, `price`, … every time
/// (Foundation's encoder does not promise an order).
package indirect enum JSONValue: Sendable {
    case string(String)
    case int(Int)
    case object([(String, JSONValue)])
    case array([JSONValue])

    /// The value as compact JSON text.
    package var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .string(let string):
            JSONValue.writeString(string, to: &output)
        case .int(let number):
            output += String(number)
        case .object(let members):
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                JSONValue.writeString(key, to: &output)
                output += ":"
                value.write(to: &output)
            }
            output += "}"
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        }
    }

    private static func writeString(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}


extension JSONValue {
    /// `{"percent": 35, "text": "35%", "headline": "Save 35%"}`.
    package static func percent(_ value: PercentText) -> JSONValue {
        .object([("percent", .int(value.percent)), ("text", .string(value.text)), ("headline", .string(value.headline))])
    }

    /// `{"day": {...}, "week": {...}, "month": {...}, "year": {...}}`, each
    /// `{"price": "$4.49", "amount": "4.49", "recurringPrice": "$4.49/month", "billed": "..."}`.
    package static func pricePer(_ value: PricePer) -> JSONValue {
        .object(PeriodUnit.allCases.map { unit in
            let price = value[unit]
            var fields: [(String, JSONValue)] = [
                ("price", .string(price.price)), ("amount", .string(price.amount)),
                ("recurringPrice", .string(price.recurringPrice)),
            ]
            if let billed = price.billed { fields.append(("billed", .string(billed))) }
            return (unit.rawValue, .object(fields))
        })
    }

    /// `[{"path": "data[0].attributes.duration", "message": "an App Store free trial lasts …"}]`.
    package static func warnings(_ warnings: [OfferRuleWarning]) -> JSONValue {
        .array(warnings.map { .object([("path", .string($0.path)), ("message", .string($0.message))]) })
    }
}
