#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import PaywallText

/// Snapshot files of your own products: the text your paywall shows, one file per locale,
/// checked in a test suite the way this package checks its golden files.
///
/// ```swift
/// @Test func paywallText() throws {
///     let document = try StoreDocuments.read(Data(contentsOf: productsURL),
///                                            options: ReadOptions(asOf: AsOf(parsing: "2026-11-01")))
///     try PaywallSnapshots.verify(document, locales: ["en-US", "de-DE", "ar-SA"],
///                                 in: URL(fileURLWithPath: "PaywallTextSnapshots"))
/// }
/// ```
///
/// Each locale's file, `<directory>/<locale>.txt`, is in the golden files' format: ICU and
/// CLDR versions, each product's input, every text with its plural category, invisible
/// characters written `[U+00A0]`, and for right-to-left locales how each line displays.
/// Record modes are those of ``RecordMode``, from `PAYWALL_TEXT_RECORD` unless given;
/// recording is reported as a failure, so that a test never passes on a file it has just
/// written. Works from Swift Testing and XCTest alike: a thrown ``SnapshotFailure`` fails
/// the test with its message.
public enum PaywallSnapshots {
    /// Renders products in every locale and compares each locale's file.
    ///
    /// - Parameters:
    ///   - products: The products of one paywall (savings are computed between them).
    ///   - locales: Display locales, BCP 47 (`de-DE`) or ICU IDs; one file each.
    ///   - directory: The folder of the snapshot files (created when recording).
    ///   - catalogs: The catalogs; pass `try Catalogs(directory: "Locales")` to check your own
    ///     edited catalogs.
    ///   - copy: Your own messages, written in a copy section per product and offer; `nil` for none.
    ///   - options: Rendering options.
    ///   - record: The record mode; `nil` reads `PAYWALL_TEXT_RECORD` (default `missing`).
    ///   - artifacts: Where the actual text of a file that differs is written; `nil` reads
    ///     `PAYWALL_TEXT_ARTIFACTS`, else `.build/paywall-text-artifacts` in the current folder.
    /// - Throws: ``SnapshotFailure`` when any file is missing (mode `never`), differs, or was
    ///   recorded, naming each file with a unified diff and the command that re-records it.
    public static func verify(
        _ products: [Product], locales: [String], in directory: URL, catalogs: Catalogs = .builtIn, copy: PaywallCopy? = nil,
        options: RenderOptions = RenderOptions(), record: RecordMode? = nil, artifacts: URL? = nil
    ) throws(SnapshotFailure) {
        let items = products.enumerated().map { offset, product in
            ImportedProduct(source: ProductSource(format: .storeKit1, store: nil, path: "[\(offset)]",
                                                  productIdentifier: product.productIdentifier),
                            result: Result { () throws(PaywallTextError) in try CheckedProduct(product) })
        }
        try verify(StoreDocument(items: items), locales: locales, in: directory, catalogs: catalogs, copy: copy, options: options,
                   record: record, artifacts: artifacts)
    }

    /// Renders products read by `StoreDocuments` (any input format) in every locale and
    /// compares each locale's file; territories and store rule warnings are written too.
    ///
    /// - Parameters:
    ///   - document: What `StoreDocuments.read(_:format:options:)` returns; each territory's products
    ///     are one paywall, and its instant (when given or used) is named in each file's header.
    ///   - locales: Display locales; one file each.
    ///   - directory: The folder of the snapshot files.
    ///   - catalogs: The catalogs.
    ///   - copy: Your own messages, written in a copy section per product and offer; `nil` for none.
    ///   - options: Rendering options.
    ///   - record: The record mode; `nil` reads `PAYWALL_TEXT_RECORD`.
    ///   - artifacts: Where the actual text of a file that differs is written.
    /// - Throws: ``SnapshotFailure`` when any file is missing, differs or was recorded.
    public static func verify(
        _ document: StoreDocument, locales: [String], in directory: URL, catalogs: Catalogs = .builtIn, copy: PaywallCopy? = nil,
        options: RenderOptions = RenderOptions(), record: RecordMode? = nil, artifacts: URL? = nil
    ) throws(SnapshotFailure) {
        var mode = record ?? .missing
        if record == nil {
            do throws(GoldenVerifier.ConfigurationError) {
                mode = try RecordMode.fromEnvironment()
            } catch {
                throw SnapshotFailure(message: error.message, files: [])
            }
        }
        let run = SnapshotRun(document: document, locales: locales, catalogs: catalogs, copy: copy, options: options,
                              verifier: GoldenVerifier(
            directory: directory, mode: mode, artifacts: artifacts,
            defaultArtifacts: URL(fileURLWithPath: ".build/paywall-text-artifacts"),
            recordCommand: "PAYWALL_TEXT_RECORD={mode} swift test"))
        let failures = run.verify().compactMap { result -> (String, String)? in
            switch result.outcome {
            case .matched: nil
            case .recorded(let message, _), .failed(let message): (result.file, message)
            }
        }
        guard failures.isEmpty else {
            throw SnapshotFailure(message: failures.map(\.1).joined(separator: "\n\n"), files: failures.map(\.0))
        }
    }
}

/// Snapshot files that are missing, differ or were just recorded.
public struct SnapshotFailure: Error, CustomStringConvertible, Sendable {
    /// What happened to each file: the unified diff, where the actual text was written and
    /// the command that re-records; first, when the files were recorded with another ICU
    /// major version, a note saying so.
    public let message: String
    /// The files concerned, as `<directory>/<locale>.txt`.
    public let files: [String]

    /// A failure with its message.
    public init(message: String, files: [String]) {
        self.message = message
        self.files = files
    }

    /// The message.
    public var description: String { message }
}

/// Verifies one snapshot file per locale: the engine of ``PaywallSnapshots`` and of
/// `paywall-text snapshot`.
package struct SnapshotRun {
    /// The products, the problems that belong to none, and the instant read at (named in
    /// each file's header when given or used).
    package let document: StoreDocument
    package let locales: [String]
    package let catalogs: Catalogs
    /// Your own messages, written in each product's copy section.
    package let copy: PaywallCopy?
    package let options: RenderOptions
    package let verifier: GoldenVerifier

    package init(document: StoreDocument, locales: [String], catalogs: Catalogs, copy: PaywallCopy? = nil, options: RenderOptions,
                 verifier: GoldenVerifier) {
        self.document = document
        self.locales = locales
        self.catalogs = catalogs
        self.copy = copy
        self.options = options
        self.verifier = verifier
    }

    /// One file's outcome.
    package struct FileResult {
        package let locale: String
        /// `<directory>/<locale>.txt`, as messages name it.
        package let file: String
        package let outcome: GoldenVerifier.Outcome
    }

    /// Renders and checks every locale's file, in the order of ``locales``.
    package func verify() -> [FileResult] {
        locales.map { locale in
            let outcome = verifier.verify(name: locale) { () throws(PaywallTextError) in
                try SnapshotFile.render(document.items, problems: document.problems, locale: locale, catalogs: catalogs,
                                        copy: copy, options: options, asOf: document.asOf)
            }
            return FileResult(locale: locale, file: "\(verifier.displayName)/\(locale).txt", outcome: outcome)
        }
    }

    /// Files in the folder for locales not checked in this run (`*.txt` only), sorted: left
    /// over from a locale no longer asked for, or asked for under another spelling.
    package func otherFiles() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: verifier.directory.path)) ?? []
        let checked = Set(locales.map { "\($0).txt" })
        return names.filter { $0.hasSuffix(".txt") && !checked.contains($0) }.sorted()
    }
}
