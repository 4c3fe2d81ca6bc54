import ICUBridge

extension ICU {
    /// A locale's cardinal plural rules (`plural`), or its ordinal rules (`selectordinal`).
    ///
    /// `@unchecked Sendable`: ICU's `PluralRules::select` is const and thread-safe;
    /// the handle is closed only in `deinit`.
    final class PluralRules: @unchecked Sendable {
        private let handle: OpaquePointer
        /// The locale's plural keywords in ICU's order (`one few many other`).
        let keywords: [String]

        init(locale: String, ordinal: Bool = false) throws(Failure) {
            var status: Int32 = 0
            guard let handle = icub_plural_rules_open(locale, ordinal ? 1 : 0, &status), status <= 0 else {
                throw Failure(status: status > 0 ? status : 1, operation: "opening \(ordinal ? "ordinal" : "plural") rules for \(locale)")
            }
            self.handle = handle
            let joined = try ICU.string("listing plural keywords") { icub_plural_rules_keywords(handle, $0, $1, &$2) }
            keywords = joined.split(separator: " ").map(String.init)
        }

        deinit {
            icub_plural_rules_close(handle)
        }

        /// Sample values of a keyword from ICU's rule data, integers first.
        func samples(of keyword: String) -> [Double] {
            var values = [Double](repeating: 0, count: 64)
            var status: Int32 = 0
            let count = values.withUnsafeMutableBufferPointer {
                icub_plural_rules_samples(handle, keyword, $0.baseAddress, Int32($0.count), &status)
            }
            return status > 0 ? [] : Array(values.prefix(Int(count)))
        }

        /// The plural category of a decimal (ASCII text, `9.90`) as `formatter` writes it, its
        /// visible fraction digits included (Slovenian `3,00` is `few`, `3` is `few`, `5` is
        /// `other`), and whether the number as written shows a fraction.
        func category(of decimal: String, formattedBy formatter: NumberFormatter) throws(Failure) -> (category: String, hasFraction: Bool) {
            let operation = "selecting the plural category of \(decimal)"
            var decimal = decimal
            var hasFraction: Int32 = 0
            let result: Result<String, Failure> = decimal.withUTF8 { utf8 in
                utf8.withMemoryRebound(to: CChar.self) { chars in
                    Result { () throws(Failure) in
                        try formatter.withHandle { formatter throws(Failure) in
                            try ICU.string(operation) { buffer, capacity, status in
                                icub_plural_rules_select_formatted(handle, formatter, chars.baseAddress, Int32(chars.count), &hasFraction,
                                                                   buffer, capacity, &status)
                            }
                        }
                    }
                }
            }
            return (try result.get(), hasFraction != 0)
        }

        /// The plural category ICU chooses for an integer count.
        func category(for count: Int) -> String {
            (try? ICU.string("selecting a plural category") { icub_plural_rules_select_integer(handle, Int64(count), $0, $1, &$2) }) ?? "other"
        }
    }
}
