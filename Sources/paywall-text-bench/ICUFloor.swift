import Foundation
import ICUBridge
import PaywallText
import PaywallTextSupport

/// The floor: only the ICU calls the scenario's strings need (currency and unit
/// formatting, MessageFormat with the same catalog patterns, which select plural
/// forms inside ICU), on formatters opened once, with no model, validation or
/// catalog lookup.
final class ICUFloor {
    private let price: OpaquePointer
    private let percent: OpaquePointer
    private let caser: OpaquePointer
    private let units: [PeriodUnit: OpaquePointer]
    private let messages: [String: OpaquePointer]
    private var buffer = [CChar](repeating: 0, count: 4096)

    init(locale: String) throws {
        let icuID = try PaywallRenderer.canonicalLocale(locale).replacingOccurrences(of: "-", with: "_")
        var status: Int32 = 0
        price = icub_number_formatter_open("currency/USD precision-currency-standard/w", icuID, &status)!
        percent = icub_number_formatter_open("percent precision-integer", icuID, &status)!
        caser = icub_sentence_caser_open(icuID, &status)!
        var units: [PeriodUnit: OpaquePointer] = [:]
        for unit in PeriodUnit.allCases {
            units[unit] = icub_number_formatter_open("measure-unit/duration-\(unit.rawValue) unit-width-full-name", icuID, &status)!
        }
        self.units = units
        let catalog = try BenchSupport.catalogPatterns(for: locale)
        var messages: [String: OpaquePointer] = [:]
        for (key, pattern) in catalog {
            var offset: Int32 = 0
            let names = BenchSupport.argumentOrder(of: key)
            messages[key] = withCStrings(names) { pointers in
                icub_message_format_open(pattern, icuID, pointers, Int32(names.count), &offset, &status)!
            }
        }
        self.messages = messages
    }

    private func text(_ body: (UnsafeMutablePointer<CChar>, Int32, inout Int32) -> Int32) -> String {
        buffer.withUnsafeMutableBufferPointer { chars in
            var status: Int32 = 0
            let length = Int(body(chars.baseAddress!, Int32(chars.count), &status))
            return String(decoding: UnsafeRawBufferPointer(start: chars.baseAddress!, count: length), as: UTF8.self)
        }
    }

    private func capitalized(_ sentence: String) -> String {
        text { buffer, capacity, status in
            icub_sentence_caser_apply(caser, sentence, Int32(sentence.utf8.count), buffer, capacity, &status)
        }
    }

    /// Per unit: the price, its `/unit` message and (but for the billing unit) its `billed` message.
    private func perUnit(_ amounts: [String], billed: String, period: String) -> [String] {
        var texts: [String] = []
        for (unit, amount) in zip(PeriodUnit.allCases, amounts) {
            let text = number(price, amount)
            let recurring = message("recurringPrice", [("price", .text(text)), ("period", .text(number(units[unit]!, "1"))), ("count", .integer(1)), ("unit", .text(unit.rawValue))])
            texts += [text, recurring]
            if unit != .month {
                texts.append(message("billedPrice", [("unitPrice", .text(recurring)), ("price", .text(billed)), ("period", .text(period)), ("count", .integer(1)), ("unit", .text("month"))]))
            }
        }
        return texts
    }

    private func number(_ formatter: OpaquePointer, _ decimal: String) -> String {
        text { buffer, capacity, status in
            icub_number_formatter_format_decimal(formatter, decimal, Int32(decimal.utf8.count), 0, buffer, capacity, &status)
        }
    }

    enum Value {
        case text(String)
        case integer(Int)
    }

