import ICUBridge

extension ICU {
    /// A number in words by ICU's rule-based spellout (Catalan 1 → `u`, 11 → `onze`,
    /// 1000000 → `un milió`).
    ///
    /// Not `Sendable`: ICU does not document `RuleBasedNumberFormat` as safe to format from two
    /// threads at once; each render context has its own.
    final class Spellout {
        private let handle: OpaquePointer

        init(locale: String) throws(Failure) {
            var status: Int32 = 0
            guard let handle = icub_spellout_open(locale, &status), status <= 0 else {
                throw Failure(status: status > 0 ? status : 1, operation: "opening the spellout rules of \(locale)")
            }
            self.handle = handle
        }

        deinit {
            icub_spellout_close(handle)
        }

        /// Spells out a decimal given as ASCII text (`1.99`).
        func format(decimal: String) throws(Failure) -> String {
            let operation = "spelling out \(decimal)"
            var decimal = decimal
            let result: Result<String, Failure> = decimal.withUTF8 { utf8 in
                utf8.withMemoryRebound(to: CChar.self) { chars in
                    Result { () throws(Failure) in
                        try ICU.string(operation) { buffer, capacity, status in
                            icub_spellout_format_decimal(handle, chars.baseAddress, Int32(chars.count), buffer, capacity, &status)
                        }
                    }
                }
            }
            return try result.get()
        }
    }
}
