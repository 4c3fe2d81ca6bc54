import Foundation
@testable import PaywallText
@testable import PaywallTextReview
import Testing

/// `--copy DIR` in `render`, `snapshot` and `review`.
@Suite("Copy in the command-line tool")
struct CopyCommandTests {
    private let monthly = #"{"productIdentifier":"monthly","price":"9.99","currencyCode":"USD","subscriptionPeriod":{"unit":"month","numberOfUnits":1},"introductoryPrice":{"paymentMode":"freeTrial","price":"0","subscriptionPeriod":{"unit":"week","numberOfUnits":1},"numberOfPeriods":1}}"#

    @Test func renderWritesCopyObjectsAndTheirWarnings() throws {
        let result = try runTool(["render", "-", "--lines", "--format", "json", "--locale", "fr-FR", "--copy", "Examples/Copy"], stdin: monthly)
        #expect(result.status == 0, "\(result.stderr)")
        let entry = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let copy = try #require(entry["copy"] as? [String: String])
        #expect(copy["startTrial"] == "Commencez votre essai gratuit d’une semaine")
        #expect(copy["cancelAnytime"] == "Sans engagement\u{202F}: vous gardez l’accès jusqu’à la fin de la période payée.")
        let offer = try #require((entry["offers"] as? [[String: Any]])?.first)
        #expect(offer["regularPrice"] as? String == "9,99\u{00A0}$US")
        #expect((offer["copy"] as? [String: String])?["startTrial"] == "Commencez votre essai gratuit d’une semaine")
        let warnings = try #require(entry["warnings"] as? [[String: String]])
        #expect(warnings.contains(["path": "copy.offerBadge",
                                   "message": "left out: needs {discount}; the offer has no discount (a free trial, or not cheaper than the regular price)"]))
        // The keys of a copy object are sorted; the entry's keys keep their documented order.
        #expect(result.stdout.contains(#""copy":{"cancelAnytime":"#))
        #expect(result.stdout.range(of: #""terms":"#)!.lowerBound < result.stdout.range(of: #""copy":"#)!.lowerBound)
        #expect(result.stdout.range(of: #""copy":"#)!.lowerBound < result.stdout.range(of: #""offers":"#)!.lowerBound)

        let table = try runTool(["render", "-", "--locale", "de-DE", "--copy", "Examples/Copy"], stdin: monthly)
        #expect(table.stdout.contains("copy startTrial "))
        #expect(table.stdout.contains("Starte deine 1-wöchige Gratis-Testphase"))
        #expect(table.stderr.contains("warning: item 1 monthly, de-DE: copy.offerBadge: left out: needs {discount}"))
    }

    /// What the folder holds is wrong, not the command line: 65, without the usage.
    @Test func aBrokenCopyFolderIsADataError() throws {
        let broken = try copyFolder(["en": ["badge": "{unit}"]])
        let result = try runTool(["render", "-", "--locale", "en-US", "--copy", broken.path], stdin: monthly)
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("error: --copy \(broken.path): \(broken.path)/en.json: badge: {unit} would print the keyword itself"))
        #expect(!result.stderr.contains("Usage:"))
    }

    @Test func snapshotFilesHaveACopySection() throws {
        let folder = try TemporaryFolder("snapshots")
        let input = folder.appendingPathComponent("monthly.json")
        try Data(monthly.utf8).write(to: input)
        let recorded = try runTool(["snapshot", input.path, "--locale", "ru-RU", "--copy", "Examples/Copy", "--snapshots",
                                    folder.appendingPathComponent("Snapshots").path, "--record", "missing"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let text = try String(contentsOf: folder.appendingPathComponent("Snapshots/ru-RU.txt"), encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        // Every key, for the product and for its offer: its text, or why it was left out.
        #expect(lines.contains("copy startTrial → Попробуйте 1 неделю бесплатно"))
        #expect(lines.contains("  copy startTrial → Попробуйте 1 неделю бесплатно"))
        #expect(lines.contains("copy offerBadge — left out: needs {discount}; the offer has no discount (a free trial, or not cheaper than the regular price)"))
        #expect(lines.filter { $0.hasPrefix("copy ") }.count == 5)
        #expect(lines.filter { $0.hasPrefix("  copy ") }.count == 5)
        // Without --copy, the same product's file has no copy section.
        let plain = try runTool(["snapshot", input.path, "--locale", "ru-RU", "--snapshots", folder.appendingPathComponent("Plain").path,
                                 "--record", "missing"])
        #expect(plain.status == 0)
        #expect(try !String(contentsOf: folder.appendingPathComponent("Plain/ru-RU.txt"), encoding: .utf8).contains("copy "))
    }

    @Test func reviewWritesAPagePerCopyLanguage() throws {
        let output = try TemporaryFolder("review")
        let written = try ReviewSite.write(ReviewSite.Options(locales: ["ru-RU"], output: output.path,
                                                              copyDirectory: packageRoot.appendingPathComponent("Examples/Copy").path))
        let languages = ["ar", "de", "en", "fr", "ja", "pl", "ru"]
        #expect(Set(written.pages.map(\.catalog)).isSuperset(of: languages.map { "copy \($0)" }))
        let index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        for language in languages {
            #expect(index.contains("<a href=\"copy-\(language).html\">\(language)</a>"))
        }
        let keys = try PaywallCopy(directory: packageRoot.appendingPathComponent("Examples/Copy").path).keys
        let russian = try String(contentsOf: output.appendingPathComponent("copy-ru.html"), encoding: .utf8)
        for key in keys { #expect(russian.contains("<section class=\"key\" id=\"\(key)\"")) }
        // Every plural category of Russian a count reaches (one 1, few 2, many 5), for every unit
        // of the offer's count.
        for unit in PeriodUnit.allCases {
            for (category, count) in [("one", 1), ("few", 2), ("many", 5)] {
                #expect(russian.contains("<tr data-unit=\"\(unit.rawValue)\" data-count=\"\(count)\" data-category=\"\(category)\"><th lang=\"en\">offer freeTrial \(unit.rawValue)"))
            }
        }
        // Every message under each kind of offer and plan, so that a line true of one kind only
        // ("cancel anytime", "3 months free") is seen under the others.
        for label in ["offer freeTrial", "offer payAsYouGo", "offer payUpFront", "offer of several phases",
                      "plan renewing", "plan commitment", "plan prepaid", "plan oneTime"] {
            #expect(russian.components(separatedBy: "<th lang=\"en\">\(label)<span class=\"input\">").count - 1 == keys.count, "\(label)")
        }
        #expect(russian.contains("left out: shown only when {plan} is renewing; here it is commitment"))
        #expect(russian.contains("Попробуйте 5 недель бесплатно"))
        let arabic = try String(contentsOf: output.appendingPathComponent("copy-ar.html"), encoding: .utf8)
        #expect(arabic.contains("<td lang=\"ar\" dir=\"rtl\"><div class=\"text\">جرّب مجانًا لمدة أسبوعين</div>"))
        // Arabic reaches six categories; zero has no product count, so five rows per unit.
        #expect(arabic.components(separatedBy: "<th lang=\"en\">offer freeTrial week · ").count - 1 == 5)
    }

    @Test func reviewShowsTheFindingsOfABrokenFolder() throws {
        let broken = try copyFolder(["en": ["badge": "Save {savings}", "title": "Go"], "fr": ["badge": "{unit}"]])
        let output = try TemporaryFolder("review")
        _ = try ReviewSite.write(ReviewSite.Options(locales: ["fr-FR"], output: output.path, copyDirectory: broken.path))
        let french = try String(contentsOf: output.appendingPathComponent("copy-fr.html"), encoding: .utf8)
        #expect(french.contains("error: <code>badge</code>: {unit} would print the keyword itself"))
        #expect(french.contains("warning: <code>title</code>: missing; fr readers get the source message of en.json whole, in English"))
        #expect(french.contains("No samples: the copy folder has errors"))
    }
}
