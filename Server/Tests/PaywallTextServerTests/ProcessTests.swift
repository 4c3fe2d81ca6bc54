import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP/1.1 request's text.
func request(method: String = "POST", path: String, body: String, contentType: String = "application/json",
             close: Bool = true, length: Int? = nil) -> String {
    "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: \(contentType)\r\n" + (close ? "Connection: close\r\n" : "")
        + "Content-Length: \(length ?? body.utf8.count)\r\n\r\n" + body
}

/// The `paywall-text-server` binary as it is deployed: signals, shutdown, readiness, and
/// refusals at the byte level.
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
            // Not the test's own standard error: a server left running by a crashed test would
            // keep it open, and `swift test` would wait for it.
            process.standardError = FileHandle.nullDevice
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
                throw TestFailure("the server did not say where it listens: \(text)")
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

    /// A TCP connection to the server at the byte level: what is sent may be sent on a thread
    /// of its own (a server that stops reading cannot block the test), and sending and
    /// reading wait at most `timeout` seconds for each piece, so that a connection the server
    /// leaves open ends the read rather than the test run.
    final class RawConnection: @unchecked Sendable {
        let descriptor: Int32
        /// The error of the last send that failed (`errno`), 0 if none.
        private(set) var sendError: Int32 = 0
        /// The error of the last read that failed (`errno`: a reset, or the timeout), 0 if none.
        private(set) var readError: Int32 = 0

        init(port: UInt16, timeout: Int = 10) throws {
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else {
                close(descriptor)
                throw TestFailure("cannot connect to port \(port)")
            }
            var wait = timeval(tv_sec: timeout, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        }

        /// Sends every byte, or stops at the first error (the server closed); `false` then.
        @discardableResult
        func send(_ bytes: [UInt8]) -> Bool {
            var sent = 0
            while sent < bytes.count {
                let count = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
                guard count > 0 else {
                    sendError = errno
                    return false
                }
                sent += count
            }
            return true
        }

        /// Sends on another thread; the group is left when it is done.
        func sendInBackground(_ bytes: [UInt8], group: DispatchGroup) {
            group.enter()
            DispatchQueue.global().async {
                self.send(bytes)
                group.leave()
            }
        }

        /// What arrives until the server closes the connection (`closed`), until `enough`
        /// says so, or until nothing arrives for the timeout.
        func read(until enough: (String) -> Bool = { _ in false }) -> (text: String, closed: Bool) {
            var data = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count == 0 { return (String(decoding: data, as: UTF8.self), true) }
                if count < 0 {
                    readError = errno
                    return (String(decoding: data, as: UTF8.self), false)
                }
                data += buffer[0..<count]
                if enough(String(decoding: data, as: UTF8.self)) { return (String(decoding: data, as: UTF8.self), false) }
            }
        }

        /// Stops sending (half-close): the server reads the end of what the client sends.
        func finishSending() {
            shutdown(descriptor, Int32(SHUT_WR))
        }

        deinit {
            close(descriptor)
        }
    }

    /// Whether `text` holds a whole response: its head, and as much body as its
    /// `Content-Length` says.
    static func isComplete(_ text: String) -> Bool {
        guard let (head, body) = split(text) else { return false }
        return body.utf8.count >= contentLength(head) ?? 0
    }

    /// A response's head and body.
    static func split(_ text: String) -> (head: String, body: String)? {
        guard let end = text.range(of: "\r\n\r\n") else { return nil }
        return (String(text[..<end.lowerBound]), String(text[end.upperBound...]))
    }

    /// The `Content-Length` of a response's head.
    static func contentLength(_ head: String) -> Int? {
        head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
    }

    /// `error` of a response's `{"error": {...}}` body.
    static func error(_ text: String) -> [String: String]? {
        guard let body = split(text)?.body,
              let json = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any] else { return nil }
        return json["error"] as? [String: String]
    }

    /// A request written in full on its own connection (`Connection: close`), read back after.
    final class Connection {
        let connection: RawConnection

        init(port: UInt16, method: String = "POST", path: String, body: String) throws {
            connection = try RawConnection(port: port, timeout: 60)
            guard connection.send(Array(request(method: method, path: path, body: body).utf8)) else { throw TestFailure("cannot send the request") }
        }

        /// Everything the server sends until it closes the connection.
        func response() -> String {
            connection.read().text
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
        let server = try RunningServer(["--max-products", "100", "--max-locales", "20", "--max-renders", "1200"])
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
        #expect(throws: TestFailure.self) { try Connection(port: server.port, method: "GET", path: "/healthz", body: "") }
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

    // MARK: Refusals close cleanly

    /// A body over the limit, with `Connection: close`: the 413 says it closes, and the server
    /// closes once it is sent, while the client is still sending (it used to wait for the
    /// client's own timeout).
    @Test func aRefusalBeforeTheBodyClosesAConnectionAskedToClose() throws {
        let server = try RunningServer(["--max-body-bytes", "4096"])
        let connection = try RawConnection(port: server.port)
        let sending = DispatchGroup()
        connection.sendInBackground(Array(request(path: "/v1/render", body: String(repeating: "x", count: 4 << 20)).utf8), group: sending)
        let (text, closed) = connection.read()
        #expect(text.hasPrefix("HTTP/1.1 413"), "\(text.prefix(60))")
        #expect(text.lowercased().contains("connection: close"))
        #expect(closed, "the server closed the connection")
        #expect(sending.wait(timeout: .now() + 10) == .success, "the client is not left sending")
    }

    /// The same for another answer given before the body is read: 415.
    @Test func anyAnswerBeforeTheBodyClosesAConnectionAskedToClose() throws {
        let server = try RunningServer(["--max-body-bytes", "4096"])
        let connection = try RawConnection(port: server.port)
        let sending = DispatchGroup()
        connection.sendInBackground(Array(request(path: "/v1/render", body: String(repeating: "x", count: 4 << 20), contentType: "text/plain").utf8),
                                    group: sending)
        let (text, closed) = connection.read()
        #expect(text.hasPrefix("HTTP/1.1 415"), "\(text.prefix(60))")
        #expect(closed)
        #expect(sending.wait(timeout: .now() + 10) == .success)
    }

    /// Keep-alive, an answer given before a body within the drain bound (the server's body
    /// limit) was sent (a 415): the rest is read and dropped, and the connection answers the
    /// next request. The rest is sent only once the answer is read, so that it is drained,
    /// not read with the request.
    @Test func aKeepAliveRefusalDrainsASmallRest() throws {
        let server = try RunningServer(["--max-body-bytes", "4096", "--no-warm-up"])
        let connection = try RawConnection(port: server.port)
        let refused = request(path: "/v1/render", body: String(repeating: "x", count: 3000), contentType: "text/plain", close: false)
        let cut = refused.utf8.count - 2000
        #expect(connection.send(Array(refused.utf8.prefix(cut))))
        let answer = connection.read(until: Self.isComplete)
        #expect(answer.text.hasPrefix("HTTP/1.1 415"), "\(answer.text.prefix(60))")
        #expect(!answer.text.lowercased().contains("connection: close"))
        let next = request(method: "GET", path: "/healthz", body: "")
        #expect(connection.send(Array(refused.utf8.dropFirst(cut)) + Array(next.utf8)))
        let (text, closed) = connection.read()
        #expect(text.hasPrefix("HTTP/1.1 200 OK"), "the next request on the connection is answered: \(text.prefix(60))")
        #expect(text.contains(#""status":"ok""#))
        #expect(closed, "closed after the next request, which asked to close")
    }

    /// Keep-alive, a rest beyond the drain bound: the 413 says it closes, and it does.
    @Test func aKeepAliveRefusalClosesALargeRest() throws {
        let server = try RunningServer(["--max-body-bytes", "4096"])
        let connection = try RawConnection(port: server.port)
        let sending = DispatchGroup()
        connection.sendInBackground(Array(request(path: "/v1/render", body: String(repeating: "x", count: 4 << 20), close: false).utf8),
                                    group: sending)
        let (text, closed) = connection.read()
        #expect(text.hasPrefix("HTTP/1.1 413"), "\(text.prefix(60))")
        #expect(text.lowercased().contains("connection: close"))
        #expect(closed)
        #expect(sending.wait(timeout: .now() + 10) == .success)
    }

    // MARK: Expect: 100-continue

    /// `Expect: 100-continue` with a `Content-Length` over the limit: the final 413 and its
    /// error come at once, without a `100 Continue` and without the body, which this client
    /// never sends (a server that waited for it would never answer); the response closes the
    /// connection, and once the client stops sending, the server's side has ended with a
    /// close, not a reset.
    @Test func anOversizeBodyThatExpectsToContinueIsRefusedBeforeItIsSent() throws {
        let server = try RunningServer(["--no-warm-up"])  // the default limit, 1 MiB
        let connection = try RawConnection(port: server.port)
        let head = "POST /v1/render HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Content-Length: 55000000\r\nExpect: 100-continue\r\n\r\n"
        #expect(connection.send(Array(head.utf8)))
        let answer = connection.read(until: Self.isComplete)
        #expect(answer.text.hasPrefix("HTTP/1.1 413"), "no 100 Continue, the final answer: \(answer.text.prefix(60))")
        #expect(answer.text.lowercased().contains("connection: close"))
        #expect(Self.error(answer.text)?["path"] == "Content-Length")
        #expect(Self.error(answer.text)?["message"] == "the body is 55000000 bytes, over 1048576, the most this server reads")
        connection.finishSending()
        let rest = connection.read()
        #expect(rest.text.isEmpty)
        #expect(rest.closed, "the server's side ends cleanly (errno \(connection.readError))")
    }

    /// `Expect: 100-continue` with a body within the limit: the server asks for it with
    /// `100 Continue` alone; the client, which waits for that, sends it and gets its 200. The
    /// next request on the connection, without the expectation, gets no interim answer.
    @Test func aBodyThatExpectsToContinueIsAskedFor() throws {
        let server = try RunningServer(["--no-warm-up"])
        let connection = try RawConnection(port: server.port)
        let body = #"{"locales":["en-US"],"products":\#(productJSON("p", price: "9.99"))}"#
        let head = "POST /v1/render HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.utf8.count)\r\nExpect: 100-continue\r\n\r\n"
        #expect(connection.send(Array(head.utf8)))
        let interim = connection.read { $0.contains("\r\n\r\n") }
        #expect(interim.text == "HTTP/1.1 100 Continue\r\n\r\n")
        #expect(connection.send(Array(body.utf8)))
        let answer = connection.read(until: Self.isComplete)
        #expect(answer.text.hasPrefix("HTTP/1.1 200 OK"), "\(answer.text.prefix(60))")
        let entries = try #require(Self.split(answer.text).flatMap { try? JSONSerialization.jsonObject(with: Data($0.body.utf8)) } as? [[String: Any]])
        #expect(entries.first?["price"] as? String == "$9.99")

        #expect(connection.send(Array(request(path: "/v1/render", body: body).utf8)))
        let (text, closed) = connection.read()
        #expect(text.hasPrefix("HTTP/1.1 200 OK"), "\(text.prefix(60))")
        #expect(closed)
    }

    /// A client that writes its whole body before it reads anything, as Python's `urllib`
    /// does: 200,000 products (about 54 MB) against the default 1 MiB. The 413 is answered at
    /// once; the server then keeps reading and dropping the body (a lingering close), so the
    /// client's writing ends without a reset, and it reads the 413, its error and the end.
    @Test func aClientThatWritesItsWholeBodyFirstReadsThe413() throws {
        let server = try RunningServer(["--no-warm-up"])
        let connection = try RawConnection(port: server.port, timeout: 30)
        var body = Array(#"{"locales":["en-US"],"products":["#.utf8)
        for index in 0..<200_000 {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body += productJSON("com.example.p\(index)", price: "9.99").utf8
        }
        body += Array("]}".utf8)
        #expect(body.count > 50_000_000)
        let head = "POST /v1/render HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        // On this thread, with nobody reading: every byte written, or the error that stopped it.
        #expect(connection.send(Array(head.utf8) + body), "the whole body was written (errno \(connection.sendError))")
        let (text, closed) = connection.read()
        #expect(text.hasPrefix("HTTP/1.1 413"), "\(text.prefix(60))")
        #expect(Self.error(text)?["message"] == "the body is \(body.count) bytes, over 1048576, the most this server reads")
        #expect(closed, "the response ends with the connection's end, not a reset (errno \(connection.readError))")
    }

    // MARK: Readiness and draining

    /// SIGTERM with a shutdown delay: at once not ready (`draining`), while still serving;
    /// then the server exits 0.
    @Test func sigtermDrainsNotReadyButServing() throws {
        let server = try RunningServer(["--shutdown-delay", "3"])
        func get(_ path: String) throws -> String {
            try Connection(port: server.port, method: "GET", path: path, body: "").response()
        }
        var ready = false
        for _ in 0..<100 where !ready {
            ready = try get("/readyz").contains(#"{"status":"ready"}"#)
            if !ready { usleep(50_000) }
        }
        #expect(ready)
        server.signal(SIGTERM)
        var draining = ""
        for _ in 0..<100 {
            draining = try get("/readyz")
            if draining.contains("draining") { break }
            usleep(20_000)
        }
        #expect(draining.hasPrefix("HTTP/1.1 503"))
        #expect(draining.contains(#"{"status":"draining"}"#))
        #expect(try get("/healthz").hasPrefix("HTTP/1.1 200 OK"))
        let body = #"{"locales":["de-DE"],"products":\#(productJSON("p", price: "9.99"))}"#
        #expect(try Connection(port: server.port, path: "/v1/render", body: body).response().hasPrefix("HTTP/1.1 200 OK"))
        #expect(server.waitForExit(seconds: 30) == 0)
    }
}
