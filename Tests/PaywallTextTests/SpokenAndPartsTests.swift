import Foundation
@testable import PaywallText
@testable import PaywallTextJSON
@testable import PaywallTextSupport
import Testing

/// `RenderOptions.include` `.spoken` and `.parts`: what a screen reader says, and the runs of
/// every text field with their roles.
@Suite("Spoken forms and parts")
struct SpokenAndPartsTests {
    private let both = RenderOptions(include: [.spoken, .parts])
    private let partsOnly = RenderOptions(include: .parts)

    // MARK: - Parts

    /// The golden cases' products in one locale, as paywalls of one product and one batch with
    /// savings: every payment mode, several phases, prices per unit, savings, discounts.
    private func goldenResults(_ locale: String, options: RenderOptions) throws -> [RenderedProduct] {
        let renderer = PaywallRenderer(options: options)
        var products = GoldenCases.offers.map(\.product) + GoldenCases.severalPhases.map(GoldenCases.product(phased:))
        products += GoldenCases.unitPrices(localCurrency: nil).map { GoldenCases.product($0.0, $0.1, $0.2) }
        products.append(product("9.99", "USD", period: nil))
        var results = try products.map { try renderer.render($0, locale: locale) }
        for plans in GoldenCases.savings {
            results += try renderer.render(GoldenCases.paywall(plans).products, locale: locale).map { try $0.get() }
        }
        return results
    }

    /// Every text field of a result that the renderer writes, by its path within its object,
    /// from the one list of a result's fields (``ResultFieldVisitor``): so a field added to
    /// the list is checked for runs at once.
    private func textFields(of text: RenderedProduct) -> [(object: String, path: String, text: String, parts: FieldMap<[TextRun]>)] {
        var fields: [(String, String, String, FieldMap<[TextRun]>)] = []
        func add(_ object: String, _ parts: FieldMap<[TextRun]>, _ visit: (inout RendererTexts) -> Void) {
            var visitor = RendererTexts()
            visit(&visitor)
            for (path, value) in visitor.found { fields.append((object, path, value, parts)) }
        }
        add("product", text.parts) { text.visitFields(&$0) }
        for (index, offer) in text.offers.enumerated() {
            add("offers[\(index)]", offer.parts) { offer.visitFields(&$0) }
            for (number, phase) in offer.phases.enumerated() {
                add("offers[\(index)].phases[\(number)]", phase.parts) { phase.visitFields(&$0) }
            }
        }
        return fields
    }

    /// The text fields of one object (not of the offers and phases in it) that are the
    /// renderer's sentences and pieces: not identifiers, keywords, ASCII amounts, or a date's
    /// standalone text.
    private struct RendererTexts: ResultFieldVisitor {
        var prefix = ""
        var found: [(String, String)] = []
        static let notText: Set<String> = ["locale", "catalog", "lang", "dir", "productIdentifier", "currencyCode", "store", "type",
                                           "identifier", "paymentMode", "role", "renewal", "totalAmount", "iso"]

        mutating func text(_ key: String, _ value: String?) {
            let path = prefix + key
            guard let value, !Self.notText.contains(key), !path.hasPrefix("dates."), !path.hasPrefix("billingPlan.endsOn."),
                  !(path.hasPrefix("pricePer.") && key == "amount") else { return }
            found.append((path, value))
        }
        mutating func number(_ key: String, _ value: Int?) {}
        mutating func runs(_ key: String, _ value: [TextRun]) {}
        mutating func object(_ key: String, present: Bool, _ members: (inout Self) -> Void) {
            guard present, !["spoken", "parts", "fieldLanguages", "copy"].contains(key) else { return }
            let saved = prefix
            prefix += key + "."
            members(&self)
            prefix = saved
        }
        mutating func array(_ key: String, present: Bool, count: Int, _ element: (inout Self, Int) -> Void) {
            // Offers and phases are objects of their own, with their own maps.
            guard present, key == "disclosures" else { return }
            let saved = prefix
            for index in 0..<count {
                prefix = saved + "\(key)[\(index)]."
                element(&self, index)
            }
            prefix = saved
        }
    }

