import ICUBridge

/// Namespace for the thin Swift layer over `ICUBridge`. Nothing here is public:
/// the rest of the package sees Swift strings and typed errors only.
enum ICU {
    /// ICU's version, e.g. `72.1`.
    static let version: String = String(cString: icub_icu_version())

    /// The CLDR version of ICU's data, e.g. `42.0`.
    static let cldrVersion: String = (try? ICU.string("ulocdata_getCLDRVersion") { icub_cldr_version($0, $1, &$2) }) ?? "unknown"

    /// A failed ICU call, with ICU's name for the status code.
    struct Failure: Error, CustomStringConvertible {
        let status: Int32
        let operation: String

        var description: String {
            "\(operation) failed with \(String(cString: icub_error_name(status)))"
        }
    }

    /// Calls an ICUBridge function that writes UTF-8 into a buffer and returns the
    /// full length, retrying once with a buffer of the right size.
    static func string(
        _ operation: String,
        _ body: (UnsafeMutablePointer<CChar>, Int32, inout Int32) -> Int32
    ) throws(Failure) -> String {
        var status: Int32 = 0
        let smallCapacity = 256
        let (text, needed): (String?, Int) = withUnsafeTemporaryAllocation(of: CChar.self, capacity: smallCapacity) { buffer in
            let length = Int(body(buffer.baseAddress!, Int32(smallCapacity), &status))
            guard status <= 0, length < smallCapacity else { return (nil, length) }
            let bytes = UnsafeRawBufferPointer(start: buffer.baseAddress!, count: length)
            return (String(decoding: bytes, as: UTF8.self), length)
        }
        if status > 0 { throw Failure(status: status, operation: operation) }
        if let text { return text }
        let capacity = needed + 1
        var retryStatus: Int32 = 0
        let result = String(unsafeUninitializedCapacity: capacity) { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                let length = Int(body(chars.baseAddress!, Int32(capacity), &retryStatus))
                return retryStatus > 0 || length >= capacity ? 0 : length
            }
        }
        if retryStatus > 0 { throw Failure(status: retryStatus, operation: operation) }
        return result
    }
}
