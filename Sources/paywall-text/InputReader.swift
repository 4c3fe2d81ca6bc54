#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallText
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the input named on the command line: a file path, or `-` for standard input.
enum InputReader {
    enum Failure: Error {
        case missing(String)
        case unreadable(String, reason: String)
    }

    static func read(_ path: String) throws(Failure) -> Data {
        if path == "-" {
            return readStandardInput()
        }
        // ProductDecoder rejects more than Limits.maximumInputBytes; reading stops just past it.
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .missing(path)
        }
        guard !isDirectory else { throw .unreadable(path, reason: "is a directory") }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .unreadable(path, reason: "cannot be read") }
        defer { close(descriptor) }
        return read(descriptor: descriptor)
    }

    private static func readStandardInput() -> Data {
        read(descriptor: 0)
    }

    /// Everything up to one byte past the input limit, so that an oversized input is
    /// reported as such without being held in memory.
    private static func read(descriptor: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while data.count <= Limits.maximumInputBytes {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

}

/// Reads JSON Lines one line at a time, so memory stays bounded however long the
/// input is. A line longer than `maximumLength` is reported as too long (and
/// skipped to its end) rather than read.
final class LineReader {
    enum Line {
        case text(Data)
        case tooLong(bytes: Int)
    }

    private let descriptor: Int32
    private let maximumLength: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var finished = false

    /// Opens a file, or standard input for `-`.
    init(path: String, maximumLength: Int) throws(InputReader.Failure) {
        self.maximumLength = maximumLength
        if path == "-" {
            descriptor = 0
            return
        }
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .missing(path) }
        guard !isDirectory else { throw .unreadable(path, reason: "is a directory") }
        let opened = open(path, O_RDONLY)
        guard opened >= 0 else { throw .unreadable(path, reason: "cannot be read") }
        descriptor = opened
    }

    deinit {
        if descriptor > 0 { close(descriptor) }
    }

    /// The next line without its line break, or `nil` at the end of the input.
    func next() -> Line? {
        var skipped = 0
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let total = skipped + (end - start)
                defer { start = newline + 1 }
                if skipped > 0 || total > maximumLength { return .tooLong(bytes: total) }
                return .text(Data(buffer[start..<end]))
            }
            if buffer.count - start > maximumLength {
                // Drop what is buffered of an overlong line and keep reading to its end.
                skipped += buffer.count - start
                buffer.removeAll(keepingCapacity: true)
                start = 0
            }
            guard !finished else {
                defer { buffer.removeAll(); start = 0 }
                if skipped > 0 { return .tooLong(bytes: skipped + buffer.count - start) }
                return start < buffer.count ? .text(Data(buffer[start...])) : nil
            }
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                finished = true
            } else {
                buffer.append(contentsOf: chunk[0..<count])
            }
        }
    }
}

/// `read(2)`, named apart from the `read` functions of this file.
func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #elseif canImport(Musl)
    Musl.read(descriptor, buffer, count)
    #else
    Darwin.read(descriptor, buffer, count)
    #endif
}
