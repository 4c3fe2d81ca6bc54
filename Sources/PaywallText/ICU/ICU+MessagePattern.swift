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

        /// One argument of a pattern: its name, kind and, for plural and select, its selectors.
        struct Argument {
            /// ICU's argument types (`UMessagePatternArgType`).
            enum Kind: String, CaseIterable {
                case none, simple, choice, plural, select, selectordinal
            }

            let name: String
            let kind: Kind
            let selectors: [String]
        }

        /// The longest pattern compiled, in UTF-8 bytes. The longest shipped are an amount's
        /// forms for every storefront currency (Tamil's datives, under 10,000 bytes); the
        /// sentences are under 2,000.
        static let maximumBytes = 16384
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
            var argumentCapacity = 32, selectorCapacity = 128, stringsCapacity = 4096
            while true {
                var arguments = [icub_pattern_argument](repeating: icub_pattern_argument(), count: argumentCapacity)
                var selectors = [Int32](repeating: 0, count: selectorCapacity)
                var strings = [CChar](repeating: 0, count: stringsCapacity)
                var selectorTotal: Int32 = 0, stringsLength: Int32 = 0, replaced: Int32 = 0, offset: Int32 = -1, status: Int32 = 0
                let count = Int(icub_message_pattern_parse(
                    pattern, &arguments, Int32(argumentCapacity), &selectors, Int32(selectorCapacity), &selectorTotal,
                    &strings, Int32(stringsCapacity), &stringsLength, &replaced, &offset, &status))
                guard status <= 0 else { throw SyntaxError(status: status, utf16Offset: offset, in: pattern) }
                guard count <= argumentCapacity, Int(selectorTotal) <= selectorCapacity, Int(stringsLength) <= stringsCapacity else {
                    argumentCapacity = max(argumentCapacity, count)
                    selectorCapacity = max(selectorCapacity, Int(selectorTotal))
                    stringsCapacity = max(stringsCapacity, Int(stringsLength))
                    continue
                }
                func string(at offset: Int32) -> String {
                    strings.withUnsafeBufferPointer { String(cString: $0.baseAddress! + Int(offset)) }
                }
                let described = arguments.prefix(count).map { argument in
                    let first = Int(argument.first_selector)
                    return Argument(
                        name: string(at: argument.name_offset),
                        kind: Argument.Kind.allCases.indices.contains(Int(argument.kind)) ? Argument.Kind.allCases[Int(argument.kind)] : .none,
                        selectors: selectors[first..<(first + Int(argument.selector_count))].map(string(at:)))
                }
                return (described, Int(replaced))
            }
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
