// swift-tools-version: 6.2
import PackageDescription

// The HTTP server, a package of its own so that users of the library never resolve a
// web framework. It depends on the library by path.
let package = Package(
    name: "PaywallTextServer",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "paywall-text-server", targets: ["paywall-text-server"]),
    ],
    dependencies: [
        .package(name: "PaywallText", path: ".."),
        // Without its default traits: neither swift-configuration nor the full-Foundation extras are used.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The application: routes, limits, metrics, catalog reloads. A library so that the
        // tests build it in process.
        .target(
            name: "PaywallTextServer",
            dependencies: [
                .product(name: "PaywallText", package: "PaywallText"),
                .product(name: "PaywallTextJSON", package: "PaywallText"),
                .product(name: "Hummingbird", package: "hummingbird"),
                // HTTP1Channel and its responder: the interim `100 Continue`.
                .product(name: "HummingbirdCore", package: "hummingbird"),
                // The answer cache's locks.
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            // Compiled into the binary: a server deployed alone still serves its document.
            resources: [.embedInCode("openapi.json")]
        ),
        .executableTarget(
            name: "paywall-text-server",
            dependencies: [
                "PaywallTextServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Metrics", package: "swift-metrics"),
            ]
        ),
        .testTarget(
            name: "PaywallTextServerTests",
            dependencies: [
                "PaywallTextServer",
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                // The tests' HTTP client: SwiftNIO, which the server runs on already.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
    ]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}
