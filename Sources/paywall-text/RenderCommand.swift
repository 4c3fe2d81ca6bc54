import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallText

/// The output formats of `paywall-text render`.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// `paywall-text render`: renders products in one or more locales.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render products as localized paywall text.",
        discussion: """
        FILE holds one product object or an array of products (or, with --lines, \
        one product object per line). Each product is rendered in every --locale. \
        Bad products are reported beside the good ones and make the exit code 65.
        """
    )

    @Argument(help: "A JSON file of products, or - for standard input.")
    var file: String = "-"

    @Option(name: .customLong("locale"), help: "A display locale, BCP 47 (pt-BR) or ICU (pt_BR). Repeatable.")
    var locales: [String] = []

    @Option(help: "Output format: text (a table for people) or json.")
    var format: OutputFormat = .text

    @Flag(help: "Read JSON Lines and write one output line per input line and locale.")
    var lines = false

    @Option(name: .customLong("catalogs"), help: ArgumentHelp(
        "Read catalogs from this folder instead of the built-in ones (preview edited translations).",
        valueName: "dir"))
    var catalogDirectory: String?

    @Flag(name: .customLong("no-days-as-weeks"), help: "Keep day counts in days (7 days stays 7 days).")
    var keepDays = false

    @Flag(name: .customLong("no-months-as-years"), help: "Keep month counts in months (12 months stays 12 months).")
    var keepMonths = false

    func validate() throws {
        guard !locales.isEmpty else {
            throw ValidationError("Name at least one --locale, e.g. --locale en-US.")
        }
        for locale in locales {
            do {
                _ = try PaywallRenderer.canonicalLocale(locale)
            } catch {
                throw ValidationError("--locale \(locale): \(error.message)")
            }
        }
        if let catalogDirectory {
            do {
                _ = try renderer.catalogName(for: "en")
            } catch {
                throw ValidationError("--catalogs \(catalogDirectory): \(error)")
            }
        }
    }

    private var renderer: PaywallRenderer {
        PaywallRenderer(options: RenderOptions(
            normalization: PeriodNormalization(daysAsWeeks: !keepDays, monthsAsYears: !keepMonths),
            catalogs: catalogDirectory.map(CatalogSource.directory) ?? .embedded))
    }

    func run() throws {
        let output = OutputWriter(format: format, lines: lines)
        let renderer = self.renderer
        var hadError = false
        var entries: [OutputEntry] = []
        func render(_ item: Result<Product, PaywallTextError>, position: Int) {
            for locale in locales {
                let outcome = item.flatMap { product in
                    Result { () throws(PaywallTextError) in try renderer.render(product, locale: locale) }
                }
                let entry = OutputEntry(position: position, locale: locale,
                                        productIdentifier: try? item.get().productIdentifier, outcome: outcome)
                hadError = hadError || entry.error != nil
                if lines, format == .json {
                    output.write([entry])  // one line out per line in, as it comes
                } else {
                    entries.append(entry)
                }
            }
        }

        do {
            if lines {
                let reader = try LineReader(path: file, maximumLength: Limits.maximumLineBytes)
                var number = 0
                while let line = reader.next() {
                    number += 1
                    switch line {
                    case .text(let data):
                        render(Result { () throws(PaywallTextError) in try ProductDecoder.decodeProduct(data) }, position: number)
                    case .tooLong(let bytes):
                        render(.failure(PaywallTextError(.malformedJSON, path: "", message:
                            "the line is \(bytes) bytes; at most \(Limits.maximumLineBytes) are read")), position: number)
                    }
                }
            } else {
                for (offset, item) in ProductDecoder.decodeBatch(try InputReader.read(file)).enumerated() {
                    render(item, position: offset + 1)
                }
            }
        } catch .missing(let path) {
            printError("error: no such file: \(path)")
            throw Exit.noInput
        } catch .unreadable(let path, let reason) {
            printError("error: \(path) \(reason)")
            throw Exit.noInput
        }

        if !entries.isEmpty {
            output.write(entries)
        } else if !lines || format != .json {
            output.write([])
        }
        if hadError {
            throw Exit.dataError
        }
    }
}
