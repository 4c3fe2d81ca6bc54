// swift-tools-version: 6.0
import PackageDescription

/// Set by Fuzz/run: instrument the library for libFuzzer and AddressSanitizer and link
/// the fuzz target against libFuzzer's main. Other builds are unaffected.
let fuzzing = Context.environment["PAYWALL_FUZZING"] != nil

let package = Package(
    name: "PaywallText",
    // Linux is where the package is built and tested; macOS 15 is the first with the
    // standard library features it uses (Synchronization.Atomic, String(validating:)).
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "PaywallText", targets: ["PaywallText"]),
        // The JSON the CLI and the server write; for the server package in Server/.
        .library(name: "PaywallTextJSON", targets: ["PaywallTextJSON"]),
        // Snapshot files of a user's own products, for their test suites (PaywallSnapshots).
        .library(name: "PaywallTextGoldens", targets: ["PaywallTextGoldens"]),
        .executable(name: "paywall-text", targets: ["paywall-text"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Adds `swift package generate-documentation` for the DocC catalog in Sources/PaywallText.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // ICU4C from the system (Debian: libicu-dev). Only ICUBridge sees its headers.
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-uc icu-i18n",
            providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]
        ),
        // A small C++ shim with a plain C header: no ICU type crosses into Swift.
        .target(
            name: "ICUBridge",
            dependencies: ["CICU"],
            cxxSettings: fuzzing ? [.unsafeFlags(["-fsanitize=fuzzer-no-link,address"])] : []
        ),
        .target(
            name: "PaywallText",
            dependencies: ["ICUBridge"],
            plugins: ["EmbedCatalogs"]
        ),
        // Locales/*.json → Swift literals inside PaywallText (see Plugins/EmbedCatalogs).
        .executableTarget(name: "embed-catalogs"),
        .plugin(
            name: "EmbedCatalogs",
            capability: .buildTool(),
            dependencies: ["embed-catalogs"]
        ),
        // What the benchmark, the fuzz target, the tests and the CLI need beyond the library's
        // API: cache accounting, the catalog fuzzer's entry, this package's own golden files.
        .target(
            name: "PaywallTextSupport",
            dependencies: ["PaywallText", "PaywallTextGoldens"]
        ),
        // The translators' review site (`paywall-text review`).
        .target(
            name: "PaywallTextReview",
            dependencies: ["PaywallText", "PaywallTextGoldens", "PaywallTextJSON", "PaywallTextSupport"]
        ),
        // The JSON output of `render` (one entry per product and locale) and its HTML fragments,
        // shared by the CLI and the server.
        .target(
            name: "PaywallTextJSON",
            dependencies: ["PaywallText"]
        ),
        // Snapshot files of a user's products (PaywallSnapshots), and the golden-file format,
        // comparison and record modes they share with this package's own golden files; their
        // spoken forms and parts are listed as the JSON output lists them.
        .target(
            name: "PaywallTextGoldens",
            dependencies: ["PaywallText", "PaywallTextJSON"]
        ),
        .executableTarget(
            name: "paywall-text",
            dependencies: [
                "PaywallText",
                "PaywallTextGoldens",
                "PaywallTextJSON",
                "PaywallTextReview",
                "PaywallTextSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Benchmark against Foundation and raw ICU; run in release (see README, Performance).
        .executableTarget(
            name: "paywall-text-bench",
            dependencies: ["PaywallText", "PaywallTextGoldens", "PaywallTextJSON", "PaywallTextSupport", "ICUBridge"]
        ),
        // Fuzz targets (Fuzz/run builds them with libFuzzer); built normally, a replayer.
        .executableTarget(
            name: "paywall-text-fuzz",
            dependencies: ["PaywallText", "PaywallTextSupport"],
            path: "Fuzz/Sources",
            swiftSettings: fuzzing ? [.define("PAYWALL_FUZZING")] : [],
            linkerSettings: fuzzing ? [.unsafeFlags(["-sanitize=fuzzer,address", "-use-ld=lld"])] : []
        ),
        .testTarget(
            name: "PaywallTextTests",
            dependencies: ["PaywallText", "PaywallTextGoldens", "PaywallTextJSON", "PaywallTextReview", "PaywallTextSupport",
                           "paywall-text", "paywall-text-fuzz"]
        ),
    ],
    cxxLanguageStandard: .cxx17
)

// The same strict settings for every Swift target.
for target in package.targets where ![.system, .plugin].contains(target.type) && target.name != "ICUBridge" {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ]
    if fuzzing, ["PaywallText", "paywall-text-fuzz"].contains(target.name) {
        target.swiftSettings! += [.unsafeFlags(["-sanitize=fuzzer,address"])]
    }
}
