#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An exact rational amount, for paywall arithmetic that must not round on the way:
/// prices per unit of time, savings and discounts.
///
/// Prices are below 10¹² with at most three decimals, and the conversion factors are
/// small (365, 84, 12, a count up to 1,000), so numerators and denominators stay far
/// inside `Int128`. Arithmetic does not reduce its results to lowest terms (a division
/// per step would cost more than the rest of the work); should a product ever overflow,
/// the operands are reduced and the product taken again.
struct ExactAmount: Sendable, Comparable {
    /// Numerator and denominator; the denominator is positive.
    let numerator: Int128
    let denominator: Int128

    /// A fraction in lowest terms.
    init(_ numerator: Int128, _ denominator: Int128 = 1) {
        precondition(denominator != 0, "an exact amount needs a nonzero denominator")
        let sign: Int128 = denominator < 0 ? -1 : 1
        let divisor = ExactAmount.gcd(numerator.magnitude, denominator.magnitude)
        self.numerator = sign * numerator / Int128(divisor)
        self.denominator = sign * denominator / Int128(divisor)
    }

    /// A fraction as it is, with a positive denominator.
    private init(unreduced numerator: Int128, _ denominator: Int128) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// The same value in lowest terms.
    var reduced: ExactAmount { ExactAmount(numerator, denominator) }

    /// `a × b` and `c × d` as the numerator and denominator of a result, reducing the
    /// operands first if a product overflows.
    private static func product(_ a: Int128, _ b: Int128, over c: Int128, _ d: Int128) -> ExactAmount {
        let (numerator, overflowN) = a.multipliedReportingOverflow(by: b)
        let (denominator, overflowD) = c.multipliedReportingOverflow(by: d)
        if !overflowN, !overflowD, denominator != 0 {
            return denominator > 0 ? ExactAmount(unreduced: numerator, denominator) : ExactAmount(unreduced: -numerator, -denominator)
        }
        let left = ExactAmount(a, c), right = ExactAmount(b, d)
        return ExactAmount(left.numerator * right.numerator, left.denominator * right.denominator)
    }

    /// An ASCII decimal (`53.99`, `-0.5`, `1200`), as validation hands prices on; `nil` for
    /// anything else.
    init?(decimal text: String) {
        guard let parsed = ExactAmount.parse(decimal: text) else { return nil }
        self = parsed.amount
    }

    /// An ASCII decimal and how many digits follow its point, not counting trailing zeros
    /// (`9.90` → 1): one pass over the bytes.
    static func parse(decimal text: String) -> (amount: ExactAmount, fractionDigits: Int)? {
        // The bytes where the string keeps them, as a native string does.
        text.utf8.withContiguousStorageIfAvailable(parse(bytes:)) ?? parse(bytes: Array(text.utf8))
    }

