import ICUBridge

extension ICU {
    /// A compiled ICU `MessageFormat` whose named arguments are fixed when it is compiled.
    ///
    /// Not `Sendable`: ICU's MessageFormat fills internal caches on first use (number
    /// formats for `#`, plural rules) and the bridge reuses its buffers, so one object
    /// must not format on two threads at once. Callers that share messages keep a
    /// prototype and give each thread a ``clone()`` (see ``CompiledCatalog``).
    final class MessageFormat {
        private let handle: OpaquePointer
        /// The argument names, in the order ``Arguments`` must supply them.
        let argumentNames: [String]

        init(pattern: String, locale: String, arguments: [String]) throws(MessagePattern.SyntaxError) {
            if let problem = MessagePattern.boundsProblem(pattern) { throw problem }
            var status: Int32 = 0
            var offset: Int32 = -1
            let handle = ICU.withCStrings(arguments) { names in
                icub_message_format_open(pattern, locale, names, Int32(arguments.count), &offset, &status)
            }
            guard status <= 0, let handle else {
                throw MessagePattern.SyntaxError(status: status > 0 ? status : 1, utf16Offset: offset, in: pattern)
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
            guard arguments.count == argumentNames.count else {
                throw Failure(status: 1, operation: "formatting a message with \(arguments.count) arguments for \(argumentNames.count)")
            }
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
                // An empty array may have no storage; a message without arguments then gets
                // pointers to placeholders, from which ICU reads nothing.
                var noByte: UInt8 = 0
                var noInteger: Int64 = 0
                let result: Swift.Result<Result, Failure> = withUnsafePointer(to: &noByte) { noByte in
                    withUnsafePointer(to: &noInteger) { noInteger in
                        text.withUnsafeBufferPointer { text in
                            offsets.withUnsafeBufferPointer { offsets in
                                integers.withUnsafeBufferPointer { integers in
                                    flags.withUnsafeBufferPointer { flags in
                                        let textBase = UnsafeRawPointer(text.baseAddress ?? noByte).assumingMemoryBound(to: CChar.self)
                                        return Swift.Result { () throws(Failure) in
                                            try body(textBase, offsets.baseAddress!, integers.baseAddress ?? noInteger,
                                                     flags.baseAddress ?? noByte)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                return try result.get()
            }
        }
    }
}