    /// One MessageFormat call, its arguments given by name and passed in the message's fixed
    /// order; an argument not given (an amount's first word, which only some catalogs select
    /// on) is an empty text.
    private func message(_ key: String, _ named: [(String, Value)]) -> String {
        var text: [UInt8] = []
        var offsets: [Int32] = [0]
        var integers: [Int64] = []
        var flags: [UInt8] = []
        for name in BenchSupport.argumentOrder(of: key) {
            switch named.first(where: { $0.0 == name })?.1 ?? .text("") {
            case .text(let string):
                text.append(contentsOf: string.utf8)
                integers.append(0)
                flags.append(0)
            case .integer(let number):
                integers.append(Int64(number))
                flags.append(1)
            }
            offsets.append(Int32(text.count))
        }
        text.append(0)
        integers.append(0)
        flags.append(0)
        let format = messages[key]!
        return text.withUnsafeBufferPointer { text in
            self.text { buffer, capacity, status in
                icub_message_format_format(format, UnsafeRawPointer(text.baseAddress!).assumingMemoryBound(to: CChar.self),
                                           offsets, integers, flags, buffer, capacity, &status)
            }
        }
    }

    func render(_ input: ScenarioInput) -> Int {
        let regular = number(price, input.price)
        let period = number(units[.month]!, "1")
        let recurring = message("recurringPrice", [("price", .text(regular)), ("period", .text(period)), ("count", .integer(1)), ("unit", .text("month"))])
        let free = message("price.free", [])
        let trialUnit: PeriodUnit = input.trialDays % 7 == 0 ? .week : .day
        let trialCount = input.trialDays % 7 == 0 ? input.trialDays / 7 : input.trialDays
        let trial = number(units[trialUnit]!, String(trialCount))
        let trialDuration = number(units[trialUnit]!, String(trialCount))
        let trialValues: [(String, Value)] = [("price", .text(free)), ("period", .text(trial)), ("periods", .integer(1)), ("duration", .text(trialDuration)),
                                             ("count", .integer(trialCount)), ("unit", .text(trialUnit.rawValue)), ("regularPrice", .text(regular)),
                                             ("recurringPrice", .text(recurring))]
        let trialHeadline = message("freeTrial.headline", trialValues)
        let trialSummary = message("freeTrial.summary", trialValues)

        let offer = number(price, input.offerPrice)
        let offerPeriod = number(units[.month]!, "1")
        let offerDuration = number(units[.month]!, String(input.offerMonths))
        let offerRecurring = message("recurringPrice", [("price", .text(offer)), ("period", .text(offerPeriod)), ("count", .integer(1)), ("unit", .text("month"))])
        let offerValues: [(String, Value)] = [("price", .text(offer)), ("period", .text(offerPeriod)), ("periods", .integer(input.offerMonths)),
                                             ("duration", .text(offerDuration)), ("count", .integer(input.offerMonths)), ("unit", .text("month")),
                                             ("regularPrice", .text(regular)), ("recurringPrice", .text(recurring)), ("recurringOfferPrice", .text(offerRecurring))]
        let offerHeadline = message("payAsYouGo.headline", offerValues)
        let offerSummary = message("payAsYouGo.summary", offerValues)
        let termsValues: [(String, Value)] = [("recurringPrice", .text(recurring)), ("price", .text(regular)), ("period", .text(period)),
                                             ("count", .integer(1)), ("unit", .text("month"))]
        let percentText = number(percent, String(input.discountPercent))
        let pieces = [regular, period, recurring, free, trial, trialDuration, trialHeadline, trialSummary,
                      offer, offerPeriod, offerDuration, offerHeadline, offerSummary,
                      message("terms.renewal", termsValues), message("terms.afterFreeTrial", termsValues),
                      message("terms.afterOffer", termsValues),
                      percentText, message("discount.headline", [("percent", .text(percentText))]),
                      capitalized(message("phase.freeTrial", trialValues)), capitalized(message("phase.payAsYouGo", offerValues))]
            + perUnit(input.unitAmounts, billed: regular, period: period)
            + perUnit(input.offerUnitAmounts, billed: offer, period: offerPeriod)
        return pieces.reduce(0) { $0 &+ $1.utf8.count }
    }
}

/// Calls `body` with the strings as an array of NUL-terminated C strings that lives for the
/// call, as the bridge takes a message's argument names.
private func withCStrings<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
    // One element at least, so that the buffer has a base address.
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.isEmpty ? [nil] : strings.map { strdup($0) }
    defer { pointers.forEach { free($0) } }
    return pointers.withUnsafeMutableBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { body($0) }
    }
}
