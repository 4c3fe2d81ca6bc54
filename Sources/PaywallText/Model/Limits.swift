#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The bounds the library accepts; values beyond them are input errors that name
/// the field or the input, never a crash or an unbounded allocation.
public enum Limits {
    /// The largest price accepted, in any currency (exclusive): 10¹².
    public static let maximumPrice = Decimal(string: "1000000000000")!
    /// The most characters in a price, as a JSON string or a JSON number.
    public static let maximumPriceCharacters = 32
    /// The largest `numberOfUnits` of a period.
    public static let maximumUnits = 1000
    /// The largest `numberOfPeriods` of an offer.
    public static let maximumPeriods = 1000
    /// The most phases of one offer.
    public static let maximumPhases = 3
    /// The longest `productIdentifier`, offer `identifier` or `priceLocale`, in characters.
    public static let maximumIdentifierLength = 256
    /// The largest JSON input ``ProductDecoder`` reads: 16 MiB.
    public static let maximumInputBytes = 16 << 20
    /// The most products in one JSON array.
    public static let maximumBatchCount = 10_000
    /// The deepest nesting of arrays and objects in JSON input (a product needs 5).
    public static let maximumNesting = 32
    /// The longest line `paywall-text render --lines` reads: 1 MiB.
    public static let maximumLineBytes = 1 << 20
}
