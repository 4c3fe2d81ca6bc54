import ICUBridge

extension ICU {
    /// What ICU's MessageFormat parser sees in a pattern, and the bounds a pattern must
    /// keep before it reaches that parser.
    enum MessagePattern {
        /// A syntax error, with where it is in the pattern as written, or a pattern beyond the bounds.
        struct SyntaxError: Error, CustomStringConvertible {
            let status: Int32
            /// The character (Unicode scalar) offset from the start of the pattern, or `nil`.
            let offset: Int?
            var reason: String?

            /// An error ICU reported at a UTF-16 offset into `pattern`.
            init(status: Int32, utf16Offset: Int32, in pattern: String) {
                self.status = status
                guard utf16Offset >= 0, Int(utf16Offset) <= pattern.utf16.count else {
                    offset = nil
                    return
                }
                let index = pattern.utf16.index(pattern.utf16.startIndex, offsetBy: Int(utf16Offset))
                offset = pattern.unicodeScalars.distance(from: pattern.startIndex, to: index)
            }

            init(reason: String) {
                status = 1
                offset = nil
                self.reason = reason
            }

            var description: String {
                if let reason { return reason }
                let name = String(cString: icub_error_name(status))
                switch name {
                case "U_DEFAULT_KEYWORD_MISSING":
                    return "a plural or select has no 'other' case (\(name))"
                case "U_NUMBER_SKELETON_SYNTAX_ERROR":
                    return "a number skeleton is not valid (\(name))"
                default:
                    return offset.map { "syntax error at character \($0 + 1) (\(name))" } ?? "syntax error (\(name))"
                }
            }
        }

        /// One argument of a pattern: its name, kind (`none`, `simple`, `plural`, `select`, …)
        /// and, for plural and select, its selectors.
        struct Argument {
            let name: String
            let kind: String
            let selectors: [String]
        }

        /// The longest pattern compiled, in UTF-8 bytes (the longest shipped is under 2,000).
        static let maximumBytes = 4096
        /// The deepest nesting of braces compiled (the shipped catalogs use at most 6).
        static let maximumNesting = 16

        /// Why a pattern is beyond the bounds, checked before ICU parses it: a huge or
        /// deeply nested message must not reach ICU's recursive parser.
        static func boundsProblem(_ pattern: String) -> SyntaxError? {
            let bytes = pattern.utf8.count
            if bytes > maximumBytes {
                return SyntaxError(reason: "the message is \(bytes) bytes; at most \(maximumBytes)")
            }
            // Counting every brace, quoted or not, bounds the real nesting from above.
            var depth = 0
            for byte in pattern.utf8 {
                if byte == UInt8(ascii: "{") {
                    depth += 1
                    if depth > maximumNesting {
                        return SyntaxError(reason: "braces nest deeper than \(maximumNesting) levels")
                    }
                } else if byte == UInt8(ascii: "}") {
                    depth -= 1
                }
            }
            return nil
        }

        /// A pattern's arguments in order of appearance, and how many of its `#` ICU replaces
        /// by a plural's number.
        static func parse(_ pattern: String) throws(SyntaxError) -> (arguments: [Argument], replacedNumbers: Int) {
            if let problem = boundsProblem(pattern) { throw problem }
            var offset: Int32 = -1
            var failure: Int32 = 0
            let text = try? ICU.string("describing a message pattern") { buffer, capacity, status in
                let length = icub_message_pattern_describe(pattern, buffer, capacity, &offset, &status)
                failure = status
                return length
            }
            guard let text, failure <= 0 else {
                throw SyntaxError(status: failure > 0 ? failure : 1, utf16Offset: offset, in: pattern)
            }
            var arguments: [Argument] = []
            var replacedNumbers = 0
            for line in text.split(separator: "\n") {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                if fields.count == 3, fields[1] == "replace-number" {
                    replacedNumbers = Int(fields[2]) ?? 0
                    continue
                }
                let selectors = fields.count > 2 ? fields[2].split(separator: ",").map(String.init) : []
                arguments.append(Argument(name: String(fields[0]), kind: fields.count > 1 ? String(fields[1]) : "", selectors: selectors))
            }
            return (arguments, replacedNumbers)
        }

        /// How many `#` stand in the pattern's text, outside apostrophe quoting (ICU's
        /// "double optional" mode: `'` quotes only before `{`, `}`, `#` or `|`; `''` is one apostrophe).
        static func numberSigns(in pattern: String) -> Int {
            let scalars = Array(pattern.unicodeScalars)
            var count = 0, index = 0, quoted = false
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "'" {
                    if index + 1 < scalars.count, scalars[index + 1] == "'" {
                        index += 2
                        continue
                    }
                    if quoted {
                        quoted = false
                    } else if index + 1 < scalars.count, "{}#|".unicodeScalars.contains(scalars[index + 1]) {
                        quoted = true
                    }
                } else if scalar == "#", !quoted {
                    count += 1
                }
                index += 1
            }
            return count
        }
    }
}
