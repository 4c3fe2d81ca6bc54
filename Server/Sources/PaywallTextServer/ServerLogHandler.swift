#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import Logging
import Synchronization

/// The server's log handler: lines on standard error as swift-log's `StreamLogHandler`
/// writes them (`2026-11-24T13:00:00+0000 info paywall-text-server: key=value [source] message`),
/// with the metadata formatted when a line is written rather than whenever it is set.
///
/// Hummingbird gives every request a logger with its own request id, and at the default
/// level a request logs nothing; `StreamLogHandler` formats its metadata each time it is
/// set, which was about 2% of a cached render's time. `paywall-text-server` bootstraps
/// swift-log with it in `main`, as it does swift-metrics.
public struct ServerLogHandler: LogHandler {
    /// The logger's label.
    public let label: String
    /// The most verbose level written.
    public var logLevel: Logger.Level = .info
    /// The logger's own metadata, merged under each line's.
    public var metadata: Logger.Metadata = [:]
    /// A provider of metadata for every line, as swift-log's bootstrap may give one.
    public var metadataProvider: Logger.MetadataProvider?

    /// One line at a time: lines from several threads do not interleave.
    private static let output = Mutex(())

    /// A handler for a logger's label, writing to standard error.
    public init(label: String) {
        self.label = label
    }

    /// A piece of the logger's metadata.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes one line: the time, the level, the label, the metadata (the logger's, the
    /// provider's, the line's and its error, sorted by key), the source and the message.
    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let own = event.metadata { merged.merge(own) { $1 } }
        if let error = event.error { merged["error"] = .string("\(error)") }
        let pieces = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        var line = "\(Self.timestamp()) \(event.level) \(label):\(pieces.isEmpty ? "" : " " + pieces.joined(separator: " "))"
            + " [\(event.source)] \(event.message)\n"
        Self.output.withLock { _ in
            line.withUTF8 { bytes in
                var written = 0
                while written < bytes.count {
                    let result = write(STDERR_FILENO, bytes.baseAddress! + written, bytes.count - written)
                    guard result > 0 else { break }
                    written += result
                }
            }
        }
    }

    /// The local time as `StreamLogHandler` writes it: `2026-11-24T13:00:00+0000`.
    private static func timestamp() -> String {
        var now = time(nil)
        var local = tm()
        guard localtime_r(&now, &local) != nil else { return "<unknown>" }
        var buffer = [CChar](repeating: 0, count: 64)
        let length = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &local)
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
