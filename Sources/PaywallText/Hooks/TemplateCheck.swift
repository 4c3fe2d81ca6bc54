/// Checks that message templates (``MessageTemplate``) give exactly what ICU gives when
/// it formats the texts themselves. Not for library users: the tests call it.
package enum TemplateCheck {
    /// Formats every message of the catalog that serves `locale` `rounds` times with random
    /// arguments (texts with braces, quotes, `#`, right-to-left letters and digits; every
    /// count the golden files use; every unit), through the templates and directly;
    /// returns each difference.
    package static func differences(locale: String, catalogs: CatalogSource = .embedded, rounds: Int = 40,
                                    seed: UInt64 = 1) throws(PaywallTextError) -> [String] {
        let compiled = try CatalogLoader.load(catalogs).compiled(for: locale)
        let set = try compiled.makeMessageSet()
        var random = SeededGenerator(state: seed)
        let texts = ["$9.99", "9,99\u{00A0}€", "{price}", "it's", "'{'", "#", "١٢٣", "שבוע", "ثلاثة أشهر", "", "3 Monate", "US$4.99/month"]
        let counts = [0, 1, 2, 3, 4, 5, 6, 7, 11, 12, 20, 21, 22, 100, 101, 1000, 1_000_000]
        let units = PeriodUnit.allCases.map(\.rawValue) + ["other"]
        var differences: [String] = []
        for _ in 0..<rounds {
            for entry in Messages.all {
                var templated = set.makeValues(capacity: entry.names.count, mode: .placeholders)
                var direct = set.makeValues(capacity: entry.names.count, mode: .texts)
                for name in entry.names {
                    if MessageKey.integerArguments.contains(name) {
                        let count = counts[Int(random.next() % UInt64(counts.count))]
                        templated.append(count)
                        direct.append(count)
                    } else if MessageKey.selectArguments.contains(name) {
                        let unit = units[Int(random.next() % UInt64(units.count))]
                        templated.append(keyword: unit)
                        direct.append(keyword: unit)
                    } else {
                        let text = texts[Int(random.next() % UInt64(texts.count))]
                        templated.append(text)
                        direct.append(text)
                    }
                }
                let viaTemplate = try set.format(entry.key, templated: templated)
                let viaICU = try set.format(entry.key, direct)
                if viaTemplate != viaICU {
                    differences.append("\(compiled.name) \(entry.key.rawValue): template \(quoted(viaTemplate, limit: 200)) ≠ ICU \(quoted(viaICU, limit: 200))")
                }
            }
        }
        return differences
    }
}
