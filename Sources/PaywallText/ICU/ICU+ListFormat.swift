import ICUBridge

extension ICU {
    /// A locale's "and" list in its wide form: `3 months and 1 week`, German
    /// `3 Monate und 1 Woche`, Japanese `3か月、1週間`.
    ///
    /// `@unchecked Sendable`: ICU's `ListFormatter::format` is const and thread-safe; the handle
    /// is closed only in `deinit`.
    final class ListFormatter: @unchecked Sendable {
        private let handle: OpaquePointer

        init(locale: String) throws(Failure) {
            var status: Int32 = 0
            guard let handle = icub_list_formatter_open(locale, &status), status <= 0 else {
                throw Failure(status: status > 0 ? status : 1, operation: "opening the list formatter of \(locale)")
            }
            self.handle = handle
        }

        deinit {
            icub_list_formatter_close(handle)
        }

        /// The items joined in order with the locale's words.
        func format(_ items: [String]) throws(Failure) -> String {
            let lengths = items.map { Int32($0.utf8.count) }
            // A final NUL keeps the buffer non-empty (its address non-nil) when every item is empty.
            var joined = items.joined() + "\0"
            var result = Result<String, Failure>.failure(Failure(status: 1, operation: "formatting a list"))
            joined.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    result = Result { () throws(Failure) in
                        try ICU.string("formatting a list") {
                            icub_list_format(handle, chars.baseAddress!, lengths, Int32(lengths.count), $0, $1, &$2)
                        }
                    }
                }
            }
            return try result.get()
        }
    }
}
