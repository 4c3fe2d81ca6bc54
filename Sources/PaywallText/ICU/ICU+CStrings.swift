#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension ICU {
    /// Calls `body` with the strings as an array of NUL-terminated C strings that lives for
    /// the call: how the bridge takes lists (argument names, locales).
    static func withCStrings<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
        // One element at least, so that the buffer has a base address.
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.isEmpty ? [nil] : strings.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { body($0) }
        }
    }
}
