#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

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
/// JSON is reported with its line and column; every other error names its field path.
public enum ProductDecoder {
    /// Decodes one product object.
    public static func decodeProduct(_ data: Data) throws(PaywallTextError) -> Product {
        try ProductReader.product(JSONField(parse(data)))
    }

    /// Decodes one product object or an array of them. Each element of an array is
    /// read on its own, so one bad product does not hide the others. Input that is
    /// not JSON at all, or beyond ``Limits``, gives a single failure.
    public static func decodeBatch(_ data: Data) -> [Result<Product, PaywallTextError>] {
        let document: JSONNode
        do {
            document = try parse(data)
        } catch {
            return [.failure(error)]
        }
        guard case .array(let elements) = document else {
            return [Result { () throws(PaywallTextError) in try ProductReader.product(JSONField(document)) }]
        }
        guard elements.count <= Limits.maximumBatchCount else {
            return [.failure(PaywallTextError(.invalidValue, message:
                "the array holds \(elements.count) products; at most \(Limits.maximumBatchCount) are read at once"))]
        }
        // Paths inside one product are relative to that product, without its `[i]`.
        return elements.map { element in
            Result { () throws(PaywallTextError) in try ProductReader.product(JSONField(element)) }
        }
    }

    /// Reads JSON into the tree every reader works from (``JSONNode``), checking its size,
    /// syntax and nesting against ``Limits``.
    ///
    /// - Throws: ``PaywallTextError`` of kind ``PaywallTextError/Kind/malformedJSON`` with the
    ///   line and column of a syntax error, or for input beyond the limits.
    public static func parse(_ data: Data) throws(PaywallTextError) -> JSONNode {
        guard data.count <= Limits.maximumInputBytes else {
            throw PaywallTextError(.malformedJSON, message:
                "the input is \(data.count) bytes; at most \(Limits.maximumInputBytes) are read")
        }
        return try data.withUnsafeBytes { bytes in
            Result { () throws(PaywallTextError) in try JSONParser.parse(bytes, maximumDepth: Limits.maximumNesting) }
        }.get()
    }
}
