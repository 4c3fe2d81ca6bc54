import ICUBridge

extension ICU {
    /// Unicode scripts (ISO 15924) from ICU's character data.
    enum Script {
        /// ICU's code of a four-letter script name (`Latn`, `Cyrl`), `nil` when unknown.
        static func named(_ name: String) -> Int32? {
            let code = icub_script_named(name)
            return code < 0 ? nil : code
        }

        /// Whether a text holds a letter of a script other than `script` (letters of the
        /// Common and Inherited scripts belong to every script).
        static func hasLetter(outside script: Int32, in text: String) -> Bool {
            let common = named("Zyyy"), inherited = named("Zinh")
            return text.unicodeScalars.contains { scalar in
                guard scalar.properties.isAlphabetic else { return false }
                let code = icub_script_of(Int32(scalar.value))
                return code != script && code != common && code != inherited
            }
        }
    }
}
