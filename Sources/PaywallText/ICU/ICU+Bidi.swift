import ICUBridge

extension ICU {
    /// The Unicode Bidirectional Algorithm (ICU's `ubidi`).
    enum Bidi {
        /// One run of a displayed line: a stretch of the text, in logical order, shown in one direction.
        struct Run: Sendable, Equatable {
            /// The first Unicode scalar of the run, counted in the text.
            let start: Int
            /// How many Unicode scalars the run holds.
            let length: Int
            /// Whether the run is displayed right to left.
            let isRightToLeft: Bool
        }

        /// The runs of `text` shown as one paragraph, from left to right as displayed.
        static func visualRuns(of text: String, rightToLeft: Bool) throws(Failure) -> [Run] {
            var capacity = 48
            var text = text
            while true {
                var values = [Int32](repeating: 0, count: capacity)
                var status: Int32 = 0
                let count = text.withUTF8 { utf8 in
                    utf8.withMemoryRebound(to: CChar.self) { chars in
                        values.withUnsafeMutableBufferPointer { runs in
                            icub_bidi_visual_runs(chars.baseAddress, Int32(chars.count), rightToLeft ? 1 : 0,
                                                  runs.baseAddress, Int32(runs.count), &status)
                        }
                    }
                }
                if status > 0 { throw Failure(status: status, operation: "ubidi") }
                let runCount = Int(count)
                if runCount * 3 <= capacity {
                    var runs: [Run] = []
                    for index in 0..<runCount {
                        let start = Int(values[index * 3]), length = Int(values[index * 3 + 1])
                        runs.append(Run(start: start, length: length, isRightToLeft: values[index * 3 + 2] % 2 == 1))
                    }
                    return runs
                }
                capacity = runCount * 3
            }
        }
    }
}
