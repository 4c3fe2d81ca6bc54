import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallText
import PaywallTextJSON

/// The output formats of `paywall-text render`.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// The output formats of `paywall-text render`: those of every command, and HTML fragments.
enum RenderFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
    /// HTML fragments, one per text field, with a class per role (``RenderEntry/htmlFragments()``).
    case html
}

/// `paywall-text render`: renders products in one or more locales.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render products as localized paywall text.",
        discussion: """
        FILE holds one document or an array of documents of one --input format \
        (or, with --lines, one document per line): products as StoreKit, App Store \
        Connect, Google Play or RevenueCat deliver them. Each product is rendered in \
        every --locale. The products of one territory are one paywall: each plan \
        cheaper per month than the dearest plan of its currency (or \
        --savings-reference) gets its savings. Bad products are reported beside the \
        good ones and make the exit code 65; App Store offer rules an offer breaks are \
        warnings (see `paywall-text check`).
        """
    )

    @Argument(help: "A JSON file of products, or - for standard input.")
    var file: String = "-"

    @Option(help: "The input's format: \(InputFormat.choiceNames.joined(separator: ", ")).")
    var input: InputChoice = .auto

    @Option(name: .customLong("locale"), help: "A display locale, BCP 47 (pt-BR) or ICU (pt_BR). Repeatable.")
    var locales: [String] = []

    @Option(help: "Output format: text (a table for people), json, or html (a fragment per text field, with a class per role; implies --include parts).")
    var format: RenderFormat = .text

    @Flag(help: "Read JSON Lines and write one output line per input line and locale.")
    var lines = false

    @OptionGroup var rendering: RenderingArguments

    /// The size in bytes beyond which a file holding a JSON array is streamed (by default the
    /// most that is read whole); a lower one, for tests, streams smaller files alike.
    @Option(name: .customLong("stream-above"), help: .hidden)
    var streamAbove: Int = Limits.maximumInputBytes

    func validate() throws {
        try validateLocales(locales, required: true)
    }

    func run() throws {
        let output = OutputWriter(format: format, lines: lines)
        let instant = try rendering.reading.instant()
        var options = try rendering.options(at: instant)
        // Fragments are made of the parts.
        if format == .html { options.include.insert(.parts) }
        let renderer = PaywallRenderer(catalogs: try rendering.catalogs(), copy: try rendering.copy(), options: options)
        let readOptions = rendering.readOptions(at: instant)
        var hadError = false
        var entries: [RenderEntry] = []
        var problems: [DocumentProblem] = []
        /// The items of one document (the file, or one line) as one paywall per territory.
        func render(_ document: StoreDocument, position: (Int) -> Int) {
            let rendered = RenderEntry.entries(for: document, locales: locales, renderer: renderer, position: position)
            hadError = hadError || document.hasErrors || rendered.contains { $0.error != nil }
            entries += rendered
            problems += document.problems.map { problem in
                var problem = problem
                problem.index = position(problem.index - 1)
                return problem
            }
        }
        if lines {
            let reader: LineReader
            do throws(InputReader.Failure) {
                reader = try LineReader(path: file, maximumLength: Limits.maximumLineBytes)
            } catch {
                throw error.exitCode
            }
            var number = 0
            while let line = reader.next() {
                number += 1
                let document: StoreDocument
                switch line {
                case .text(let data):
                    document = DocumentInput.document(data, format: input.format, options: readOptions)
                case .tooLong(let bytes):
                    document = DocumentInput.failure(PaywallTextError(.malformedJSON, message:
                        "the line is \(bytes) bytes; at most \(Limits.maximumLineBytes) are read"), format: input.format)
                }
                let line = number
                render(document, position: { _ in line })
                if format == .json {
                    output.write(entries, problems: problems)  // one line out per line in, as it comes
                    entries = []
                    problems = []
                }
            }
            if number == 0 { DocumentInput.warnEmpty(file, "holds no lines") }
        } else if let size = InputReader.size(of: file), size > streamAbove, ArrayElementReader.holdsArray(file) {
            // An array too large to hold: its products are read and rendered a part at a time.
            if try renderStreamed(size: size, renderer: renderer, readOptions: readOptions, output: output) { throw Exit.dataError }
            return
        } else {
            let document = try DocumentInput.read(file, format: input.format, options: readOptions)
            try rendering.checkSavingsReference(in: document.items)
            render(document, position: { $0 + 1 })
        }

        if !entries.isEmpty || !problems.isEmpty || !lines || format != .json {
            output.write(entries, problems: problems)
        }
        if hadError {
            throw Exit.dataError
        }
    }
}

