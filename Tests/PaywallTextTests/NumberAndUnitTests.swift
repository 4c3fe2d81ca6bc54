import Foundation
@testable import PaywallText
import Testing

/// A number and the word it counts are one unit on screen. French, in France and in Quebec,
/// joins them with a no-break space (`3 mois`, `12 paiements`), so that a line never breaks
/// between them; Japanese writes the number against its counter (`1か月`). ICU's own unit text
/// has an ordinary space in Quebec French (`3 mois`) and in Japanese (`1 か月`): the catalogs'
/// `period` messages write ICU's words without it, and their sentences count with `#` and a
/// no-break space.
@Suite("A number stays with its unit")
struct NumberAndUnitTests {
    /// Counts that the renderer shows in their own unit (21 days would be shown as 3 weeks).
    static let counts = [1, 2, 3, 5, 11, 22, 100, 101]

    /// The catalog's period is ICU's text with the space between number and unit joined: the
    /// same words, never an ordinary space.
    @Test(arguments: ["fr-FR", "fr-CA", "ja-JP"])
    func periodsKeepICUsWordsWithoutABreak(_ locale: String) throws {
        let icu = try LocaleData.named(locale)
        for unit in PeriodUnit.allCases {
            for count in Self.counts {
                let period = SubscriptionPeriod(unit: unit, numberOfUnits: count)
                let text = try #require(try render(product("1", period: period), locale).period)
                let icuText = try icu.periodText(period, path: "period")
                #expect(!text.contains(" "), "\(locale), \(count) \(unit): \(text)")
                if locale.hasPrefix("ja") {
                    #expect(text == icuText.replacingOccurrences(of: " ", with: ""), "\(count) \(unit): \(text), ICU \(icuText)")
                    #expect(text.hasPrefix(String(count)) && !text.hasPrefix("\(count)\u{00A0}"), "\(count) \(unit): \(text)")
                } else {
                    #expect(text.hasPrefix("\(count)\u{00A0}"), "\(locale), \(count) \(unit): \(text)")
                    #expect(Self.joined(text) == Self.joined(icuText), "\(locale), \(count) \(unit): \(text), ICU \(icuText)")
                }
            }
        }
    }

    /// No visible French text of a product, an offer or a commitment puts an ordinary space
    /// after a number before a word (dates aside: ICU's date is not rendered here).
    @Test(arguments: ["fr-FR", "fr-CA"])
    func frenchSentencesNeverBreakAfterANumber(_ locale: String) throws {
        let offers: [Discount] = [
            Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(2)),
            Discount(paymentMode: .payAsYouGo, price: decimal("1.99"), subscriptionPeriod: .months(1), numberOfPeriods: 3),
            Discount(paymentMode: .payUpFront, price: decimal("4.99"), subscriptionPeriod: .months(6)),
        ]
        var products = offers.map { product("9.99", period: .months(3), intro: $0) }
        for payments in [2, 12, 21] {
            products.append(product("4.99", "EUR", period: .months(2)).with {
                $0.billingPlan = .commitment(Commitment(numberOfPayments: payments, renewal: .newCommitment(numberOfPayments: payments)))
            })
        }
        let breakAfterNumber = try Regex(#"\d \p{L}"#)
        for item in products {
            let text = try render(item, locale)
            var visible = [text.period, text.recurringPrice, text.recurringPriceShort, text.planName, text.terms,
                           text.billingPlan?.duration, text.billingPlan?.headline, text.billingPlan?.summary].compactMap { $0 }
            for offer in text.offers {
                visible += [offer.period, offer.duration, offer.headline, offer.summary, offer.terms]
            }
            #expect(!visible.isEmpty)
            for line in visible {
                #expect(line.firstMatch(of: breakAfterNumber) == nil, "\(locale): \(line)")
            }
        }
    }

    /// The text with every no-break space (U+00A0, U+202F) read as an ordinary space.
    static func joined(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{00A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
    }
}
