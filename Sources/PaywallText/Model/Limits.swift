public import FoundationEssentials

/// The bounds the library accepts; values beyond them are input errors.
public enum Limits {
    /// The largest price accepted, in any currency (exclusive): 10¹².
    public static let maximumPrice = Decimal(string: "1000000000000")!
    /// The largest `numberOfUnits` of a period.
    public static let maximumUnits = 1000
    /// The largest `numberOfPeriods` of an offer.
    public static let maximumPeriods = 1000
}
