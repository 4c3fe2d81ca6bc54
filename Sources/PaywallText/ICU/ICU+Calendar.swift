import ICUBridge

extension ICU {
    /// A proleptic Gregorian calendar in an IANA time zone: calendar arithmetic as the stores
    /// bill (one month after January 31 is the last day of February; three days after 23:30 is
    /// 23:30 three days later, across a clock change) and the Gregorian day of an instant.
    ///
    /// Not `Sendable`: ICU's calendar holds the instant it last computed, so each render
    /// context keeps its own (see ``RenderContext``).
    final class GregorianCalendar {
        private let handle: OpaquePointer
        /// The zone as given.
        let zone: String

        /// A calendar field that a duration adds.
        enum Field {
            /// Calendar days (a week is 7).
            case days
            /// Calendar months (a year is 12).
            case months

            var code: Int32 {
                switch self {
                case .days: Int32(ICUB_CALENDAR_DAYS)
                case .months: Int32(ICUB_CALENDAR_MONTHS)
                }
            }
        }

        /// - Throws: A failure with `U_ILLEGAL_ARGUMENT_ERROR` for a zone ICU does not know.
        init(zone: String) throws(Failure) {
            var status: Int32 = 0
            guard let handle = icub_calendar_open(zone, &status), status <= 0 else {
                throw Failure(status: status > 0 ? status : 1, operation: "opening a Gregorian calendar in \(zone)")
            }
            self.handle = handle
            self.zone = zone
        }

        deinit {
            icub_calendar_close(handle)
        }

        /// The instant (milliseconds since 1970) after adding each amount of its field to
        /// `start`, in order, in the zone's wall time, with its Gregorian day in the zone.
        func adding(_ amounts: [(field: Field, amount: Int32)], to start: Double) throws(Failure) -> (instant: Double, day: Day) {
            var status: Int32 = 0
            var end = 0.0
            var year: Int32 = 0, month: Int32 = 0, day: Int32 = 0
            let fields = amounts.map(\.field.code), values = amounts.map(\.amount)
            fields.withUnsafeBufferPointer { fields in
                values.withUnsafeBufferPointer { values in
                    icub_calendar_add(handle, start, fields.baseAddress, values.baseAddress, Int32(fields.count), &end,
                                      &year, &month, &day, &status)
                }
            }
            if status > 0 { throw Failure(status: status, operation: "adding calendar fields in \(zone)") }
            return (end, Day(year: Int(year), month: Int(month), day: Int(day)))
        }

        /// A Gregorian day: year (0 is 1 BC), month 1–12, day of the month.
        struct Day: Hashable {
            let year: Int, month: Int, day: Int
        }

        /// The Gregorian day of an instant in the zone.
        func day(of instant: Double) throws(Failure) -> Day {
            var status: Int32 = 0
            var year: Int32 = 0, month: Int32 = 0, day: Int32 = 0
            icub_calendar_day(handle, instant, &year, &month, &day, &status)
            if status > 0 { throw Failure(status: status, operation: "reading the day in \(zone)") }
            return Day(year: Int(year), month: Int(month), day: Int(day))
        }

        /// The first instant of a Gregorian day in the zone.
        func startOfDay(year: Int, month: Int, day: Int) throws(Failure) -> Double {
            var status: Int32 = 0
            let instant = icub_calendar_start_of_day(handle, Int32(clamping: year), Int32(clamping: month), Int32(clamping: day), &status)
            if status > 0 { throw Failure(status: status, operation: "finding the start of a day in \(zone)") }
            return instant
        }
    }

    /// ICU's time zones: IDs and the version of their data.
    enum TimeZone {
        /// The canonical ID of an IANA time zone (`US/Pacific` → `America/Los_Angeles`),
        /// `nil` for one ICU does not know as a system zone.
        static func canonicalID(_ zone: String) -> String? {
            try? ICU.string("canonicalizing a time zone") { icub_time_zone_canonical_id(zone, $0, $1, &$2) }
        }

        /// The version of ICU's time zone data (`2022e`): the rules that place clock changes.
        static let dataVersion: String = (try? ICU.string("TimeZone::getTZDataVersion") { icub_time_zone_data_version($0, $1, &$2) }) ?? "unknown"
    }
}
