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
public enum ProductDecoder {
    /// Decodes one product object.
    public static func decodeProduct(_ data: Data) throws(PaywallTextError) -> Product {
        do {
            return try JSONDecoder().decode(Product.self, from: data)
        } catch {
            throw PaywallTextError.fromDecoding(error)
        }
    }

    /// Decodes one product object or an array of them. Each element of an array is
    /// decoded on its own, so one bad product does not hide the others. Input that is
    /// not JSON at all gives a single failure.
    public static func decodeBatch(_ data: Data) -> [Result<Product, PaywallTextError>] {
        let first = data.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) })
        guard first == UInt8(ascii: "[") else {
            return [Result { () throws(PaywallTextError) in try decodeProduct(data) }]
        }
        do {
            return try JSONDecoder().decode([LenientProduct].self, from: data).map(\.result)
        } catch {
            return [.failure(PaywallTextError.fromDecoding(error))]
        }
    }
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