    private static func parse(bytes: some Collection<UInt8>) -> (amount: ExactAmount, fractionDigits: Int)? {
        var integer: Int128 = 0
        var digits = 0, fraction = 0, significantFraction = 0
        var negative = false, point = false, wholeDigits = 0
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "-") where index == 0:
                negative = true
            case UInt8(ascii: "."):
                guard !point, wholeDigits > 0 else { return nil }
                point = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                // Decimal holds at most 38 digits, and Int128 all of them.
                digits += 1
                guard digits <= 38 else { return nil }
                integer = integer * 10 + Int128(byte - UInt8(ascii: "0"))
                if point {
                    fraction += 1
                    if byte != UInt8(ascii: "0") { significantFraction = fraction }
                } else {
                    wholeDigits += 1
                }
            default:
                return nil
            }
        }
        guard wholeDigits > 0, !point || fraction > 0 else { return nil }
        var scale: Int128 = 1
        for _ in 0..<fraction { scale *= 10 }
        return (ExactAmount(negative ? -integer : integer, scale), significantFraction)
    }

    static let zero = ExactAmount(0)

    static func + (left: ExactAmount, right: ExactAmount) -> ExactAmount {
        let (left, right) = (left.reduced, right.reduced)
        return ExactAmount(left.numerator * right.denominator + right.numerator * left.denominator, left.denominator * right.denominator)
    }

    static func - (left: ExactAmount, right: ExactAmount) -> ExactAmount {
        left + ExactAmount(unreduced: -right.numerator, right.denominator)
    }

    static func * (left: ExactAmount, right: ExactAmount) -> ExactAmount {
        product(left.numerator, right.numerator, over: left.denominator, right.denominator)
    }

    static func / (left: ExactAmount, right: ExactAmount) -> ExactAmount {
        product(left.numerator, right.denominator, over: left.denominator, right.numerator)
    }

    static func < (left: ExactAmount, right: ExactAmount) -> Bool {
        let (a, overflowA) = left.numerator.multipliedReportingOverflow(by: right.denominator)
        let (b, overflowB) = right.numerator.multipliedReportingOverflow(by: left.denominator)
        if !overflowA, !overflowB { return a < b }
        // Beyond Int128 even in lowest terms (a price of 38 digits, 27 of them decimals, against
        // 10¹²): the products compared at their full width, which cannot overflow.
        let wideA = left.numerator.multipliedFullWidth(by: right.denominator)
        let wideB = right.numerator.multipliedFullWidth(by: left.denominator)
        return wideA.high < wideB.high || (wideA.high == wideB.high && wideA.low < wideB.low)
    }

    static func == (left: ExactAmount, right: ExactAmount) -> Bool {
        !(left < right) && !(right < left)
    }

    /// The largest integer not above the amount.
    var floor: Int128 {
        let quotient = numerator / denominator
        return numerator % denominator != 0 && numerator < 0 ? quotient - 1 : quotient
    }

    /// The amount in units of 10^-`digits` (cents for 2), rounded as asked.
    func scaled(toDigits digits: Int, rounding: UnitPriceRounding) -> Int128 {
        var scale: Int128 = 1
        for _ in 0..<digits { scale *= 10 }
        let value = self * ExactAmount(unreduced: scale, 1)
        switch rounding {
        case .towardZero:
            return value.numerator / value.denominator
        case .halfEven:
            let low = value.floor
            // Twice the remainder against the denominator: below it, round down; above, up; equal, to even.
            let twice = 2 * (value.numerator - low * value.denominator)
            if twice < value.denominator { return low }
            if twice > value.denominator { return low + 1 }
            return low % 2 == 0 ? low : low + 1
        }
    }

    /// ASCII decimal text with exactly `digits` decimals (`4.49`, `160.00`, `1200`), rounded as asked.
    func decimalText(digits: Int, rounding: UnitPriceRounding) -> String {
        let units = scaled(toDigits: digits, rounding: rounding)
        return ExactAmount.decimalText(units.magnitude, negative: units < 0, decimals: digits, zeros: 0)
    }

    /// A decimal's text as `Decimal.description` writes it (`9.99`, `9.990`, `1200`, `-0.5`,
    /// `0` for zero): the digits of its significand, with the point or the zeros its exponent
    /// places. Written here rather than by `description`, which takes about a microsecond, longer
    /// than the rest of checking a price.
    static func decimalText(of value: Decimal) -> String {
        guard !value.isNaN else { return "NaN" }
        guard !value.isZero else { return "0" }
        guard let significand = significand(of: value) else { return value.description }
        let exponent = value.exponent
        return decimalText(significand, negative: value.sign == .minus, decimals: max(0, -exponent), zeros: max(0, exponent))
    }

    /// A nonzero decimal's significand: the 128-bit integer that `Decimal` keeps in its last 16
    /// bytes, least significant first, as swift-foundation and NSDecimal both lay it out
    /// (Foundation has no public property for it); `nil` should a decimal ever be laid out
    /// otherwise, which a sample checks once.
    private static func significand(of value: Decimal) -> UInt128? {
        guard readsSignificands else { return nil }
        return significandBytes(of: value)
    }

    private static func significandBytes(of value: Decimal) -> UInt128 {
        withUnsafeBytes(of: value) { bytes in
            var significand: UInt128 = 0
            for index in (4..<20).reversed() { significand = significand << 8 | UInt128(bytes[index]) }
            return significand
        }
    }

    /// Whether decimals are laid out as ``significand(of:)`` reads them: 20 bytes, and the
    /// significand of a sample where it is looked for.
    private static let readsSignificands: Bool = {
        guard MemoryLayout<Decimal>.size == 20, let sample = Decimal(string: "-1234567890123456789012345678.9") else { return false }
        return significandBytes(of: sample) == 12_345_678_901_234_567_890_123_456_789 && sample.exponent == -1 && sample.sign == .minus
    }()

    /// `magnitude` × 10^-`decimals` as ASCII decimal text, with at least one digit before
    /// the point, after a `-` when `negative`, followed by `zeros` zeros.
    private static func decimalText(_ magnitude: UInt128, negative: Bool, decimals: Int, zeros: Int) -> String {
        // The digits, least significant first; a 128-bit value has at most 39.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { digits in
            var count = 0
            if magnitude <= UInt128(UInt64.max) {
                // Every price fits in 64 bits, whose digits are much quicker to find than 128 bits'.
                var rest = UInt64(magnitude)
                repeat {
                    digits[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                    count += 1
                } while rest > 0
            } else {
                var rest = magnitude
                repeat {
                    digits[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                    count += 1
                } while rest > 0
            }
            let whole = max(count - decimals, 1)
            let length = (negative ? 1 : 0) + whole + (decimals > 0 ? 1 + decimals : 0) + zeros
            return String(unsafeUninitializedCapacity: length) { text in
                var end = 0
                if negative {
                    text[end] = UInt8(ascii: "-")
                    end += 1
                }
                for position in 0..<(whole + decimals) {
                    if position == whole {
                        text[end] = UInt8(ascii: ".")
                        end += 1
                    }
                    let digit = whole + decimals - 1 - position
                    text[end] = digit < count ? digits[digit] : UInt8(ascii: "0")
                    end += 1
                }
                for _ in 0..<zeros {
                    text[end] = UInt8(ascii: "0")
                    end += 1
                }
                return end
            }
        }
    }

    private static func gcd(_ a: UInt128, _ b: UInt128) -> UInt128 {
        // In 64 bits when both fit, as every price's do: 128-bit division is a library call.
        if a <= UInt128(UInt64.max), b <= UInt128(UInt64.max) {
            var (a, b) = (UInt64(a), UInt64(b))
            while b != 0 { (a, b) = (b, a % b) }
            return a == 0 ? 1 : UInt128(a)
        }
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a == 0 ? 1 : a
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