    /// In every catalog (parts need no message of their own) and in fallbacks: every text field
    /// has runs, its runs join to the field exactly, and the texts are the default render's.
    @Test(arguments: GoldenLocales.all.map(\.locale) + ["sw-KE", "ka-GE", "pt-AO", "de-CH"])
    func runsJoinToEveryFieldExactly(_ locale: String) throws {
        let plain = try goldenResults(locale, options: RenderOptions())
        let parted = try goldenResults(locale, options: partsOnly)
        for (expected, text) in zip(plain, parted) {
            var stripped = text
            stripped.language = nil
            stripped.parts = FieldMap()
            for index in stripped.offers.indices {
                stripped.offers[index].parts = FieldMap()
                for number in stripped.offers[index].phases.indices { stripped.offers[index].phases[number].parts = FieldMap() }
            }
            // Every text as without parts: the annotated render changes nothing the caller sees.
            #expect(stripped == expected)
            var counts: [String: Int] = [:]
            for field in textFields(of: text) {
                let runs = try #require(field.parts[field.path], "\(locale) \(field.object).\(field.path) has no parts")
                #expect(runs.map(\.text).joined() == field.text, "\(locale) \(field.object).\(field.path)")
                #expect(!runs.contains { $0.text.isEmpty })
                counts[field.object, default: 0] += 1
            }
            // No field beyond the text fields (identifiers, amounts, the locale have none).
            #expect(text.parts.count == counts["product"] ?? 0)
            #expect(text.spoken.isEmpty)
            #expect(text.language?.tag == text.catalog)
        }
    }

