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
        var output: [UInt8] = []
        output.reserveCapacity(2048)
        write(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the value's compact JSON text to `output`, as UTF-8.
    package func write(to output: inout [UInt8]) {
        switch self {
        case .string(let string):
            JSONValue.writeString(string, to: &output)
        case .int(let number):
            output.append(contentsOf: String(number).utf8)
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONValue.writeString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                element.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        }
    }

    /// A JSON string: `"` and `\` escaped, control characters as `\n`, `\r`, `\t` or
    /// `\u00XX`, everything else as its UTF-8, copied in runs.
    private static func writeString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var start = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                output.append(contentsOf: bytes[start..<index])
                start = index + 1
                switch byte {
                case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
                case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
                case UInt8(ascii: "\n"): output.append(contentsOf: #"\n"#.utf8)
                case UInt8(ascii: "\r"): output.append(contentsOf: #"\r"#.utf8)
                case UInt8(ascii: "\t"): output.append(contentsOf: #"\t"#.utf8)
                default:
                    let hex = String(byte, radix: 16)
                    output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                }
            }
            output.append(contentsOf: bytes[start..<bytes.count])
        }
        output.append(UInt8(ascii: "\""))
    }
}

extension JSONValue {
    /// `{"iso": "2026-02-28", "text": "February 28, 2026"}`.
    package static func date(_ value: RenderedDate) -> JSONValue {
        .object([("iso", .string(value.iso)), ("text", .string(value.text))])
    }

    /// `{"percent": 35, "text": "35%", "headline": "Save 35%"}`, with
    /// `"amount": "$30.00", "amountHeadline": "Save $30.00 a year"` for savings.
    package static func percent(_ value: PercentText) -> JSONValue {
        var fields: [(String, JSONValue)] = [("percent", .int(value.percent)), ("text", .string(value.text)), ("headline", .string(value.headline))]
        if let amount = value.amount { fields.append(("amount", .string(amount))) }
        if let amountHeadline = value.amountHeadline { fields.append(("amountHeadline", .string(amountHeadline))) }
        return .object(fields)
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
    package static func warnings(_ warnings: [ProductWarning]) -> JSONValue {
        .array(warnings.map { .object([("path", .string($0.path)), ("message", .string($0.message))]) })
    }
}
