/// A unit of a subscription period, as StoreKit names them.
public enum PeriodUnit: String, Sendable, Hashable, CaseIterable, Codable {
    /// A day.
    case day
    /// A week.
    case week
    /// A month.
    case month
    /// A year.
    case year

    /// Decodes `"day"`, `"week"`, `"month"` or `"year"`, or StoreKit 1's raw value
    /// (`SKProduct.PeriodUnit`: 0 day, 1 week, 2 month, 3 year); anything else is a
    /// ``PaywallTextError`` naming the field and the value.
    public init(from decoder: any Decoder) throws {
        self = try JSONField(JSONNode(from: decoder)).name(
            of: PeriodUnit.self, naming: "unit", rawValues: StoreKitRawValues.periodUnits)
    }
}

/// A length of time: a number of days, weeks, months or years
/// (StoreKit's `SKProductSubscriptionPeriod`).
public struct SubscriptionPeriod: Sendable, Hashable, Codable {
    /// The unit.
    public var unit: PeriodUnit
    /// How many units; at least 1.
    public var numberOfUnits: Int

    /// Creates a period of `numberOfUnits` units.
    public init(unit: PeriodUnit, numberOfUnits: Int) {
        self.unit = unit
        self.numberOfUnits = numberOfUnits
    }

    /// `count` days.
    public static func days(_ count: Int) -> SubscriptionPeriod { .init(unit: .day, numberOfUnits: count) }
    /// `count` weeks.
    public static func weeks(_ count: Int) -> SubscriptionPeriod { .init(unit: .week, numberOfUnits: count) }
    /// `count` months.
    public static func months(_ count: Int) -> SubscriptionPeriod { .init(unit: .month, numberOfUnits: count) }
    /// `count` years.
    public static func years(_ count: Int) -> SubscriptionPeriod { .init(unit: .year, numberOfUnits: count) }

    /// Decodes `{"unit": "month", "numberOfUnits": 1}` with the same reader as ``ProductDecoder``.
    public init(from decoder: any Decoder) throws {
        self = try ProductReader.period(JSONField(JSONNode(from: decoder)))
    }
}
