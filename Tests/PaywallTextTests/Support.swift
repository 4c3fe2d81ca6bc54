import Foundation
import PaywallText

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

/// Renders with the default renderer.
func render(_ product: Product, _ locale: String, options: RenderOptions = RenderOptions()) throws -> RenderedProduct {
    try PaywallRenderer(options: options).render(product, locale: locale)
}

/// The error rendering throws, or `nil` when it succeeds.
func renderError(_ product: Product, _ locale: String = "en-US", options: RenderOptions = RenderOptions()) -> PaywallTextError? {
    do {
        _ = try PaywallRenderer(options: options).render(product, locale: locale)
        return nil
    } catch {
        return error
    }
}

/// The result of running the real `paywall-text` binary.
struct CommandResult {
    let status: Int32
    let stdout: String
    let stderr: String

    var stdoutLines: [String] {
        stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

/// The package's root folder (the tests read `Examples/`).
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Runs the `paywall-text` executable built beside the test bundle.
func runTool(_ arguments: [String], stdin: String? = nil) throws -> CommandResult {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("paywall-text")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = packageRoot
    // Standard error goes to a file, so a full pipe can never block the child.
    let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("paywall-text-\(UUID().uuidString).stderr")
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errorFile) }
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
