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
        let descriptor = try openFile(path)
        defer { close(descriptor) }
        return read(descriptor: descriptor)
    }

    /// Opens a file for reading: a missing path, a directory and a file that cannot be
    /// opened are each their own failure. The caller closes the descriptor.
    static func openFile(_ path: String) throws(Failure) -> Int32 {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .missing(path) }
        guard !isDirectory else { throw .unreadable(path, reason: "is a directory") }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .unreadable(path, reason: "cannot be read") }
        return descriptor
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
        descriptor = try InputReader.openFile(path)
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

extension InputReader {
    /// The size of a regular file in bytes; `nil` for standard input, or what is not a
    /// regular file (a pipe, a device), whose size is known only once it is read.
    static func size(of path: String) -> Int? {
        var info = stat()
        guard path != "-", stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }
}

/// Reads a top-level JSON array one element at a time: finds each element's bytes (outside
/// strings, its end is the `,` or `]` at the array's own depth) and hands them over to be
/// parsed alone, so that memory holds one element, however long the array is. Syntax inside
/// an element is left to its parser; the array's own (its brackets, its commas, what follows
/// it) is checked here.
final class ArrayElementReader {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var position = 0
    /// The offset in the input of `buffer[0]`.
    private var dropped = 0
    private var finished = false
    private enum State { case start, element, done }
    private var state = State.start
    /// Where the element being read starts in the buffer: nothing before it is needed.
    private var mark: Int?

    /// Opens a file.
    init(path: String) throws(InputReader.Failure) {
        descriptor = try InputReader.openFile(path)
    }

    deinit {
        close(descriptor)
    }

    /// Whether the file's first byte other than white space opens an array.
    static func holdsArray(_ path: String) -> Bool {
        guard let reader = try? ArrayElementReader(path: path) else { return false }
        reader.skipSpace()
        return reader.peek() == UInt8(ascii: "[")
    }

    /// The bytes of the next element, or `nil` after the last.
    ///
    /// - Throws: ``PaywallTextError`` of kind ``PaywallTextError/Kind/malformedJSON`` for an
    ///   input that is no array, an element missing or longer than ``Limits/maximumInputBytes``,
    ///   an unclosed array, or anything but white space after it.
    func next() throws(PaywallTextError) -> Data? {
        switch state {
        case .done:
            return nil
        case .start:
            skipSpace()
            guard peek() == UInt8(ascii: "[") else { throw failure("expected '[' opening an array") }
            position += 1
            skipSpace()
            if peek() == UInt8(ascii: "]") {
                position += 1
                try finish()
                return nil
            }
            state = .element
        case .element:
            break
        }
        skipSpace()
        mark = position
        defer { mark = nil }
        var depth = 0
        var inString = false, escaped = false
        while true {
            guard let byte = peek() else { throw failure("unexpected end of input inside an array") }
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}") where depth == 0:
                    throw failure("unexpected '}', expected ',' or ']'")
                case UInt8(ascii: "}"), UInt8(ascii: "]") where depth > 0, UInt8(ascii: ",") where depth > 0:
                    if byte != UInt8(ascii: ",") { depth -= 1 }
                case UInt8(ascii: "]"), UInt8(ascii: ","):
                    let start = mark ?? position
                    var end = position
                    while end > start, [0x20, 0x09, 0x0A, 0x0D].contains(buffer[end - 1]) { end -= 1 }
                    guard end > start else { throw failure("unexpected \(byte == UInt8(ascii: ",") ? "','" : "']'"), expected a value") }
                    let element = Data(buffer[start..<end])
                    position += 1
                    if byte == UInt8(ascii: "]") { try finish() }
                    return element
                default: break
                }
            }
            position += 1
            if position - (mark ?? position) > Limits.maximumInputBytes {
                throw failure("an element of the array is more than \(Limits.maximumInputBytes) bytes")
            }
        }
    }

    /// After the array: only white space may follow.
    private func finish() throws(PaywallTextError) {
        state = .done
        skipSpace()
        if peek() != nil { throw failure("unexpected content after the end of the array") }
        buffer = []
    }

    fileprivate func skipSpace() {
        while let byte = peek(), [0x20, 0x09, 0x0A, 0x0D].contains(byte) { position += 1 }
    }

    /// The byte at the position, reading more of the file when the buffer ends; `nil` at its end.
    /// What lies before the element being read is dropped then.
    fileprivate func peek() -> UInt8? {
        if position < buffer.count { return buffer[position] }
        while !finished {
            // Keep the element under way (from its first byte), drop what came before it.
            let keep = mark ?? position
            if keep > 0 {
                buffer.removeFirst(keep)
                dropped += keep
                position -= keep
                mark = mark.map { $0 - keep }
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { finished = true; break }
            buffer.append(contentsOf: chunk[0..<count])
            if position < buffer.count { return buffer[position] }
        }
        return nil
    }

    private func failure(_ message: String) -> PaywallTextError {
        PaywallTextError(.malformedJSON, message: "not valid JSON: \(message) (byte \(dropped + position + 1) of the input)")
    }
}
