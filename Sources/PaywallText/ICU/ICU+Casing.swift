import ICUBridge

extension ICU {
    /// Title-cases the first letter of each sentence by a locale's rules (Dutch `ijs` →
    /// `IJs`, Turkish `ilk` → `İlk`), every other letter as it was.
    ///
    /// Not `Sendable`: ICU's case map keeps a break iterator; each thread's context has its own.
    final class SentenceCaser {
        private let handle: OpaquePointer

        init(locale: String) throws(Failure) {
            var status: Int32 = 0
            guard let handle = icub_sentence_caser_open(locale, &status), status <= 0 else {
                throw Failure(status: status > 0 ? status : 1, operation: "opening a case map for \(locale)")
            }
            self.handle = handle
        }

        deinit {
            icub_sentence_caser_close(handle)
        }

        func apply(_ text: String) throws(Failure) -> String {
            var text = text
            let result: Result<String, Failure> = text.withUTF8 { utf8 in
                utf8.withMemoryRebound(to: CChar.self) { chars in
                    Result { () throws(Failure) in
                        try ICU.string("title-casing a sentence") { buffer, capacity, status in
                            icub_sentence_caser_apply(handle, chars.baseAddress, Int32(chars.count), buffer, capacity, &status)
                        }
                    }
                }
            }
            return try result.get()
        }
    }
}
