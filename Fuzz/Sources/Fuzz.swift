#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallText
import PaywallTextSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Two fuzz targets in one binary, chosen by PAYWALL_FUZZ_TARGET (`render`, the default,
// or `catalog`):
// - render:  bytes → ProductDecoder (batch and single), and StoreDocuments as each input
//            format and detected → render in four locales;
// - catalog: bytes as a catalog message → checks, ICU compile and format in three locales.
// Built with -sanitize=fuzzer (Fuzz/run), libFuzzer supplies main. Built normally, the
// binary replays files through the same entry (see ReplayMain), which the tests use to run
// the committed corpora and every past crash as regression inputs.

enum FuzzTarget: String {
    case render, catalog

    static let current: FuzzTarget = {
        ProcessInfo.processInfo.environment["PAYWALL_FUZZ_TARGET"].flatMap(FuzzTarget.init(rawValue:)) ?? .render
    }()

    func run(_ data: Data) {
        switch self {
        case .render:
            let renderer = PaywallRenderer()
            var products: [Product] = []
            for item in ProductDecoder.decodeBatch(data) {
                if case .success(let product) = item { products.append(product) }
            }
            if let product = try? ProductDecoder.decodeProduct(data) { products.append(product) }
            for product in products {
                for locale in ["en-US", "ru-RU", "ar-SA", "ja-JP"] {
                    _ = try? renderer.render(product, locale: locale)
                }
            }
            // Every store format, and detection; what reads renders as one paywall per territory.
            _ = try? StoreDocuments.detectFormat(data)
            for format in [nil] + InputFormat.allCases.map(Optional.some) {
                guard let document = try? StoreDocuments.read(data, format: format) else { continue }
                for locale in ["en-US", "ar-SA"] {
                    _ = renderer.render(document.items, locale: try! DisplayLocale(locale))
                }
            }
        case .catalog:
            let pattern = String(decoding: data, as: UTF8.self)
            for locale in ["en", "ru", "ar"] {
                _ = CatalogFuzzing.exercise(pattern: pattern, catalog: locale)
            }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzTarget.current.run(Data(bytes: bytes, count: size))
    return 0
}


#if PAYWALL_FUZZING
/// libFuzzer's driver, for a binary whose `main` is Swift's (SwiftPM names the entry point).
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

@main
struct FuzzMain {
    static func main() {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(runFuzzerDriver(&argc, &argv, fuzzOneInput))
    }
}
#endif
