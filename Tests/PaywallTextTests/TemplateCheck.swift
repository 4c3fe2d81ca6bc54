@testable import PaywallText
@testable import PaywallTextSupport

/// Checks that message templates (``MessageTemplate``) give exactly what ICU gives when
/// it formats the texts themselves.
enum TemplateCheck {
    /// Formats every message of the catalog that serves `locale` `rounds` times with random
    /// arguments (texts with braces, quotes, `#`, right-to-left letters and digits; every
    /// count the golden files use; every unit), through the templates and directly;
    /// returns each difference.
    static func differences(locale: String, catalogs: Catalogs = .builtIn, rounds: Int = 40,
                            seed: UInt64 = 1) throws(PaywallTextError) -> [String] {
        let display = try DisplayLocale(locale)
        let set = try RenderContext(snapshot: catalogs.snapshot, locale: display.identity).messages
        var random = SeededGenerator(state: seed)
        let texts = ["$9.99", "9,99\u{00A0}€", "{price}", "it's", "'{'", "#", "١٢٣", "שבוע", "ثلاثة أشهر", "", "3 Monate", "US$4.99/month"]
        let counts = [0, 1, 2, 3, 4, 5, 6, 7, 11, 12, 20, 21, 22, 100, 101, 1000, 1_000_000]
        let units = PeriodUnit.allCases.map(\.rawValue) + ["other"]
        var differences: [String] = []
        for _ in 0..<rounds {
            for key in MessageKey.allCases {
                let arguments = key.signature.arguments
                var templated = set.makeValues(capacity: arguments.count, mode: .placeholders)
                var direct = set.makeValues(capacity: arguments.count, mode: .texts)
                for argument in arguments {
                    switch argument.kind {
                    case .number:
                        let count = counts[Int(random.next() % UInt64(counts.count))]
                        templated.append(count)
                        direct.append(count)
                    case .keyword:
                        let unit = units[Int(random.next() % UInt64(units.count))]
                        templated.append(keyword: unit)
                        direct.append(keyword: unit)
                    case .text:
                        let text = texts[Int(random.next() % UInt64(texts.count))]
                        templated.append(text)
                        direct.append(text)
                    }
                }
                let viaTemplate = try set.format(key, templated: templated)
                let viaICU = try set.format(key, direct)
                if viaTemplate != viaICU {
                    differences.append("\(set.catalog.name) \(key.rawValue): template \(quoted(viaTemplate, limit: 200)) ≠ ICU \(quoted(viaICU, limit: 200))")
                }
            }
        }
        return differences
    }
}
