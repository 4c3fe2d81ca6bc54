import ICUBridge

extension ICU {
    /// A compiled ICU `MessageFormat` whose named arguments are fixed when it is compiled.
    ///
    /// Not `Sendable`: ICU's MessageFormat fills internal caches on first use (number
    /// formats for `#`, plural rules), so one object must not format on two threads at
    /// once. Callers that share messages keep a prototype and give each thread a
    /// ``clone()`` (see `CompiledCatalog`).
    final class MessageFormat {
        /// A syntax error, with the character offset ICU reports, or a pattern beyond the bounds.
        struct SyntaxError: Error, CustomStringConvertible {
            let status: Int32
            let offset: Int
            var reason: String?

            var description: String {
                if let reason { return reason }
                let name = String(cString: icub_error_name(status))
                return offset >= 0 ? "syntax error at character \(offset + 1) (\(name))" : "syntax error (\(name))"
            }
        }

        /// The longest pattern compiled, in UTF-8 bytes (the longest shipped is under 1,000).
        static let maximumPatternBytes = 4096
        /// The deepest nesting of braces compiled (the shipped catalogs use at most 6).
        static let maximumNesting = 16

        /// Why a pattern is beyond the bounds, checked before ICU parses it: a huge or
        /// deeply nested message must not reach ICU's recursive parser.
        static func boundsProblem(_ pattern: String) -> SyntaxError? {
            let bytes = pattern.utf8.count
            if bytes > maximumPatternBytes {
                return SyntaxError(status: 1, offset: -1, reason: "the message is \(bytes) bytes; at most \(maximumPatternBytes)")
            }
            // Counting every brace, quoted or not, bounds the real nesting from above.
            var depth = 0
            for byte in pattern.utf8 {
                if byte == UInt8(ascii: "{") {
                    depth += 1
                    if depth > maximumNesting {
                        return SyntaxError(status: 1, offset: -1, reason: "braces nest deeper than \(maximumNesting) levels")
                    }
                } else if byte == UInt8(ascii: "}") {
                    depth -= 1
                }
            }
            return nil
        }

        private let handle: OpaquePointer
        /// The argument names, in the order ``Arguments`` must supply them.
        let argumentNames: [String]

        init(pattern: String, locale: String, arguments: [String]) throws(SyntaxError) {
            if let problem = MessageFormat.boundsProblem(pattern) { throw problem }
            var status: Int32 = 0
            var offset: Int32 = -1
            let handle = withCStrings(arguments) { names in
                icub_message_format_open(pattern, locale, names, Int32(arguments.count), &offset, &status)
            }
            guard status <= 0, let handle else {
                throw SyntaxError(status: status > 0 ? status : 1, offset: Int(offset))
            }
            self.handle = handle
            argumentNames = arguments
        }

        private init(handle: OpaquePointer, argumentNames: [String]) {
            self.handle = handle
            self.argumentNames = argumentNames
        }

        deinit {
            icub_message_format_close(handle)
        }

        /// An independent copy that another thread may use.
        func clone() throws(Failure) -> MessageFormat {
            var status: Int32 = 0
            guard let copy = icub_message_format_clone(handle, &status), status <= 0 else {
                throw Failure(status: status > 0 ? status : 7, operation: "cloning a message format")
            }
            return MessageFormat(handle: copy, argumentNames: argumentNames)
        }

        /// Formats with arguments given in the order of ``argumentNames``.
        func format(_ arguments: Arguments) throws(Failure) -> String {
            precondition(arguments.count == argumentNames.count, "message arguments out of step with their names")
            return try arguments.withBuffers { text, offsets, integers, flags throws(Failure) in
                try ICU.string("formatting a message") { buffer, capacity, status in
                    icub_message_format_format(handle, text, offsets, integers, flags, buffer, capacity, &status)
                }
            }
        }

        /// Argument values in a message's argument order: texts in one UTF-8 buffer, integers beside.
        struct Arguments {
            private var text: [UInt8] = []
            private var offsets: [Int32] = [0]
            private var integers: [Int64] = []
            private var flags: [UInt8] = []

            init(capacity: Int = 8) {
                text.reserveCapacity(capacity * 24)
                offsets.reserveCapacity(capacity + 1)
                integers.reserveCapacity(capacity)
                flags.reserveCapacity(capacity)
            }

            var count: Int { flags.count }

            /// Appends a formatted piece (`$9.99`, `3 months`).
            mutating func append(_ string: String) {
                text.append(contentsOf: string.utf8)
                offsets.append(Int32(text.count))
                integers.append(0)
                flags.append(0)
            }

            /// Appends a raw integer, for `plural`.
            mutating func append(_ integer: Int) {
                offsets.append(Int32(text.count))
                integers.append(Int64(integer))
                flags.append(1)
            }

            func withBuffers<Result>(
                _ body: (UnsafePointer<CChar>, UnsafePointer<Int32>, UnsafePointer<Int64>, UnsafePointer<UInt8>) throws(Failure) -> Result
            ) throws(Failure) -> Result {
                let result: Swift.Result<Result, Failure> = text.withUnsafeBufferPointer { text in
                    offsets.withUnsafeBufferPointer { offsets in
                        integers.withUnsafeBufferPointer { integers in
                            flags.withUnsafeBufferPointer { flags in
                                // Empty arrays may have no storage; ICU reads nothing from them then.
                                let textBase = UnsafeRawPointer(text.baseAddress ?? UnsafePointer(Arguments.empty))
                                return Swift.Result { () throws(Failure) in
                                    try body(textBase.assumingMemoryBound(to: CChar.self), offsets.baseAddress!,
                                             integers.baseAddress ?? UnsafePointer(Arguments.emptyIntegers),
                                             flags.baseAddress ?? UnsafePointer(Arguments.empty))
                                }
                            }
                        }
                    }
                }
                return try result.get()
            }

            private nonisolated(unsafe) static let empty = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
            private nonisolated(unsafe) static let emptyIntegers = UnsafeMutablePointer<Int64>.allocate(capacity: 1)
        }

        /// Describes a pattern's arguments in order: name, kind and selectors.
        static func describe(_ pattern: String) throws(SyntaxError) -> [(name: String, kind: String, selectors: [String])] {
            if let problem = boundsProblem(pattern) { throw problem }
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
private func withCStrings<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
    var storage: [CChar] = [0]  // never empty, so the buffer always has a base address
    var offsets: [Int] = []
    for string in strings {
        offsets.append(storage.count)
        storage.append(contentsOf: string.utf8CString)
    }
    return storage.withUnsafeBufferPointer { buffer in
        let pointers: [UnsafePointer<CChar>?] = offsets.map { buffer.baseAddress! + $0 } + [nil]
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
