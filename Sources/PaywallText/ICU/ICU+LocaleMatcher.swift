import ICUBridge

extension ICU {
    /// ICU's `LocaleMatcher` over a fixed list of supported locales.
    ///
    /// `@unchecked Sendable`: a built `LocaleMatcher` is immutable and thread-safe; the
    /// handle is closed only in `deinit`.
    final class LocaleMatcher: @unchecked Sendable {
        private let handle: OpaquePointer

        /// - Parameter supported: ICU locale IDs, in order of preference for ties.
        init(supported: [String]) throws(Failure) {
            var status: Int32 = 0
            let opened = ICU.withCStrings(supported) { icub_locale_matcher_open($0, Int32(supported.count), &status) }
            guard let opened, status <= 0 else {
                throw Failure(status: status > 0 ? status : 1, operation: "opening a locale matcher")
            }
            handle = opened
        }

        deinit {
            icub_locale_matcher_close(handle)
        }

        /// The best supported locale for desired ICU locale IDs in priority order: the
        /// index of the supported locale and of the desired one that matched, or `nil`
        /// when none is close enough.
        func match(_ desired: [String]) -> (supported: Int, desired: Int)? {
            var status: Int32 = 0
            var desiredIndex: Int32 = -1
            let supported = ICU.withCStrings(desired) { icub_locale_matcher_match(handle, $0, Int32(desired.count), &desiredIndex, &status) }
            guard status <= 0, supported >= 0, desiredIndex >= 0 else { return nil }
            return (Int(supported), Int(desiredIndex))
        }
    }
}