extension RenderCommand {
    /// How many products of a streamed array are rendered together (beside the products their
    /// savings are measured against).
    static let streamedPart = 256

    /// Renders a file holding a JSON array of StoreKit 1 products too large to be read whole,
    /// one part at a time, with the same output as the array read whole would have: a first
    /// reading finds what savings need (``PaywallRenderer/savingsReferences(reading:)``: per
    /// currency the dearest plans, or the savings reference), keeping no other product; a
    /// second renders each part of the array beside those products and writes it (JSON and
    /// HTML as they come; a text table, whose columns fit every row, at the end). An array of another format is refused with
    /// the size and what to do instead.
    ///
    /// - Returns: Whether anything was wrong (exit 65).
    func renderStreamed(size: Int, renderer: PaywallRenderer, readOptions: ReadOptions, output: OutputWriter) throws -> Bool {
        /// Each element of the array read alone, to `body` with its position (from 0).
        func eachElement(_ body: (Int, StoreDocument) -> Void) throws(PaywallTextError) {
            let reader: ArrayElementReader
            do throws(InputReader.Failure) {
                reader = try ArrayElementReader(path: file)
            } catch {
                throw PaywallTextError(.malformedJSON, message: "\(file) cannot be read")
            }
            var index = 0
            while let element = try reader.next() {
                let document: StoreDocument, format: InputFormat?
                do throws(PaywallTextError) {
                    (document, format) = try StoreDocuments.readArrayElement(element, index: index, format: input.format, options: readOptions)
                } catch where error.kind == .malformedJSON {
                    throw PaywallTextError(.malformedJSON, path: "[\(index)]", message: error.message)
                }
                if let format {
                    guard format == .storeKit1 else {
                        throw PaywallTextError(.malformedJSON, message: Self.tooLarge(file, size: size, streamed:
                            "[\(index)] is \(format.rawValue): an array is read a product at a time only of StoreKit 1 products (--input storekit1)"))
                    }
                }
                body(index, document)
                index += 1
            }
        }
        // An item's position is its place among the items, as in the array read whole: an element
        // that is no product (a problem of the array, at its own position) takes none.
        var members: [(index: Int, item: ImportedProduct)] = []
        var named: ImportedProduct?
        var problems: [DocumentProblem] = []
        var count = 0
        do throws(PaywallTextError) {
            var position = 0
            members = try renderer.savingsReferences { (add) throws(PaywallTextError) in
                try eachElement { index, document in
                    problems += document.problems
                    for item in document.items {
                        add(item, position)
                        position += 1
                        if named == nil, let reference = rendering.savingsReference, (try? item.result.get())?.productIdentifier == reference {
                            named = item
                        }
                    }
                    count += 1
                }
            }
        } catch where error.kind == .unrecognizedFormat {
            printError("error: \(file): \(error.message)")
            throw Exit.usage
        } catch {
            // As an input that cannot be read whole: one failed item (and no product of the reference).
            try rendering.checkSavingsReference(in: [])
            let entries = RenderEntry.entries(for: DocumentInput.failure(error, format: input.format), locales: locales, renderer: renderer)
            output.write(entries)
            return true
        }
        if count == 0 { DocumentInput.warnEmpty(file, "holds no products") }
        try rendering.checkSavingsReference(in: named.map { [$0] } ?? [])

        // A member that is no product is a problem of the array, written after the products, as
        // when the array is read whole; the other members are rendered.
        var hadError = problems.contains { $0.severity == .error }
        var table: [RenderEntry] = []
        var written = 0
        var part: [(index: Int, item: ImportedProduct)] = []
        var asOf: AsOf?
        func flush() {
            guard !part.isEmpty else { return }
            let indices = Set(part.map(\.index))
            let paywall = (part + members.filter { !indices.contains($0.index) }).sorted { $0.index < $1.index }
            let document = StoreDocument(items: paywall.map(\.item), asOf: asOf)
            let entries = RenderEntry.entries(for: document, locales: locales, renderer: renderer, position: { paywall[$0].index + 1 })
                .filter { indices.contains($0.position - 1) }
            hadError = hadError || entries.contains { $0.error != nil || !$0.errors.isEmpty }
            switch format {
            case .json:
                for entry in entries {
                    print(written == 0 ? "[\n  " : ",\n  ", terminator: "")
                    print(entry.jsonText(positionKey: "index"), terminator: "")
                    written += 1
                }
            case .html: output.write(entries)
            case .text: table += entries
            }
            part = []
        }
        do throws(PaywallTextError) {
            var position = 0
            try eachElement { _, document in
                asOf = document.asOf
                for item in document.items {
                    part.append((position, item))
                    position += 1
                }
                if part.count >= Self.streamedPart { flush() }
            }
        } catch {
            // The file changed between the readings.
            printError("error: \(file): \(error.message)")
            throw Exit.dataError
        }
        flush()
        switch format {
        case .json:
            for problem in problems {
                print(written == 0 ? "[\n  " : ",\n  ", terminator: "")
                print(RenderEntry.problemJSONText(problem, positionKey: "index"), terminator: "")
                written += 1
            }
            print(written == 0 ? "[]" : "\n]")
        case .html: output.write([], problems: problems)
        case .text: output.write(table, problems: problems)
        }
        return hadError
    }

