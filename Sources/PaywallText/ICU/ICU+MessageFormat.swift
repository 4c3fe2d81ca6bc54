import ICUBridge
import Synchronization

extension ICU {
    /// A compiled ICU `MessageFormat` with named arguments.
    ///
    /// `@unchecked Sendable`: ICU's MessageFormat fills internal caches on first use
    /// (number formats for `#`, plural rules), so calls are serialized by a mutex
    /// owned by this object; the handle is closed only in `deinit`.
    final class MessageFormat: @unchecked Sendable {
        /// An argument value: formatted text, or a raw integer for `plural`.
        enum Argument {
            case string(String)
            case integer(Int)
        }

        /// A syntax error, with the character offset ICU reports.
        struct SyntaxError: Error, CustomStringConvertible {
            let status: Int32
            let offset: Int

            var description: String {
                let name = String(cString: icub_error_name(status))
                return offset >= 0 ? "syntax error at character \(offset + 1) (\(name))" : "syntax error (\(name))"
            }
        }

        private let handle: OpaquePointer
        private let lock = Mutex(())

        init(pattern: String, locale: String) throws(SyntaxError) {
            var status: Int32 = 0
            var offset: Int32 = -1
            let handle = icub_message_format_open(pattern, locale, &offset, &status)
            guard status <= 0, let handle else {
                throw SyntaxError(status: status > 0 ? status : 1, offset: Int(offset))
            }
            self.handle = handle
        }

        deinit {
            icub_message_format_close(handle)
        }

        /// Formats with named arguments.
        func format(_ arguments: KeyValuePairs<String, Argument>) throws(Failure) -> String {
            let count = arguments.count
            var names: [String] = [], strings: [String] = []
            var integers = [Int64](repeating: 0, count: count), isInteger = [UInt8](repeating: 0, count: count)
            names.reserveCapacity(count)
            strings.reserveCapacity(count)
            for (index, (name, value)) in arguments.enumerated() {
                names.append(name)
                switch value {
                case .string(let text):
                    strings.append(text)
                case .integer(let number):
                    strings.append("")
                    integers[index] = Int64(number)
                    isInteger[index] = 1
                }
            }
            return try withCStrings(names) { namePointers throws(Failure) in
                try withCStrings(strings) { stringPointers throws(Failure) in
                    try lock.withLock { _ throws(Failure) in
                        try ICU.string("formatting a message") { buffer, capacity, status in
                            icub_message_format_format(handle, Int32(count), namePointers, stringPointers,
                                                       integers, isInteger, buffer, capacity, &status)
                        }
                    }
                }
            }
        }

        /// Describes a pattern's arguments in order: name, kind and selectors.
        static func describe(_ pattern: String) throws(SyntaxError) -> [(name: String, kind: String, selectors: [String])] {
            var offset: Int32 = -1
            var failure: Int32 = 0
            let text = try? ICU.string("describing a message pattern") { buffer, capacity, status in
                let length = icub_message_pattern_describe(pattern, buffer, capacity, &offset, &status)
                failure = status
                return length
            }
            guard let text, failure <= 0 else {
                throw SyntaxError(status: failure > 0 ? failure : 1, offset: Int(offset))
            }
            return text.split(separator: "\n").map { line in
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                let selectors = fields.count > 2 ? fields[2].split(separator: ",").map(String.init) : []
                return (String(fields[0]), fields.count > 1 ? String(fields[1]) : "", selectors)
            }
        }
    }
}

/// Calls `body` with NUL-terminated C strings for `strings`, valid during the call.
private func withCStrings<Result>(
    _ strings: [String],
    _ body: (UnsafePointer<UnsafePointer<CChar>?>) throws(ICU.Failure) -> Result
) throws(ICU.Failure) -> Result {
    var storage: [CChar] = [0]  // never empty, so the buffer always has a base address
    var offsets: [Int] = []
    for string in strings {
        offsets.append(storage.count)
        storage.append(contentsOf: string.utf8CString)
    }
    let result: Swift.Result<Result, ICU.Failure> = storage.withUnsafeBufferPointer { buffer in
        let pointers: [UnsafePointer<CChar>?] = offsets.map { buffer.baseAddress! + $0 } + [nil]
        return pointers.withUnsafeBufferPointer { list in
            Swift.Result { () throws(ICU.Failure) in try body(list.baseAddress!) }
        }
    }
    return try result.get()
}
