import FoundationEssentials
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
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .missing(path)
        }
        guard !isDirectory, let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path, reason: isDirectory ? "is a directory" : "cannot be read")
        }
        return data
    }

    private static func readStandardInput() -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    /// Splits JSON Lines input into lines (numbered from 1), without a final empty line.
    static func lines(of data: Data) -> [Data] {
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            line.last == UInt8(ascii: "\r") ? Data(line.dropLast()) : Data(line)
        }
        if data.last == UInt8(ascii: "\n") { lines.removeLast() }
        return lines
    }
}
