/// An IANA time zone, checked once: the zone in which dates are counted and written
/// (``RenderOptions/timeZone``).
///
/// ```swift
/// var options = RenderOptions()
/// options.asOf = try AsOf(parsing: "2026-01-31T10:00:00+01:00")
/// options.timeZone = try TimeZoneName("Europe/Berlin")
/// ```
public struct TimeZoneName: Sendable, Hashable, CustomStringConvertible {
    /// The zone as given: `Europe/Berlin`, `UTC`, `US/Pacific`.
    public let identifier: String

    /// Checks an IANA time zone name against ICU's time zone data.
    ///
    /// - Throws: ``PaywallTextError`` at path `timeZone`, naming the value, for a name that is
    ///   none of the IANA database's zones or links in ICU's data: a typo, or an offset written
    ///   as `GMT+01:00` (the database's `Etc/GMT-1` is a zone).
    public init(_ identifier: String) throws(PaywallTextError) {
        guard !identifier.isEmpty, identifier.utf8.count <= 64, ICU.TimeZone.canonicalID(identifier) != nil else {
            throw PaywallTextError(.invalidValue, path: "timeZone", message:
                "unknown time zone \(quoted(identifier)); expected an IANA time zone name such as Europe/Berlin, America/New_York or UTC")
        }
        self.identifier = identifier
    }

    private init(known identifier: String) {
        self.identifier = identifier
    }

    /// Coordinated Universal Time, the default.
    public static let utc = TimeZoneName(known: "UTC")

    /// ``identifier``.
    public var description: String { identifier }

    /// The version of the time zone data in ICU (`2022e`): the rules that place every
    /// clock change, and so the days dates fall on near one.
    public static var dataVersion: String { ICU.TimeZone.dataVersion }
}
