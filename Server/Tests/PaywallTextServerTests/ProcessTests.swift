import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `paywall-text-server` binary as it is deployed: signals and shutdown.
@Suite("Server process", .serialized)
struct ProcessTests {
    /// The built server, started on a free loopback port; stopped when the test ends.
    final class RunningServer: @unchecked Sendable {
        let process = Process()
        let output = Pipe()
        let port: UInt16

        init(_ arguments: [String] = []) throws {
            #if os(Linux)
            let products = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            #else
            let products = (Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") } ?? Bundle.main).bundleURL.deletingLastPathComponent()
            #endif
            process.executableURL = products.appendingPathComponent("paywall-text-server")
            process.arguments = ["--port", "0", "--log-level", "warning"] + arguments
            process.standardOutput = output
            try process.run()
            // The server prints one line once it listens: `… listening on http://127.0.0.1:PORT`.
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { break }
                line += chunk
            }
            let text = String(decoding: line, as: UTF8.self)
            guard let port = text.split(separator: ":").last.flatMap({ UInt16($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) else {
                process.terminate()
                throw Failure("the server did not say where it listens: \(text)")
            }
            self.port = port
        }

        func signal(_ number: Int32) {
            kill(process.processIdentifier, number)
        }

        /// Waits for the process to exit, at most `seconds`; its exit status.
        func waitForExit(seconds: Double) -> Int32? {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            return process.isRunning ? nil : process.terminationStatus
        }

        deinit {
            if process.isRunning { process.terminate() }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// A request written in full on its own connection, read back after.
    final class Connection {
        let descriptor: Int32

        init(port: UInt16, path: String, body: String) throws {
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { throw Failure("cannot connect to port \(port)") }
            let request = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nConnection: close\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n" + body
            var bytes = Array(request.utf8)
            var sent = 0
            while sent < bytes.count {
                let count = bytes.withUnsafeMutableBytes { send(descriptor, $0.baseAddress! + sent, $0.count - sent, 0) }
                guard count > 0 else { throw Failure("cannot send the request") }
                sent += count
            }
        }

        /// Everything the server sends until it closes the connection.
        func response() -> String {
            var data = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count <= 0 { break }
                data += buffer[0..<count]
            }
            return String(decoding: data, as: UTF8.self)
        }

        deinit {
            close(descriptor)
        }
    }

    /// A request heavy enough to be in flight for a while: 60 products, each different (so
    /// the result cache cannot answer), in 20 locales.
    static func heavyBody(seed: Int) -> String {
        let locales = ["en-US", "de-DE", "fr-FR", "ja-JP", "ar-SA", "ru-RU", "pt-BR", "es-MX", "it-IT", "ko-KR",
                       "zh-Hans-CN", "hi-IN", "tr-TR", "pl-PL", "nl-NL", "sv-SE", "he-IL", "th-TH", "vi-VN", "id-ID"]
        let products = (0..<60).map { index in
            #"{"productIdentifier":"p\#(index)","price":"\#(seed).\#(10 + index)","currencyCode":"USD","subscriptionPeriod":{"unit":"month","numberOfUnits":1},"introductoryPrice":{"paymentMode":"payAsYouGo","price":"0.99","subscriptionPeriod":{"unit":"month","numberOfUnits":1},"numberOfPeriods":3}}"#
        }
        return #"{"locales":[\#(locales.map { "\"\($0)\"" }.joined(separator: ","))],"products":[\#(products.joined(separator: ","))]}"#
    }

    /// SIGTERM while requests are in flight: each is answered in full, then the server exits 0
    /// and no longer accepts connections.
    @Test func sigtermFinishesTheRequestsInFlight() throws {
        let server = try RunningServer(["--max-products", "100", "--max-locales", "20"])
        let connections = try (0..<6).map { try Connection(port: server.port, path: "/v1/render", body: Self.heavyBody(seed: $0 + 1)) }
        usleep(150_000)  // the server has accepted and is reading or rendering them
        server.signal(SIGTERM)
        for (index, connection) in connections.enumerated() {
            let response = connection.response()
            #expect(response.hasPrefix("HTTP/1.1 200 OK"), "request \(index): \(response.prefix(80))")
            // Complete: the body is the full JSON array, as long as Content-Length says.
            let parts = response.components(separatedBy: "\r\n\r\n")
            let length = parts.first?.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
            let body = parts.dropFirst().joined(separator: "\r\n\r\n")
            #expect(length == body.utf8.count)
            #expect((try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [Any])?.count == 60 * 20)
        }
        #expect(server.waitForExit(seconds: 30) == 0)
        #expect(throws: Failure.self) { try Connection(port: server.port, path: "/healthz", body: "") }
    }

    /// SIGHUP reloads `--catalogs`, as `POST /v1/catalogs/reload` does.
    @Test func sighupReloadsTheCatalogs() throws {
        let folder = try TemporaryFolder()
        try folder.setMessage("price.free", to: "Gratis!", in: "de.json")
        let server = try RunningServer(["--catalogs", folder.path])
        let body = #"{"locales":["de-DE"],"products":\#(productJSON("p", price: "9.99"))}"#
        #expect(try Connection(port: server.port, path: "/v1/render", body: body).response().contains(#""price":"Gratis!""#))
        try folder.setMessage("price.free", to: "Kostenlos!", in: "de.json")
        server.signal(SIGHUP)
        var reloaded = false
        for _ in 0..<50 where !reloaded {
            usleep(100_000)
            reloaded = try Connection(port: server.port, path: "/v1/render", body: body).response().contains(#""price":"Kostenlos!""#)
        }
        #expect(reloaded)
        server.signal(SIGTERM)
        #expect(server.waitForExit(seconds: 30) == 0)
    }
}
