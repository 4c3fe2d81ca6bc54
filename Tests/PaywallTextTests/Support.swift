import Foundation
@testable import PaywallText
import Testing

// Helpers shared by every test file.

/// A decimal from its exact text; the tests never go through `Double`.
func decimal(_ text: String) -> Decimal {
    Decimal(string: text)!
}

/// A subscription product with the given price, currency and period.
func product(
    _ price: String, _ currency: String = "USD", period: SubscriptionPeriod? = .months(1),
    intro: Discount? = nil, discounts: [Discount]? = nil
) -> Product {
    Product(productIdentifier: "test", price: decimal(price), currencyCode: currency,
            subscriptionPeriod: period, introductoryPrice: intro, discounts: discounts)
}

/// Renders with a renderer of the given catalogs and options.
func render(
    _ product: Product, _ locale: String, catalogs: Catalogs = .builtIn, options: RenderOptions = RenderOptions()
) throws -> RenderedProduct {
    try PaywallRenderer(catalogs: catalogs, options: options).render(product, locale: locale)
}

/// The error rendering throws, or `nil` when it succeeds.
func renderError(
    _ product: Product, _ locale: String = "en-US", catalogs: Catalogs = .builtIn, options: RenderOptions = RenderOptions()
) -> PaywallTextError? {
    do {
        _ = try PaywallRenderer(catalogs: catalogs, options: options).render(product, locale: locale)
        return nil
    } catch {
        return error
    }
}

/// The error an expression throws, or `nil` when it succeeds (or throws something else).
func thrownError<Value>(_ body: () throws -> Value) -> PaywallTextError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? PaywallTextError
    }
}

/// The ICU version this machine formats with, for messages that quote it.
let icuVersion = PaywallRenderer.icuVersion

extension Product {
    func with(_ change: (inout Product) -> Void) -> Product {
        var copy = self
        change(&copy)
        return copy
    }
}

extension Discount {
    /// An offer of the phases of a non-empty list, in order.
    static func of(identifier: String? = nil, type: DiscountType? = nil, _ phases: [OfferPhase]) -> Discount {
        Discount(identifier: identifier, type: type, phases: phases[0], then: Array(phases.dropFirst()))
    }

    func with(_ change: (inout Discount) -> Void) -> Discount {
        var copy = self
        change(&copy)
        return copy
    }
}

// MARK: - Randomness and threads

extension Thread {
    /// Runs `body` on a new thread and waits for its result.
    static func runAndWait<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
        let box = ResultBox<Result>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.start()
        done.wait()
        return box.value!
    }
}

private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
}

// MARK: - Folders

/// The package's root folder (the tests read `Examples/`, `Locales/`, `Goldens/`).
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A folder under the system's temporary folder, removed when the value is released.
final class TemporaryFolder {
    let url: URL
    var path: String { url.path }

    init(_ prefix: String = "paywall-text") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A copy of `Locales/`, changed by `change`.
    static func locales(_ change: (URL) throws -> Void = { _ in }) throws -> TemporaryFolder {
        let folder = try TemporaryFolder("locales")
        try FileManager.default.removeItem(at: folder.url)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Locales"), to: folder.url)
        try change(folder.url)
        return folder
    }

    func appendingPathComponent(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Rewrites one message of a catalog file (`nil` removes it).
func setMessage(_ key: String, to pattern: String?, in file: URL) throws {
    var json = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as! [String: Any]
    var messages = json["messages"] as! [String: Any]
    messages[key] = pattern
    json["messages"] = messages
    try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys]).write(to: file)
}

// MARK: - The built executables

/// The result of running one of the package's executables.
struct CommandResult {
    let status: Int32
    let stdout: String
    let stderr: String

    var stdoutLines: [String] {
        stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

/// An executable built beside the test bundle (`paywall-text`, `paywall-text-fuzz`).
func builtExecutable(_ name: String) -> URL {
    #if os(Linux)
    let products = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    #else
    // On macOS the tests run inside an .xctest bundle in the products folder.
    let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") } ?? Bundle.main
    let products = bundle.bundleURL.deletingLastPathComponent()
    #endif
    return products.appendingPathComponent(name)
}

/// Runs the `paywall-text` executable in the package's root folder.
func runTool(_ arguments: [String], stdin: String? = nil) throws -> CommandResult {
    try run(builtExecutable("paywall-text"), arguments, stdin: stdin)
}

/// Runs an executable in the package's root folder, feeding `stdin` and collecting both outputs.
func run(_ executable: URL, _ arguments: [String], stdin: String? = nil) throws -> CommandResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = packageRoot
    // Standard error goes to a file, so a full pipe can never block the child.
    let errorFolder = try TemporaryFolder("stderr")
    let errorFile = errorFolder.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    let output = Pipe(), input = Pipe()
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: errorFile)
    process.standardInput = input
    try process.run()
    // Feed standard input from another thread while this one drains standard output,
    // so that neither pipe can fill up and stall the child.
    let writer = input.fileHandleForWriting
    let feeding = Thread {
        if let stdin { writer.write(Data(stdin.utf8)) }
        try? writer.close()
    }
    feeding.start()
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let errData = (try? Data(contentsOf: errorFile)) ?? Data()
    return CommandResult(status: process.terminationStatus,
                         stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self))
}