    /// With dates, a dated sentence's day is a run of its own (`date`), and the runs of every
    /// dated field and of the dated trial conversion still join to the text exactly.
    @Test(arguments: ["en-US", "de-DE", "ar-SA", "th-TH", "ja-JP"])
    func datesAreRunsOfTheirOwn(_ locale: String) throws {
        var options = try GoldenCases.datedOptions()
        options.include = [.parts, .disclosures]
        let offer = try #require(try render(GoldenCases.monthlyWithWeekTrial, locale, options: options).offers.first)
        for (field, text) in [("datedHeadline", offer.datedHeadline), ("datedSummary", offer.datedSummary)] {
            let text = try #require(text)
            let runs = try #require(offer.parts[field], "\(locale) \(field)")
            #expect(runs.map(\.text).joined() == text, "\(locale) \(field)")
            #expect(runs.filter { $0.role == .date }.count == 1, "\(locale) \(field): \(runs)")
        }
        let conversion = try #require(offer.disclosures?.first { $0.role == .trialConversion }?.text)
        #expect(conversion.unicodeScalars.allSatisfy { !(0xFDD0...0xFDEF).contains($0.value) },
                "\(locale): a disclosure holds no mark of the annotated render")
    }

    @Test func rolesByMeaning() throws {
        let trial = try render(GoldenCases.monthlyWithWeekTrial, "en-US", options: partsOnly)
        // Checked by hand against the catalog: "Free for {duration}, then {recurringPrice}", whose
        // recurringPrice is "{price}/month": the nested message flattens to its price and its words.
        #expect(trial.offers[0].parts["summary"] == [
            TextRun("Free for "), TextRun("1 week", role: .duration), TextRun(", then "),
            TextRun("$9.99", role: .regularPrice), TextRun("/month"),
        ])
        #expect(trial.parts["recurringPrice"] == [TextRun("$9.99", role: .regularPrice), TextRun("/month")])
        #expect(trial.parts["period"] == [TextRun("1 month", role: .period)])
        #expect(trial.offers[0].parts["price"] == [TextRun("Free", role: .offerPrice)])
        // "Monthly": the plan's name is the catalog's own words.
        #expect(trial.parts["planName"] == [TextRun("Monthly")])

        let payAsYouGo = try render(GoldenCases.offers[6].product, "en-US", options: partsOnly)
        #expect(payAsYouGo.offers[0].parts["headline"] == [
            TextRun("$1.99", role: .offerPrice), TextRun("/month for "), TextRun("3 months", role: .duration),
        ])
        #expect(payAsYouGo.offers[0].parts["discount.headline"] == [TextRun("80%", role: .percent), TextRun(" off")])
        // 53.99 a year: 4.49 a month (53.99 / 12 = 4.499…, toward zero), billed at the regular price.
        let annual = try render(product("53.99", period: .years(1)), "en-US", options: partsOnly)
        #expect(annual.parts["pricePer.month.billed"] == [
            TextRun("$4.49", role: .unitPrice), TextRun("/month, billed annually at "), TextRun("$53.99", role: .regularPrice),
        ])
        // `#` prints the count inside the message's own words: "Every # weeks" is literal text.
        let biweekly = try render(product("9.99", period: .weeks(2)), "en-US", options: partsOnly)
        #expect(biweekly.parts["planName"] == [TextRun("Every 2 weeks")])
        #expect(biweekly.parts["recurringPrice"] == [TextRun("$9.99", role: .regularPrice), TextRun(" every "), TextRun("2 weeks", role: .period)])
        #expect(biweekly.parts["recurringPriceShort"] == [TextRun("$9.99", role: .regularPrice), TextRun("/2 wks")])
    }

    @Test func savingsAmountIsAPricePerYear() throws {
        let results = PaywallRenderer(options: partsOnly).render(GoldenCases.paywall(GoldenCases.savings[0]).products, locale: "en-US")
        let annual = try results[1].get()
        // 6.99 × 12 − 53.99 = 29.89 saved in a year; 1 − 53.99 / 83.88 = 35.6 %, rounded down.
        #expect(annual.parts["savings.amountHeadline"] == [TextRun("Save "), TextRun("$29.89", role: .unitPrice), TextRun(" a year")])
        #expect(annual.parts["savings.headline"] == [TextRun("Save "), TextRun("35%", role: .percent)])
    }

    /// In a right-to-left sentence each piece is isolated; the isolate belongs to the piece's run.
    /// One that wraps a whole nested sentence (the recurring price in a summary: a price and
    /// words) stays in the literal text around it.
    @Test func isolatesBelongToTheRunTheyWrap() throws {
        let text = try render(GoldenCases.monthlyWithWeekTrial, "ar-SA", options: partsOnly)
        #expect(text.language == TextLanguage(tag: "ar", direction: .rightToLeft))
        let recurring = try #require(text.parts["recurringPrice"])
        #expect(recurring.map(\.role) == [.regularPrice, nil])
        #expect(recurring[0].text.unicodeScalars.first == "\u{2068}" && recurring[0].text.unicodeScalars.last == "\u{2069}")
        let summary = try #require(text.offers[0].parts["summary"])
        let price = try #require(summary.firstIndex { $0.role == .regularPrice })
        #expect(summary[price].text == recurring[0].text)
        // The summary's isolate around "{recurringPrice}" opens before the price's and closes after شهريًا.
        #expect(summary[price - 1].text.unicodeScalars.last == "\u{2068}")
        #expect(summary[price + 1].text.unicodeScalars.last == "\u{2069}")
    }

    @Test func partsNeedNoMessageOfTheirOwn() throws {
        // German has no spoken messages yet; its runs are there all the same.
        let text = try render(GoldenCases.monthlyWithWeekTrial, "de-DE", options: partsOnly)
        #expect(text.parts["recurringPrice"]?.first?.role == .regularPrice)
        #expect(text.language == TextLanguage(tag: "de", direction: .leftToRight))
    }

    // MARK: - Spoken

    /// Every spoken form of every catalog that has the spoken messages has no `/`: English now,
    /// the others as their translations arrive (at least the four English files are checked).
    @Test func noSpokenTextHasASlash() throws {
        var checked: [String] = []
        for (_, locale) in GoldenLocales.all where try Catalogs.builtIn.hasEveryMessage(startingWith: "spoken.", for: locale) {
            checked.append(locale)
            for text in try goldenResults(locale, options: both) {
                for field in text.annotatedFields {
                    guard let spoken = field.spoken else { continue }
                    #expect(!spoken.contains("/"), "\(locale) \(field.path): \(spoken)")
                }
            }
        }
        #expect(Set(["en-US", "en-GB", "en-AU", "en-CA"]).isSubset(of: Set(checked)))
    }

    /// A price is said with ICU's long currency name in the plural its amount takes, in the
    /// sentences' language: compared with ICU's own output for the amount, unless the catalog
    /// says the amount otherwise (then with ICU's number).
    @Test(arguments: GoldenLocales.all.map(\.locale) + ["ka-GE", "sw-KE"])
    func spokenPricesAreICUsLongCurrencyNames(_ locale: String) throws {
        guard try Catalogs.builtIn.hasEveryMessage(startingWith: "spoken.", for: locale) else { return }
        let display = try DisplayLocale(locale)
        let catalog = try Catalogs.builtIn.catalogName(for: locale)
        let sentence = CatalogLookup.sentenceLocale(display: display.identity.icuID, catalog: catalog)
        // A catalog may say amounts otherwise than ICU (``SpokenCase``): Slovenian's decimals,
        // German's adjectives in lower case; with ICU's number.
        let forms = AmountFormUse(try #require(Catalogs.builtIn.snapshot.catalogs[catalog]))
        for (amount, currency) in [("1", "USD"), ("2", "USD"), ("9.99", "USD"), ("24.99", "EUR"), ("1200", "JPY"),
                                   ("3.99", "KWD"), ("9.90", "PEN"), ("99", "SEK"), ("1", "SEK"), ("10", "GBP")] {
            // ICU 72's tr_TR data puts the symbol into long names (`$9,99 ABD doları`); such a
            // locale says prices as its language does (RenderContext.spokenCurrency).
            let saidBy = locale == "tr-TR" ? "tr" : sentence
            let icu = try ICU.NumberFormatter(skeleton: "currency/\(currency) unit-width-full-name precision-currency-standard/w",
                                             locale: saidBy).format(decimal: amount)
            let text = try render(product(amount, currency), locale, options: both)
            let expected = forms.nominative ? try #require(text.spoken["price"]) : icu
            #expect(text.spoken["price"] == expected, "\(locale) \(amount) \(currency)")
            // The number ICU writes, before the name (a space separates them where a catalog gives forms).
            let number = String(icu.prefix { $0 != " " })
            #expect(!forms.nominative || expected.hasPrefix(number + " "), "\(locale) \(amount) \(currency): \(expected)")
            // Every sentence that shows the price says it so, or in the case its words govern.
            for field in text.annotatedFields where field.runs?.contains(where: { $0.role == .regularPrice && $0.text.contains(text.price) }) ?? false {
                let said = field.spoken ?? ""
                #expect(said.contains(expected) || (!forms.cases.isEmpty && said.contains(number + " ")),
                        "\(locale) \(field.path): \(field.spoken ?? "(none)")")
            }
        }
    }

    /// ICU 72 formats long currency names wrongly in tr_TR (`KWD 3,99 Kuveyt dinarı0`): the
    /// spoken price is Turkish's own (checked by hand against ICU's `tr` output).
    @Test func turkishSpokenPricesHaveNoSymbol() throws {
        #expect(try render(product("3.99", "KWD"), "tr-TR", options: both).spoken["price"] == "3,990 Kuveyt dinarı")
        #expect(try render(product("9.99", "USD"), "tr-TR", options: both).spoken["price"] == "9,99 ABD doları")
        #expect(try render(product("9.99", "USD"), "tr-TR", options: both).spoken["recurringPrice"] == "aylık 9,99 ABD doları")
        #expect(try render(product("99", "SEK"), "sv-SE", options: both).spoken["price"] == "99 svenska kronor")
    }

    @Test func spokenFormsInEnglish() throws {
        // Checked by hand: ICU 72's English long names, singular for 1 only.
        #expect(try render(product("1", "USD"), "en-US", options: both).spoken["price"] == "1 US dollar")
        #expect(try render(product("9.99", "SEK"), "en-GB", options: both).spoken["price"] == "9.99 Swedish kronor")
        #expect(try render(product("9.90", "PEN", period: .months(3)), "en-US", options: both).spoken["recurringPrice"]
                == "9.90 Peruvian soles every 3 months")
        let trial = try render(GoldenCases.monthlyWithWeekTrial, "en-US", options: both)
        #expect(trial.spoken["recurringPrice"] == "9.99 US dollars per month")
        #expect(trial.spoken["recurringPriceShort"] == "9.99 US dollars per month")
        #expect(trial.offers[0].spoken["summary"] == "Free for 1 week, then 9.99 US dollars per month")
        // Said as written, so not listed: the period and the headline.
        #expect(trial.spoken["period"] == nil)
        #expect(trial.offers[0].spoken["headline"] == nil)
        // en-GB (en-001): "per cent".
        let paywall = PaywallRenderer(options: both).render(GoldenCases.paywall(GoldenCases.savings[0]).products, locale: "en-GB")
        #expect(try paywall[1].get().spoken["savings.headline"] == "Save 35 per cent")
        // A fallback (Swahili has no catalog): English words, Kenyan shillings.
        #expect(try render(product("100", "KES"), "sw-KE", options: both).spoken["recurringPrice"] == "100 Kenyan shillings per month")
    }

    /// A spoken key takes its message's arguments, then the message said as written, each
    /// amount in each case and each case's keyword (``SpokenArguments``).
    @Test func everySpokenKeyTakesItsMessagesArguments() {
        let spoken = MessageKey.allCases.filter { $0.writtenKey != nil }
        #expect(spoken.map(\.rawValue) == ["spoken.recurringPrice", "spoken.recurringPriceShort", "spoken.terms.renewal",
                                           "spoken.terms.afterFreeTrial", "spoken.terms.afterOffer", "spoken.commitment.summary",
                                           "spoken.commitment.terms.regularPrice", "spoken.commitment.terms.newCommitment",
                                           "spoken.commitment.terms.ends", "spoken.prepaid.headline"])
        for key in spoken {
            let written = key.writtenKey!
            #expect(written.spokenKey == key)
            let names = key.signature.names
            #expect(Array(names.prefix(written.signature.names.count)) == written.signature.names, "\(key.rawValue)")
            #expect(names.dropFirst(written.signature.names.count).first == "said")
            #expect(Array(names.suffix(2)) == ["dative", "oblique"])
        }
        #expect(MessageKey.termsRenewal.spokenKey?.signature.names == ["recurringPrice", "price", "priceWord", "period", "count", "unit", "said",
                                                                       "recurringPriceDative", "priceDative", "recurringPriceOblique",
                                                                       "priceOblique", "dative", "oblique"])
        // The forms of an amount are no message's spoken form.
        #expect(MessageKey.spokenAmountDative.writtenKey == nil && MessageKey.spokenAmountDative.isSpoken)
    }

    @Test func lintRejectsASlashInASpokenForm() throws {
        let english = try #require(CatalogSnapshotProbe.english())
        var messages = english.messages
        messages["spoken.recurringPrice"] = "{price}/{unit, select, day {day} week {week} month {month} other {year}}"
        let problems = CatalogLinter.lint(Catalog(name: "en", file: "en.json", messages: messages, notes: english.notes), english: nil)
        #expect(problems.contains { $0.key == "spoken.recurringPrice" && $0.message.contains("'/'") })
    }

    // MARK: - Contexts are reused

    /// A render context serves annotated and plain renders in turn: what a render asks for
    /// is a value it passes down, so a plain render after annotated ones (one of them failing)
    /// has no spoken forms or runs, and the same text.
    @Test func annotatedRendersLeaveTheContextPlain() throws {
        let annotated = try render(GoldenCases.monthlyWithWeekTrial, "de-DE", options: partsOnly)
        _ = try? render(GoldenCases.monthlyWithWeekTrial, "de-DE", options: both)
        for locale in ["de-DE", "en-US"] {
            let plain = try render(GoldenCases.monthlyWithWeekTrial, locale)
            #expect(plain.annotatedFields.isEmpty)
            #expect(plain.language == nil)
            if locale == "de-DE" {
                #expect(plain.terms == annotated.terms)
                #expect(plain.offers.map(\.summary) == annotated.offers.map(\.summary))
            }
        }
    }

    // MARK: - Texts with their runs

    private func piece(_ text: String, _ role: TextRole, spoken: String) -> Text {
        Text(text, notes: TextNotes(spoken: spoken, runs: [TextRun(text, role: role)]))
    }

    /// A template fills in its arguments by concatenation, so each argument's runs land after
    /// the literal text before it; a sentence placed in another brings its runs along, and a
    /// role given to a text that has pieces leaves them theirs.
    @Test func aTemplatePlacesEachArgumentsRuns() {
        let price = piece("$9.99", .regularPrice, spoken: "9.99 US dollars")
        let perMonth = MessageTemplate(output: MessageTemplate.placeholder(0) + "/month")
        let recurring = Text(perMonth.filled(with: [price.string]),
                             notes: TextNotes(spoken: "", spans: perMonth.filledSpans(with: [price.spans], isolating: false)))
        #expect(recurring.runs == [TextRun("$9.99", role: .regularPrice), TextRun("/month")])
        let summary = MessageTemplate(output: "Free for " + MessageTemplate.placeholder(0) + ", then " + MessageTemplate.placeholder(1))
        let week = piece("1 week", .duration, spoken: "1 week")
        let string = summary.filled(with: [week.string, recurring.string])
        let runs = Text(string, notes: TextNotes(spoken: "", spans: summary.filledSpans(with: [week.spans, recurring.spans], isolating: false))).runs
        #expect(runs.map(\.text).joined() == string)
        #expect(runs == [TextRun("Free for "), TextRun("1 week", role: .duration), TextRun(", then "),
                         TextRun("$9.99", role: .regularPrice), TextRun("/month")])
        let both = TextMode(speaks: true, listsParts: true)
        #expect(recurring.withRole(.period, both).runs == recurring.runs)
        #expect(Text("3 months").withRole(.period, both).runs == [TextRun("3 months", role: .period)])
        #expect(Text("3 months").withRole(.period, .plain).notes == nil)
    }

    /// A run may end inside a grapheme (a piece followed by a combining mark of the words
    /// after it, as Indic suffixes can be): its text is cut by bytes, so the runs still join
    /// to the field.
    @Test func aRunMayEndInsideAGrapheme() {
        let string = "9.99\u{0301} US"
        let text = Text(string, notes: TextNotes(spoken: "", spans: [TextSpan(4, .regularPrice), TextSpan(string.utf8.count - 4, nil)]))
        #expect(text.runs == [TextRun("9.99", role: .regularPrice), TextRun("\u{0301} US")])
        #expect(text.runs.map(\.text).joined() == string)
    }

    /// In a right-to-left sentence each argument is isolated: an isolate around one piece
    /// belongs to the piece's run, one around a whole nested sentence stays literal text.
    @Test func anIsolateAroundOnePieceJoinsItsRun() {
        let template = MessageTemplate(output: "A " + MessageTemplate.placeholder(0) + " B " + MessageTemplate.placeholder(1))
        let price = piece("$9.99", .regularPrice, spoken: "")
        let sentence = Text("for 1 week", notes: TextNotes(spoken: "", runs: [TextRun("for "), TextRun("1 week", role: .duration)]))
        let string = template.filled(with: ["\u{2068}$9.99\u{2069}", "\u{2068}for 1 week\u{2069}"])
        let runs = TextRun.attachingIsolates(
            Text(string, notes: TextNotes(spoken: "", spans: template.filledSpans(with: [price.spans, sentence.spans], isolating: true))).runs)
        #expect(runs == [TextRun("A "), TextRun("\u{2068}$9.99\u{2069}", role: .regularPrice), TextRun(" B \u{2068}for "),
                         TextRun("1 week", role: .duration), TextRun("\u{2069}")])
        #expect(runs.map(\.text).joined() == string)
    }

    // MARK: - JSON and HTML

    @Test func jsonHasTheFieldsOnlyWhenAskedFor() throws {
        let item = try ImportedProduct(source: ProductSource(format: .storeKit1, store: nil, path: ""),
                                       result: .success(CheckedProduct(GoldenCases.monthlyWithWeekTrial)))
        func json(_ options: RenderOptions) -> String {
            let outcome = PaywallRenderer(options: options).render([item], locale: "en-US")[0]
            return RenderEntry(position: 1, locale: "en-US", item: item, outcome: outcome).jsonText()
        }
        let plain = json(RenderOptions())
        for key in ["\"lang\"", "\"dir\"", "\"spoken\"", "\"parts\"", "\"fieldLanguages\""] { #expect(!plain.contains(key)) }
        let full = json(both)
        // The order the documentation gives: lang and dir after catalog; spoken, then parts, after
        // an object's own fields and before its offers or phases.
        let order = ["\"catalog\"", "\"lang\":\"en\"", "\"dir\":\"ltr\"", "\"terms\"", "\"spoken\":{\"price\":\"9.99 US dollars\"",
                     "\"parts\":{\"price\":[{\"text\":\"$9.99\",\"role\":\"regularPrice\"}]", "\"offers\"",
                     "\"spoken\":{\"summary\":\"Free for 1 week, then 9.99 US dollars per month\"", "\"phases\""]
        let positions = order.map { full.range(of: $0)?.lowerBound }
        #expect(!positions.contains(nil), "\(full)")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        #expect(full.contains(#""summary":[{"text":"Free for "},{"text":"1 week","role":"duration"},{"text":", then "},{"text":"$9.99","role":"regularPrice"},{"text":"/month"}]"#))
    }

    @Test func htmlFragmentsAreEscapedWithAClassPerRole() throws {
        var product = GoldenCases.monthlyWithWeekTrial
        product.productIdentifier = "a<b>&\"c\""
        let item = try ImportedProduct(source: ProductSource(format: .storeKit1, store: nil, path: "", productIdentifier: product.productIdentifier),
                                       result: .success(CheckedProduct(product)))
        let outcome = PaywallRenderer(options: partsOnly).render([item], locale: "ar-SA")[0]
        let fragments = RenderEntry(position: 1, locale: "ar-SA", item: item, outcome: outcome).htmlFragments()
        let text = try outcome.get()
        #expect(fragments.count == text.annotatedFields.count)
        let summary = try #require(fragments.first { $0.contains(#"data-field="offers[0].summary""#) })
        #expect(summary.hasPrefix(#"<span class="paywall-text" data-index="1" data-locale="ar-SA" data-product="a&lt;b&gt;&amp;&quot;c&quot;" data-field="offers[0].summary" lang="ar" dir="rtl">"#))
        #expect(summary.contains(#"<span class="regularPrice">"#))
        // Without its tags, the fragment is the field.
        let content = summary.replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
        #expect(content == text.offers[0].summary)
    }

    @Test func commandLineWritesHTMLAndJSON() throws {
        let html = try runTool(["render", "Examples/products.json", "--locale", "en-US", "--format", "html"])
        #expect(html.status == 0)
        #expect(html.stdoutLines.contains(#"<span class="paywall-text" data-index="1" data-locale="en-US" data-product="com.example.pro.monthly" data-field="offers[0].summary" lang="en" dir="ltr">Free for <span class="duration">1 week</span>, then <span class="regularPrice">$9.99</span>/month</span>"#))
        let json = try runTool(["render", "Examples/products.json", "--locale", "en-US", "--format", "json", "--include", "spoken,parts"])
        #expect(json.status == 0)
        #expect(json.stdout.contains(#""recurringPrice":"9.99 US dollars per month""#))
        let table = try runTool(["render", "Examples/products.json", "--locale", "en-US", "--include", "spoken,parts"])
        #expect(table.stdout.contains("offers[0].summary spoken"))
        #expect(table.stdout.contains("Free for [1 week](duration), then [$9.99](regularPrice)/month"))
    }
}

/// The built-in English catalog, for checks that change one of its messages.
enum CatalogSnapshotProbe {
    static func english() -> Catalog? {
        Catalogs.builtIn.snapshot.catalog(for: (try? DisplayLocale("en-US"))!.identity)
    }
}
