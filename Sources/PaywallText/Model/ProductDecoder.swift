public import FoundationEssentials

/// Reads products from JSON, keeping every good product when some are bad.
///
/// ```swift
/// for item in ProductDecoder.decodeBatch(data) {
///     switch item {
///     case .success(let product): …
///     case .failure(let error): print(error) // discounts[0].paymentMode: unknown payment mode "trial"; …
///     }
/// }
/// ```
///
/// Input is bounded by ``Limits``: at most ``Limits/maximumInputBytes`` bytes,
/// ``Limits/maximumNesting`` levels and ``Limits/maximumBatchCount`` products. Malformed
/// JSON is reported with its line and column.
public enum ProductDecoder {
    /// Decodes one product object.
    public static func decodeProduct(_ data: Data) throws(PaywallTextError) -> Product {
        let scan = try check(data)
        if let problem = numberProblem(in: scan, item: nil) { throw problem }
        do {
            return try JSONDecoder().decode(Product.self, from: data)
        } catch {
            throw PaywallTextError.fromDecoding(error)
        }
    }

    /// Decodes one product object or an array of them. Each element of an array is
    /// decoded on its own, so one bad product does not hide the others. Input that is
    /// not JSON at all, or beyond ``Limits``, gives a single failure.
    public static func decodeBatch(_ data: Data) -> [Result<Product, PaywallTextError>] {
        let scan: JSONScan
        do {
            scan = try check(data)
        } catch {
            return [.failure(error)]
        }
        guard let count = scan.topLevelCount else {
            return [Result { () throws(PaywallTextError) in try decodeProduct(data) }]
        }
        guard count <= Limits.maximumBatchCount else {
            return [.failure(PaywallTextError(.invalidValue, path: "", message:
                "the array holds \(count) products; at most \(Limits.maximumBatchCount) are read at once"))]
        }
        let decoded: [Result<Product, PaywallTextError>]
        do {
            decoded = try JSONDecoder().decode([LenientProduct].self, from: data).map(\.result)
        } catch {
            return [.failure(PaywallTextError.fromDecoding(error))]
        }
        return decoded.enumerated().map { index, result in
            numberProblem(in: scan, item: index).map { .failure($0) } ?? result
        }
    }

    /// Size, syntax and nesting, before anything is decoded.
    private static func check(_ data: Data) throws(PaywallTextError) -> JSONScan {
        guard data.count <= Limits.maximumInputBytes else {
            throw PaywallTextError(.malformedJSON, path: "", message:
                "the input is \(data.count) bytes; at most \(Limits.maximumInputBytes) are read")
        }
        return try JSONScanner.scan(data, maximumDepth: Limits.maximumNesting)
    }

    /// The first number of a product (`item` in a batch, or the whole input) that a
    /// field cannot take: a count that is not a whole number in range, or a price with
    /// too many characters or an exponent beyond any price.
    private static func numberProblem(in scan: JSONScan, item: Int?) -> PaywallTextError? {
        let prefix = item.map { "[\($0)]" } ?? ""
        for number in scan.numbers where number.path.hasPrefix(prefix) {
            var path = Substring(number.path.dropFirst(prefix.count))
            if item != nil {
                guard path.isEmpty || path.first == "." || path.first == "[" else { continue }
                path = path.drop(while: { $0 == "." })
            }
            switch number.key {
            case "numberOfUnits", "numberOfPeriods":
                let digits = number.text.drop(while: { $0 == "-" })
                guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy(\.isASCIIDigit) else {
                    return PaywallTextError(.invalidValue, path: String(path), message: "must be a whole number, got \(number.text)")
                }
            case "price":
                let exponent = number.text.split(whereSeparator: { $0 == "e" || $0 == "E" }).dropFirst().first.flatMap { Int($0) } ?? 0
                guard number.text.count <= Limits.maximumPriceCharacters, abs(exponent) <= 20 else {
                    return PaywallTextError(.invalidValue, path: String(path), message:
                        "\(quoted(number.text)) is not a price: at most \(Limits.maximumPriceCharacters) characters and within 10^±20")
                }
            default:
                continue
            }
        }
        return nil
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

/// Decodes one array element, capturing its error instead of failing the array.
private struct LenientProduct: Decodable {
    let result: Result<Product, PaywallTextError>

    init(from decoder: any Decoder) {
        do {
            result = .success(try Product(from: decoder))
        } catch {
            // Paths inside one product are relative to that product: drop its `[i]`.
            let full = PaywallTextError.fromDecoding(error)
            let prefix = fieldPath(decoder.codingPath)
            var path = Substring(full.path)
            if path.hasPrefix(prefix) {
                path = path.dropFirst(prefix.count).drop(while: { $0 == "." })
            }
            result = .failure(PaywallTextError(full.kind, path: String(path), message: full.message))
        }
    }
}
