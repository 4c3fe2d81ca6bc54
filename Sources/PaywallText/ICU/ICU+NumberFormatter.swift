import ICUBridge

extension ICU {
    /// An ICU `LocalizedNumberFormatter` opened from a number skeleton.
    ///
    /// `@unchecked Sendable`: the ICU formatter is immutable after opening and
    /// ICU documents it as safe to use from many threads; every call formats into
    /// its own result object, and the handle is closed only in `deinit`.
    final class NumberFormatter: @unchecked Sendable {
        private let handle: OpaquePointer
        let skeleton: String
        let locale: String

        init(skeleton: String, locale: String) throws(Failure) {
            var status: Int32 = 0
            let handle = icub_number_formatter_open(skeleton, locale, &status)
            guard status <= 0, let handle else {
                throw Failure(status: status > 0 ? status : 1, operation: "opening number skeleton '\(skeleton)' for \(locale)")
            }
            self.handle = handle
            self.skeleton = skeleton
            self.locale = locale
        }

        deinit {
            icub_number_formatter_close(handle)
        }

        /// Formats a decimal given as ASCII text (`9.90`, `21`).
        ///
        /// - Parameter isolatingSymbol: Wrap a currency symbol that holds a left-to-right
        ///   letter (`US$`) in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE, for text that a
        ///   right-to-left paragraph displays.
        func format(decimal: String, isolatingSymbol: Bool = false) throws(Failure) -> String {
            var decimal = decimal
            let result: Result<String, Failure> = decimal.withUTF8 { utf8 in
                utf8.withMemoryRebound(to: CChar.self) { chars in
                    Result { () throws(Failure) in
                        try ICU.string("formatting \(skeleton)") { buffer, capacity, status in
                            icub_number_formatter_format_decimal(handle, chars.baseAddress, Int32(chars.count), isolatingSymbol ? 1 : 0,
                                                                  buffer, capacity, &status)
                        }
                    }
                }
            }
            return try result.get()
        }

        /// Calls `body` with the ICU handle, for the bridge's functions that format with it.
        func withHandle<Result>(_ body: (OpaquePointer) throws(Failure) -> Result) throws(Failure) -> Result {
            try body(handle)
        }

        /// Formats an integer.
        func format(integer: Int) throws(Failure) -> String {
            try format(decimal: String(integer))
        }
    }
}

extension ICU.NumberFormatter {
    /// A number skeleton in a locale: what a formatter is opened from.
    struct Signature: Hashable, Sendable {
        let skeleton: String
        let locale: LocaleIdentity
    }

    /// The formatter of a skeleton in a locale, opened once and shared by every thread
    /// (ICU's `LocalizedNumberFormatter` is immutable and thread-safe).
    static func shared(skeleton: String, locale: LocaleIdentity) throws(PaywallTextError) -> ICU.NumberFormatter {
        try cache.value(for: Signature(skeleton: skeleton, locale: locale)) { () throws(PaywallTextError) in
            do {
                return try ICU.NumberFormatter(skeleton: skeleton, locale: locale.icuID)
            } catch {
                throw PaywallTextError(.formattingFailed, message: "\(error)")
            }
        }
    }

    /// Every formatter opened, by skeleton and locale. A `LocalizedNumberFormatter` with its
    /// symbols and patterns holds about 6 KB.
    static let cache = FormatterCache<Signature, ICU.NumberFormatter>(
        "number formatters", maximumEntries: 2048, maximumBytes: 16 << 20, cost: { _ in 6 * 1024 })
}