    /// What is said of an input beyond ``Limits/maximumInputBytes``: its size when known, the
    /// limit, and how to read it.
    static func tooLarge(_ file: String, size: Int?, streamed: String? = nil) -> String {
        let name = file == "-" ? "standard input" : file
        let how = size == nil ? "is more than \(Limits.maximumInputBytes) bytes" : "is \(size!) bytes"
        return "\(name) \(how); at most \(Limits.maximumInputBytes) (16 MiB) are read at once. "
            + (streamed.map { "\($0). " } ?? "")
            + "Give the products one document per line with --lines (JSON Lines), or, as a file, a JSON array of "
            + "StoreKit 1 products, which is read a product at a time"
    }
}

/// Reading the products of a file, as `render`, `check` and `snapshot` do.
enum DocumentInput {
    /// The products of FILE (or standard input): a missing file exits 66, a document that
    /// could be several formats or is not the one named exits 64 saying what it looks like,
    /// a document of no known format (or a purchase, a notification, another vendor's object)
    /// is a problem of the document, and any other problem with the whole input is one failed
    /// item.
    static func read(_ file: String, format: InputFormat?, options: ReadOptions = ReadOptions()) throws -> StoreDocument {
        let data: Data
        do throws(InputReader.Failure) {
            data = try InputReader.read(file)
        } catch {
            throw error.exitCode
        }
        if data.count > Limits.maximumInputBytes {
            return failure(PaywallTextError(.malformedJSON, message: RenderCommand.tooLarge(file, size: InputReader.size(of: file))), format: format)
        }
        if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
            warnEmpty(file, data.isEmpty ? "is empty (0 bytes)" : "holds only whitespace")
            return StoreDocument(items: [])
        }
        do throws(PaywallTextError) {
            let document = try StoreDocuments.readReportingUnreadable(data, format: format, options: options)
            if document.items.isEmpty, !document.hasErrors, document.problems.isEmpty { warnEmpty(file, "holds no products") }
            return document
        } catch where error.kind == .unrecognizedFormat {
            printError("error: \(file == "-" ? "standard input" : file): \(error.message)")
            throw Exit.usage
        } catch {
            return self.failure(error, format: format)
        }
    }

    /// Says on standard error that FILE has no products to read: nothing is wrong with
    /// it, so the exit code stays 0, but an empty input is seldom what was meant.
    static func warnEmpty(_ file: String, _ what: String) {
        printError("warning: \(file == "-" ? "standard input" : file) \(what): there is nothing to read")
    }

    /// The products of one line of JSON Lines: a problem with the whole line is its failure.
    static func document(_ data: Data, format: InputFormat?, options: ReadOptions) -> StoreDocument {
        do throws(PaywallTextError) {
            return try StoreDocuments.readReportingUnreadable(data, format: format, options: options)
        } catch {
            return failure(error, format: format)
        }
    }

    /// One failed item for an input that could not be read at all.
    static func failure(_ error: PaywallTextError, format: InputFormat?) -> StoreDocument {
        let format = format ?? .storeKit1
        return StoreDocument(items: [ImportedProduct(source: ProductSource(format: format, store: format.store, path: ""), result: .failure(error))])
    }
}

extension InputReader.Failure {
    /// Says what went wrong on standard error; the exit code for it (66).
    var exitCode: ExitCode {
        switch self {
        case .missing(let path): printError("error: no such file: \(path)")
        case .unreadable(let path, let reason): printError("error: \(path) \(reason)")
        }
        return Exit.noInput
    }
}
