import Dispatch
import Foundation
import PaywallText
import PaywallTextSupport
import PaywallTextGoldens
import Synchronization

// paywall-text-bench [--quick | --smoke]
//
// Renders one product with a free trial and a pay-as-you-go offer (every string:
// price, period, recurring price, each offer's price, period, duration, headline,
// summary) in en-US, ru-RU, ar-SA and ja-JP, and the same pieces with three
// baselines in the same process; the same renders with dates in en-US; the JSON of a
// request body never seen, read and answered, against Foundation's JSONSerialization
// (JSONBench). Prints a table, then `ratio NAME N` lines.

/// How long each measurement runs: the full run, `--quick`, or `--smoke`, which runs every
/// step a few times only, so that CI sees each one finish (in a debug build too) without
/// measuring anything: its figures are not timings to read.
enum Length {
    case full, quick, smoke

    static let chosen: Length = CommandLine.arguments.contains("--smoke") ? .smoke
        : CommandLine.arguments.contains("--quick") ? .quick : .full

    /// The full run's count, the quick run's, or the smoke run's.
    func pick<T>(_ full: T, _ quick: T, _ smoke: T) -> T {
        switch self {
        case .full: full
        case .quick: quick
        case .smoke: smoke
        }
    }
}

func runBenchmark() throws {
    let length = Length.chosen
    if length == .smoke { print("smoke run: every step a few times; the figures below are not measurements") }
    /// `--only NAME` measures one scenario (for profiling); the ratio lines then need all four.
    /// `--only json` measures the JSON alone; `--only json-read` and `--only json-write` run one
    /// of its operations over and over, for a profiler.
    let only = CommandLine.arguments.firstIndex(of: "--only").map { CommandLine.arguments[$0 + 1] }
    let locales = ["en-US", "ru-RU", "ar-SA", "ja-JP"]
    let inputs = ScenarioInput.variants
    let products = inputs.map(\.product)
    let prices = inputs.map { (Decimal(string: $0.price)!, Decimal(string: $0.offerPrice)!) }
    /// Renders per timed batch, and batches per scenario and locale.
    let batchSize = length.pick(256, 64, 4)
    let batches = length.pick(41, 15, 3)

    var sink = 0

    /// Per-render nanoseconds of each batch, per scenario. The scenarios take turns batch
    /// by batch, so a slow moment of a shared machine falls on all of them alike.
    func measure(_ scenarios: [(String, (Int) -> Int)]) -> [[Double]] {
        for (_, body) in scenarios {
            for index in 0..<batchSize { sink &+= body(index % inputs.count) }  // warm up
        }
        var samples = [[Double]](repeating: [], count: scenarios.count)
        for batch in 0..<batches {
            for (position, (_, body)) in scenarios.enumerated() {
                let start = DispatchTime.now().uptimeNanoseconds
                for index in 0..<batchSize { sink &+= body((batch * batchSize + index) % inputs.count) }
                let elapsed = DispatchTime.now().uptimeNanoseconds - start
                samples[position].append(Double(elapsed) / Double(batchSize))
            }
        }
        return samples.map { $0.sorted() }
    }

    func median(_ sorted: [Double]) -> Double { sorted[sorted.count / 2] }
    /// Times two renderers in turns, the first first in even rounds, so that a slowdown
    /// drifting in or out hits both alike: the median of each.
    let alternatingRounds = length.pick(15, 7, 1)
    func alternating(_ first: PaywallRenderer, _ second: PaywallRenderer, _ time: (PaywallRenderer) -> Double) -> (Double, Double) {
        var firstTimes: [Double] = [], secondTimes: [Double] = []
        for round in 0..<alternatingRounds {
            if round % 2 == 0 {
                firstTimes.append(time(first))
                secondTimes.append(time(second))
            } else {
                secondTimes.append(time(second))
                firstTimes.append(time(first))
            }
        }
        return (median(firstTimes.sorted()), median(secondTimes.sorted()))
    }
    func p90(_ sorted: [Double]) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.9))] }

    func residentKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return -1 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
    }

    let renderer = PaywallRenderer()

    // `--memory [N]`: N renders (default 1,000,000) across every catalog locale and a few
    // fallbacks, printing resident memory as it goes; it should stay flat.
    if let flag = CommandLine.arguments.firstIndex(of: "--memory") {
        let total = CommandLine.arguments.dropFirst(flag + 1).first.flatMap { Int($0) } ?? 1_000_000
        let memoryLocales = GoldenLocales.all.map(\.locale) + ["pt-PT", "es-MX", "en-GB", "de-CH", "sw-KE"]
        for locale in memoryLocales {
            for product in products { sink &+= (try? renderer.render(product, locale: locale)).map(strings(of:)) ?? 0 }
        }
        let start = residentKilobytes()
        print("renders 0 (after one pass over \(memoryLocales.count) locales): \(start / 1024) MiB resident")
        let began = DispatchTime.now().uptimeNanoseconds
        for index in 0..<total {
            let locale = memoryLocales[index % memoryLocales.count]
            sink &+= (try? renderer.render(products[index % products.count], locale: locale)).map(strings(of:)) ?? 0
            if (index + 1) % (total / 10) == 0 {
                print("renders \(index + 1): \(residentKilobytes() / 1024) MiB resident")
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
        let end = residentKilobytes()
        print("memory start \(start) KiB end \(end) KiB (\(end - start) KiB over \(total) renders, \(String(format: "%.1f", seconds)) s)")
        print("checksum \(sink)")
        return
    }

    // `--calibrate`: what the caches' estimates say beside the growth of resident memory,
    // per locale first rendered in (its data, formatters and context), on one thread.
    if CommandLine.arguments.contains("--calibrate") {
        // Warm up what every locale shares (ICU's common data, the built-in catalogs).
        for product in products { sink &+= (try? renderer.render(product, locale: "en-US")).map(strings(of:)) ?? 0 }
        let fresh = GoldenLocales.all.map(\.locale).filter { $0 != "en-US" }
        let before = (residentKilobytes() * 1024, BenchSupport.cacheUsage.bytes)
        for locale in fresh {
            for product in products { sink &+= (try? renderer.render(product, locale: locale)).map(strings(of:)) ?? 0 }
        }
        let allocated = residentKilobytes() * 1024 - before.0, estimated = BenchSupport.cacheUsage.bytes - before.1
        print("calibrate: \(fresh.count) locales, resident memory grew \(allocated / fresh.count / 1024) KiB per locale, "
              + "estimated \(estimated / fresh.count / 1024) KiB per locale (ratio \(String(format: "%.2f", Double(allocated) / Double(estimated))))")
        for cache in BenchSupport.cacheTable {
            print("  \(cache.name): \(cache.entries) entries, \(cache.bytes >> 10) KiB")
        }
        return
    }

    // First render in a fresh locale: opens its formatters and compiles its catalog.
    let firstStart = DispatchTime.now().uptimeNanoseconds
    sink &+= strings(of: try renderer.render(products[0], locale: "fr-FR"))
    let firstRender = Double(DispatchTime.now().uptimeNanoseconds - firstStart) / 1000

    // Reading a request body never seen and writing its answer's JSON, against Foundation's
    // JSONSerialization on the same bytes (see JSONBench). `--only json` prints these
    // alone, with the reading's parts.
    let jsonBench = try JSONBench()
    // `--only json-read` or `--only json-write`: that one operation for a few seconds (for profiling).
    if let only, let operation = JSONBench.Operation(rawValue: only) {
        let nanoseconds = jsonBench.repeatedly(operation, seconds: length.pick(6, 2, 0.1), sink: &sink)
        print("\(only): \(String(format: "%.2f", nanoseconds / 1000)) µs")
        print("checksum \(sink)")
        return
    }
    if only == "json" {
        let figures = try jsonBench.measure(length, sink: &sink)
        print(jsonSummary(jsonBench, figures))
        print("json read parts: parse \(String(format: "%.2f", figures.parse / 1000)) µs, "
              + "products read and checked \(String(format: "%.2f", figures.documentRead / 1000)) µs")
        print("checksum \(sink)")
        return
    }

    struct Row {
        let scenario: String
        let locale: String
        let median: Double
        let p90: Double
    }
    var rows: [Row] = []
    var totals: [String: Double] = [:]

    for locale in locales {
        var naive = FoundationBaseline(cached: false)
        var cachedFoundation = FoundationBaseline(cached: true)
        let floor = try ICUFloor(locale: locale)
        let scenarios: [(String, (Int) -> Int)] = [
            ("full-offer", { index in (try? renderer.render(products[index], locale: locale)).map(strings(of:)) ?? -1 }),
            ("naive-foundation", { index in naive.render(inputs[index], price: prices[index].0, offerPrice: prices[index].1, locale: locale) }),
            ("cached-foundation", { index in cachedFoundation.render(inputs[index], price: prices[index].0, offerPrice: prices[index].1, locale: locale) }),
            ("icu-floor", { index in floor.render(inputs[index]) }),
        ]
        let selected = scenarios.filter { only == nil || only == $0.0 }
        for ((name, _), samples) in zip(selected, measure(selected)) {
            rows.append(Row(scenario: name, locale: locale, median: median(samples), p90: p90(samples)))
            totals[name, default: 0] += median(samples)
        }
    }
    // `--only NAME`: that scenario alone, nothing after it (for profiling).
    if only != nil {
        for row in rows { print("\(row.scenario)  \(row.locale)  \(String(format: "%.0f", row.median)) ns") }
        return
    }

    // Dates: the same renders with and without a start instant, batch by batch in turns, in
    // en-US (the catalog with the dated sentences first; the others follow their translators).
    // Dated renders count from a fixed instant in a zone with clock changes, as a server does
    // from each request's `asOf`.
    var datedOptions = RenderOptions()
    datedOptions.asOf = try AsOf(parsing: "2026-01-31T10:00:00+01:00")
    datedOptions.timeZone = try TimeZoneName("Europe/Berlin")
    let datedRenderer = PaywallRenderer(options: datedOptions)
    let datesSamples = measure([
        ("without-dates", { index in (try? renderer.render(products[index], locale: "en-US")).map(strings(of:)) ?? -1 }),
        ("with-dates", { index in (try? datedRenderer.render(products[index], locale: "en-US")).map(datedStrings(of:)) ?? -1 }),
    ])
    let (undated, dated) = (median(datesSamples[0]), median(datesSamples[1]))

    // Locale rotation: a server meets many locales on one thread. Each round times the same
    // renders twice: one locale at a time (a batch per locale, after two untimed renders in
    // it), and with every render in the next of the 120 locales. Their ratio shows whether a
    // thread's caches hold every locale in use (near 1) or rebuild contexts (far below).
    for locale in rotationLocales {
        sink &+= (try? renderer.render(products[0], locale: locale)).map(strings(of:)) ?? 0
    }
    let rotationRounds = length.pick(7, 3, 1)
    let rendersPerLocale = length.pick(32, 16, 1)
    func oneLocaleAtATime() -> Double {
        var elapsed: UInt64 = 0
        for (position, locale) in rotationLocales.enumerated() {
            for index in 0..<2 { sink &+= (try? renderer.render(products[index], locale: locale)).map(strings(of:)) ?? 0 }
            let start = DispatchTime.now().uptimeNanoseconds
            for index in 0..<rendersPerLocale {
                sink &+= (try? renderer.render(products[(position + index) % products.count], locale: locale)).map(strings(of:)) ?? 0
            }
            elapsed += DispatchTime.now().uptimeNanoseconds - start
        }
        return Double(elapsed) / Double(rotationLocales.count * rendersPerLocale)
    }
    func everyRenderTheNextLocale() -> Double {
        let total = rotationLocales.count * rendersPerLocale
        let start = DispatchTime.now().uptimeNanoseconds
        for index in 0..<total {
            sink &+= (try? renderer.render(products[(index / rotationLocales.count + index) % products.count],
                                           locale: rotationLocales[index % rotationLocales.count])).map(strings(of:)) ?? 0
        }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(total)
    }
    var singleLocaleTimes: [Double] = [], rotationTimes: [Double] = []
    for round in 0..<rotationRounds {
        if round % 2 == 0 {
            singleLocaleTimes.append(oneLocaleAtATime())
            rotationTimes.append(everyRenderTheNextLocale())
        } else {
            rotationTimes.append(everyRenderTheNextLocale())
            singleLocaleTimes.append(oneLocaleAtATime())
        }
    }
    let singleLocale = median(singleLocaleTimes.sorted()), rotation = median(rotationTimes.sorted())
    let contextsHeld = BenchSupport.cacheTable.first { $0.name == "render contexts" }?.entries ?? 0

    // The result cache: the same renders without a cache (cold: each is rendered) and with a
    // warm RenderCache (repeat: each is a hit), alternating, median of the rounds.
    let cache = RenderCache()
    let cachedRenderer = PaywallRenderer(cache: cache)
    func timePass(_ renderer: PaywallRenderer, locales: [String] = locales) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        for locale in locales {
            for product in products {
                sink &+= (try? renderer.render(product, locale: locale)).map(strings(of:)) ?? 0
            }
        }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(locales.count * products.count)
    }
    /// Two timings taken in turn, in alternating order so that a drift of the machine falls
    /// on both alike; the median of each over the rounds.
    func alternating(_ first: () -> Double, _ second: () -> Double) -> (first: Double, second: Double, rounds: Int) {
        var firsts: [Double] = [], seconds: [Double] = []
        for round in 0..<length.pick(15, 7, 1) {
            if round % 2 == 0 {
                firsts.append(first())
                seconds.append(second())
            } else {
                seconds.append(second())
                firsts.append(first())
            }
        }
        return (median(firsts.sorted()), median(seconds.sorted()), firsts.count)
    }
    _ = timePass(cachedRenderer)
    let (cold, repeated, cacheRounds) = alternating({ timePass(renderer) }, { timePass(cachedRenderer) })

    // The cost of `--include disclosures`: the same renders in en-US (the catalogs that have
    // the disclosure messages), four times over, without and with them.
    let disclosing = PaywallRenderer(options: RenderOptions(include: .disclosures))
    let english = Array(repeating: "en-US", count: 4)
    _ = timePass(disclosing, locales: english)
    let (plainEnglish, withDisclosures, disclosureRounds) = alternating(
        { timePass(renderer, locales: english) }, { timePass(disclosing, locales: english) })

    // A copy folder: the same renders with the example copy (five messages of its own per
    // product and per offer, in each locale's language) and without, alternating, median of
    // the rounds. The default scenarios above render without copy.
    let copyFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/Copy").standardizedFileURL.path
    let copyRenderer = PaywallRenderer(copy: try PaywallCopy(directory: copyFolder))
    func timeCopyPass(_ renderer: PaywallRenderer) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        for locale in locales {
            for product in products {
                sink &+= (try? renderer.render(product, locale: locale)).map { strings(of: $0) &+ copyStrings(of: $0) } ?? 0
            }
        }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(locales.count * products.count)
    }
    _ = timeCopyPass(copyRenderer)
    let (plain, withCopy) = alternating(renderer, copyRenderer, timeCopyPass)
    let copyTexts = (try? copyRenderer.render(products[0], locale: locales[0])).map { text in
        (text.copy?.count ?? 0) + text.offers.reduce(0) { $0 + ($1.copy?.count ?? 0) }
    } ?? 0

    // Billing plans (en-US, whose catalog has their sentences): the benchmark's prices as a plain
    // monthly plan and as 12 monthly payments, rendered in alternation, median of the rounds.
    let plans = BillingPlanScenario(inputs)
    var planPlainTimes: [Double] = [], commitmentTimes: [Double] = []
    for round in 0..<length.pick(15, 7, 1) {
        for pass in (round % 2 == 0 ? [false, true] : [true, false]) {
            let start = DispatchTime.now().uptimeNanoseconds
            for product in pass ? plans.commitments : plans.plain {
                sink &+= (try? renderer.render(product, locale: "en-US")).map(strings(of:)) ?? -1
            }
            let time = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(plans.plain.count)
            if pass { commitmentTimes.append(time) } else { planPlainTimes.append(time) }
        }
    }
    let plainTime = median(planPlainTimes.sorted()), commitmentTime = median(commitmentTimes.sorted())

    // The optional fields: the same renders with `include: [.spoken, .parts]` against the
    // default, alternating, median of the rounds; in en-US, whose catalog has every spoken
    // message (runs alone work in every catalog).
    let annotatingRenderer = PaywallRenderer(options: RenderOptions(include: [.spoken, .parts]))
    func timeIncluded(_ renderer: PaywallRenderer) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<length.pick(32, 8, 1) {
            for product in products {
                sink &+= (try? renderer.render(product, locale: "en-US")).map(strings(of:)) ?? 0
            }
        }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(length.pick(32, 8, 1) * products.count)
    }
    _ = timeIncluded(annotatingRenderer)
    let (plainRender, includedRender) = alternating(renderer, annotatingRenderer, timeIncluded)

    // Fields asked for: the Node anchor's fields (../shared/anchors: the prices per unit, the
    // terms and each offer's price, period, duration, headline, summary and terms) against
    // every field, alternating, median of the rounds.
    var anchorOptions = RenderOptions()
    anchorOptions.fields = try FieldSelection([
        "price", "period", "recurringPrice", "pricePer.day.price", "pricePer.week.price", "pricePer.month.price", "pricePer.year.price",
        "terms", "offers.price", "offers.period", "offers.duration", "offers.headline", "offers.summary", "offers.terms"])
    let anchorRenderer = PaywallRenderer(options: anchorOptions)
    _ = timeIncluded(anchorRenderer)
    let (everyField, anchorFields) = alternating(renderer, anchorRenderer, timeIncluded)

    let json = try jsonBench.measure(length, sink: &sink)

    // Memory after rendering every catalog locale, before the scaling runs open
    // (and free) raw ICU objects of their own.
    for (_, locale) in GoldenLocales.all {
        sink &+= (try? renderer.render(products[1], locale: locale)).map(strings(of:)) ?? 0
    }
    let rss = residentKilobytes()

    // Scaling: renders per second with two tasks against one, across the four locales.
    // Each measurement runs for a fixed time. The two are measured back to back in
    // many short rounds, in alternating order so that a slowdown drifting in or out
    // hits both alike, and the median of the per-round ratios is reported, so a few
    // noisy moments on a shared machine do not decide it.
    let rounds = length.pick(21, 21, 1)
    func throughput(tasks: Int, floor: Bool = false) -> Double {
        let duration: UInt64 = length.pick(300_000_000, 150_000_000, 10_000_000)
        let counts = Mutex([Int](repeating: 0, count: tasks))
        let start = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.concurrentPerform(iterations: tasks) { task in
            // Each task renders products of its own, as concurrent requests would.
            let products = inputs.map(\.product)
            // The floor is not thread-safe: each task opens its own.
            let floors = floor ? locales.compactMap { try? ICUFloor(locale: $0) } : []
            var index = 0
            var local = 0
            while index % 64 != 0 || DispatchTime.now().uptimeNanoseconds - start < duration {
                let locale = (index + task) % locales.count
                if floor {
                    local &+= floors[locale].render(inputs[index % inputs.count])
                } else {
                    local &+= (try? renderer.render(products[index % products.count], locale: locales[locale])).map(strings(of:)) ?? 0
                }
                index += 1
            }
            let renders = index + (local == 42 ? 1 : 0)
            counts.withLock { $0[task] = renders }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return Double(counts.withLock { $0.reduce(0, +) }) / seconds
    }
    // Each round measures the renderer and the raw ICU calls back to back, so the
    // reference sees the same moment of the machine as the renderer does.
    var scalings: [Double] = [], floorScalings: [Double] = []
    var single = 0.0, double = 0.0
    func scalingRound(floor: Bool, twoFirst: Bool) -> (single: Double, double: Double) {
        if twoFirst {
            let two = throughput(tasks: 2, floor: floor)
            return (throughput(tasks: 1, floor: floor), two)
        }
        let one = throughput(tasks: 1, floor: floor)
        return (one, throughput(tasks: 2, floor: floor))
    }
    for round in 0..<rounds {
        (single, double) = scalingRound(floor: false, twoFirst: round % 2 == 1)
        scalings.append(double / single)
        let reference = scalingRound(floor: true, twoFirst: round % 2 == 1)
        floorScalings.append(reference.double / reference.single)
    }
    let scaling = median(scalings.sorted())
    // The same measurement of the raw ICU calls: how far this machine lets such work scale.
    let floorScaling = median(floorScalings.sorted())
    // Per round, the renderer's scaling over the raw calls' scaling: near 1 when the
    // renderer adds no contention of its own, whatever the machine did that round.
    let relativeScaling = median(zip(scalings, floorScalings).map { $0 / $1 }.sorted())

    print("scenario            locale   median ns     p90 ns")
    for row in rows {
        let name = row.scenario.padding(toLength: 18, withPad: " ", startingAt: 0)
        print("\(name)  \(row.locale)  \(String(format: "%9.0f", row.median))  \(String(format: "%9.0f", row.p90))")
    }
    print("")
    print("first render in a fresh locale (fr-FR): \(String(format: "%.0f", firstRender)) µs")
    print("throughput (last of \(rounds) rounds): 1 task \(String(format: "%.0f", single))/s, 2 tasks \(String(format: "%.0f", double))/s; scaling per round \(scalings.map { String(format: "%.2f", $0) }.joined(separator: ", "))")
    print("icu-floor scaling with 2 tasks on this machine (reference): \(String(format: "%.2f", floorScaling)); per round \(floorScalings.map { String(format: "%.2f", $0) }.joined(separator: ", "))")
    print("renderer scaling ÷ icu-floor scaling, median over the same rounds: \(String(format: "%.2f", relativeScaling))")
    print("resident memory after rendering in all \(GoldenLocales.all.count) catalog locales and \(rotationLocales.count) rotation locales: \(rss / 1024) MiB")
    print("locale rotation over \(rotationLocales.count) identifiers (median of \(rotationRounds) rounds): one locale at a time \(String(format: "%.0f", singleLocale)) ns, each render in the next locale \(String(format: "%.0f", rotation)) ns per render; render contexts in the pool: \(contextsHeld)")
    print("result cache (median of \(cacheRounds) rounds): cold \(String(format: "%.0f", cold)) ns, repeat \(String(format: "%.0f", repeated)) ns per render; \(cache.statistics.entries) entries, \(cache.statistics.bytes / 1024) KiB, \(cache.statistics.hits) hits")
    print("copy folder (median of \(alternatingRounds) rounds): without \(String(format: "%.0f", plain)) ns, with \(String(format: "%.0f", withCopy)) ns per render; \(copyTexts) copy texts per product")
    print("dates (en-US, median of \(datesSamples[0].count) batches): without \(String(format: "%.0f", undated)) ns, with \(String(format: "%.0f", dated)) ns per render")
    print("billing plans (en-US, median of \(planPlainTimes.count) rounds): a monthly plan \(String(format: "%.0f", plainTime)) ns, the same price as 12 monthly payments \(String(format: "%.0f", commitmentTime)) ns per render (\(String(format: "%.2f", commitmentTime / plainTime))×)")
    print("include spoken,parts (en-US, median of \(alternatingRounds) rounds): default \(String(format: "%.0f", plainRender)) ns, "
          + "with spoken forms and parts \(String(format: "%.0f", includedRender)) ns per render")
    print("include disclosures, en-US (median of \(disclosureRounds) rounds): default \(String(format: "%.0f", plainEnglish)) ns, "
          + "with disclosures \(String(format: "%.0f", withDisclosures)) ns per render")
    print("fields (en-US, median of \(alternatingRounds) rounds): every field \(String(format: "%.0f", everyField)) ns, "
          + "the Node anchor's \(anchorOptions.fields?.paths.count ?? 0) fields \(String(format: "%.0f", anchorFields)) ns per render")
    print(jsonSummary(jsonBench, json))
    print("checksum \(sink)")
    print("")
    guard only == nil else { return }
    let ours = totals["full-offer"]!
    print("ratio full-offer/naive-foundation \(String(format: "%.2f", totals["naive-foundation"]! / ours))")
    print("ratio full-offer/cached-foundation \(String(format: "%.2f", totals["cached-foundation"]! / ours))")
    print("ratio full-offer/icu-floor \(String(format: "%.2f", totals["icu-floor"]! / ours))")
    print("ratio scaling/2-tasks \(String(format: "%.2f", scaling))")
    // The reference, as a ratio too: raw ICU calls on two tasks ÷ one, in the same rounds.
    // What the renderer loses below it is the renderer's own; above it, the machine's.
    print("ratio scaling/icu-floor-2-tasks \(String(format: "%.2f", floorScaling))")
    print("ratio locale-rotation/single-locale \(String(format: "%.2f", singleLocale / rotation))")
    print("ratio repeat/cold \(String(format: "%.2f", cold / repeated))")
    print("ratio copy/plain \(String(format: "%.2f", withCopy / plain))")
    // The cost of dates: the time of a dated render ÷ the same render without dates.
    print("ratio with-dates/without-dates \(String(format: "%.2f", dated / undated))")
    // The JSON of a body never seen: JSONSerialization parsing the body ÷ our reading it into
    // checked products; JSONSerialization writing an equal answer ÷ our writing it.
    print("ratio json-read/jsonserialization \(String(format: "%.2f", json.foundationRead / json.read))")
    print("ratio json-write/jsonserialization \(String(format: "%.2f", json.foundationWrite / json.write))")
    // A cost, not a target: the time of a render with spoken forms and parts ÷ the default's.
    print("cost include-spoken-parts/default \(String(format: "%.2f", includedRender / plainRender))")
    // Not a target: how much faster a render of the Node anchor's fields is than one of every field.
    print("ratio every-field/anchor-fields \(String(format: "%.2f", everyField / anchorFields))")
    // Not a target: what asking for the optional disclosures costs, per render.
    print("cost include-disclosures/default \(String(format: "%.2f", withDisclosures / plainEnglish))")

    // Memory under many threads: 64 threads at once, each rendering in the 50 App Store
    // localizations, the 120 locale identifiers of the rotation and 1,000 spellings of en-US.
    // The caches are bounded per process, so resident memory stays bounded however many
    // threads render.
    let spellings = manySpellingsOfEnglish(length.pick(1000, 1000, 20))
    let memoryLocales = GoldenLocales.all.map(\.locale) + rotationLocales + spellings
    let threadCount = length.pick(64, 64, 4)
    let started = DispatchTime.now().uptimeNanoseconds
    DispatchQueue.concurrentPerform(iterations: threadCount) { thread in
        var local = 0
        for offset in 0..<memoryLocales.count {
            let locale = memoryLocales[(offset + thread * 37) % memoryLocales.count]
            local &+= (try? renderer.render(products[offset % products.count], locale: locale)).map(strings(of:)) ?? 0
        }
        if local == 42 { print("") }
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    let usage = BenchSupport.cacheUsage
    print("caches after \(threadCount) threads × \(memoryLocales.count) locales (\(String(format: "%.1f", seconds)) s): "
          + "\(usage.entries) entries, \(usage.bytes >> 20) MiB estimated of at most \(usage.maximumBytes >> 20) MiB")
    for cache in BenchSupport.cacheTable {
        print("  \(cache.name): \(cache.entries) of \(cache.maximumEntries) entries, \(cache.bytes >> 10) KiB of \(cache.maximumBytes >> 10) KiB")
    }
    print("memory 64-threads-MiB \(residentKilobytes() / 1024)")

}

/// The JSON figures as one line of the summary.
func jsonSummary(_ bench: JSONBench, _ figures: JSONBench.Figures) -> String {
    func µs(_ nanoseconds: Double) -> String { String(format: "%.1f", nanoseconds / 1000) }
    return "json (the load script's body, \(bench.body.count) bytes, \(bench.document.items.count) products; answer \(bench.answer.count) bytes): "
        + "read \(µs(figures.read)) µs (JSONSerialization parsing it \(µs(figures.foundationRead)) µs), "
        + "write \(µs(figures.write)) µs (JSONSerialization \(µs(figures.foundationWrite)) µs)"
}

try runBenchmark()
