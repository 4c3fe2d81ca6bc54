/// A calendar day as results give it: the Gregorian date in ISO 8601 and its text for the
/// locale, in the locale's own calendar.
///
/// `{"iso": "2026-02-28", "text": "February 28, 2026"}`; in th-TH `28 กุมภาพันธ์ 2569`
/// (Buddhist era); in ar-SA the Gregorian date, as CLDR 46 and the stores have it
/// (`ar-SA-u-ca-islamic-umalqura` for the Umm al-Qura date of the same day).
public struct RenderedDate: Sendable, Hashable {
    /// The Gregorian date in the time zone, `YYYY-MM-DD`: what the stores bill by.
    public var iso: String
    /// The day as the locale writes it: CLDR's pattern for the skeleton `yMMMMd` in the
    /// locale's calendar (`February 28, 2026`, `28. Februar 2026`, `2026年2月28日`).
    public var text: String

    /// Creates a date.
    public init(iso: String, text: String) {
        self.iso = iso
        self.text = text
    }
}

/// The days that matter for a product, counted from ``RenderOptions/asOf`` in
/// ``RenderOptions/timeZone``.
public struct ProductDates: Sendable, Hashable {
    /// The first payment of anything: the start, or, when the introductory offer begins with
    /// a free phase, the day that phase ends.
    public var firstChargeOn: RenderedDate
    /// The first renewal at the regular price: the day the introductory offer ends, or, for a
    /// product without one, one billing period after the first charge (promotional, win-back
    /// and offer-code offers, for existing subscribers, do not move it).
    public var renewsOn: RenderedDate

    /// Creates a product's dates.
    public init(firstChargeOn: RenderedDate, renewsOn: RenderedDate) {
        self.firstChargeOn = firstChargeOn
        self.renewsOn = renewsOn
    }
}

/// The days that matter for an offer, counted from ``RenderOptions/asOf`` in
/// ``RenderOptions/timeZone``.
public struct OfferDates: Sendable, Hashable {
    /// The day the offer's last phase ends and the regular price begins: three months after
    /// the start for 3 × 1 month.
    public var endsOn: RenderedDate

    /// Creates an offer's dates.
    public init(endsOn: RenderedDate) {
        self.endsOn = endsOn
    }
}
