#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The instant the output depends on (PRODUCT §12a): which App Store Connect price is in
/// force. There is no hidden clock: a caller gives it (`--as-of`, `asOf`), or the current
/// time is used and echoed beside the output, so that the same document and the same instant
/// always give the same text.
public struct AsOf: Sendable, Hashable, CustomStringConvertible {
    /// The instant.
    public let date: Date

    /// An instant.
    public init(_ date: Date) {
        self.date = date
    }

    /// The current time.
    public static var now: AsOf { AsOf(Date()) }

    /// Reads ISO 8601 as the command line and the server take it: a date and time with its
    /// offset (`2026-01-31T10:00:00+01:00`, `2026-01-31T09:00:00Z`, seconds and fractions
    /// optional), a date (`2026-01-31`), which is the start of that day in UTC, or `now`, the
    /// current time (said by the caller, so never a hidden clock).
    ///
    /// - Throws: ``PaywallTextError`` at path `asOf` naming the text.
    public init(parsing text: String) throws(PaywallTextError) {
        try self.init(parsing: text, timeZone: .utc)
    }

    /// Reads ISO 8601 as ``init(parsing:)`` does, with a date alone (`2026-01-31`) taken as
    /// the start of that day in `timeZone` (its first moment, where a clock change skips
    /// midnight).
    ///
    /// - Throws: ``PaywallTextError`` at path `asOf` naming the text.
    public init(parsing text: String, timeZone: TimeZoneName) throws(PaywallTextError) {
        if text == "now" {
            self = .now
            return
        }
        guard let seconds = AsOf.secondsSince1970(text) else {
            throw PaywallTextError(.invalidValue, path: "asOf", message:
                "must be an ISO 8601 date (2026-01-31) or date and time with its offset (2026-01-31T10:00:00+01:00, …Z), or now, got \(quoted(text))")
        }
        guard text.utf8.count == 10, timeZone != .utc else {
            date = Date(timeIntervalSince1970: seconds)
            return
        }
        // A date alone: its day's first instant in the zone, by ICU's calendar and zone data.
        let day = AsOf.civilDay(daysSince1970: Int64((seconds / 86_400).rounded(.down)))
        do {
            let calendar = try ICU.GregorianCalendar(zone: timeZone.identifier)
            date = Date(timeIntervalSince1970: try calendar.startOfDay(year: day.year, month: day.month, day: day.day) / 1000)
        } catch {
            throw PaywallTextError(.invalidValue, path: "asOf", message: "\(quoted(text)) in \(timeZone): \(error)")
        }
    }

    /// The instant in UTC, to the second: `2026-01-31T09:00:00Z`.
    public var description: String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let (days, time) = (seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400, ((seconds % 86_400) + 86_400) % 86_400)
        return "\(AsOf.civilDate(daysSince1970: days))T\(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60))Z"
    }

    /// The calendar day in UTC, as App Store Connect writes its dates: `2026-01-31`.
    var utcDay: String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        return AsOf.civilDate(daysSince1970: seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
    }

    // MARK: - ISO 8601's syntax (no locale is involved)

    private static func secondsSince1970(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 10, bytes.count <= 40 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count, bytes[range].allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
            return bytes[range].reduce(0) { $0 * 10 + Int($1 - 48) }
        }
        guard let year = number(0..<4), bytes[4] == UInt8(ascii: "-"), let month = number(5..<7), bytes[7] == UInt8(ascii: "-"),
              let day = number(8..<10), (1...12).contains(month), (1...daysIn(month, year)).contains(day)
        else { return nil }
        let days = Double(daysSince1970(year: year, month: month, day: day))
        if bytes.count == 10 { return days * 86_400 }
        guard bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"), let hour = number(11..<13), bytes.count > 16,
              bytes[13] == UInt8(ascii: ":"), let minute = number(14..<16), hour < 24, minute < 60
        else { return nil }
        var index = 16
        var second = 0.0
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            guard let whole = number(17..<19), whole < 60 else { return nil }
            second = Double(whole)
            index = 19
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                var scale = 0.1
                index += 1
                let start = index
                while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                    second += Double(bytes[index] - 48) * scale
                    scale /= 10
                    index += 1
                }
                guard index > start else { return nil }
            }
        }
        var offset = 0
        guard index < bytes.count else { return nil }  // an instant needs its offset
        if bytes[index] == UInt8(ascii: "Z") || bytes[index] == UInt8(ascii: "z") {
            guard index + 1 == bytes.count else { return nil }
        } else {
            guard bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"), index + 6 == bytes.count,
                  let hours = number((index + 1)..<(index + 3)), bytes[index + 3] == UInt8(ascii: ":"),
                  let minutes = number((index + 4)..<(index + 6)), hours < 24, minutes < 60
            else { return nil }
            offset = (hours * 60 + minutes) * 60 * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
        }
        return days * 86_400 + Double(hour * 3600 + minute * 60 - offset) + second
    }

    private static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01, `YYYY-MM-DD` (Howard Hinnant's `civil_from_days`).
    private static func civilDate(daysSinceEpoch days: Int64) -> String {
        let day = civilDay(daysSince1970: days)
        return "\(day.year)-\(two(day.month))-\(two(day.day))"
    }

    /// The year, month and day `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
    private static func civilDay(daysSince1970 days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }

    private static func civilDate(daysSince1970 days: Int64) -> String {
        civilDate(daysSinceEpoch: days)
    }
}

private func two<Number: BinaryInteger>(_ value: Number) -> String {
    value < 10 ? "0\(value)" : "\(value)"
}
