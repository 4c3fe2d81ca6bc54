import ICUBridge

extension ICU {
    /// Territories (ISO 3166-1) from ICU's region data (``Storefronts`` holds the logic built
    /// on them).
    enum Region {
        /// The two-letter code of the territory a code names: `USA`, `US`, `us` and `840` are
        /// all `US`; `nil` when ICU knows no territory by that code (a grouping such as `150`,
        /// Europe, is none). The code is at most 8 ASCII letters and digits, so that nothing
        /// else reaches ICU.
        static func territory(_ code: String) -> String? {
            guard (1...8).contains(code.utf8.count), code.utf8.allSatisfy({
                ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z"))
                    || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z"))
            }) else { return nil }
            // ICU knows the codes in upper case; App Store Connect writes them so, people not always.
            let upper = code.uppercased()
            guard let territory = try? ICU.string("uregion_getRegionFromCode", { icub_region_territory(upper, $0, $1, &$2) }),
                  !territory.isEmpty
            else { return nil }
            return territory
        }

        /// The three-letter code of a two-letter territory code (`US` → `USA`), `nil` when it
        /// has none.
        static func alpha3(_ territory: String) -> String? {
            guard let code = try? ICU.string("uloc_getISO3Country", { icub_region_alpha3(territory, $0, $1, &$2) }),
                  !code.isEmpty
            else { return nil }
            return code
        }

        /// Whether ICU's region data puts a territory inside a grouping or a larger region
        /// (`EU` contains `DE`); `false` for a code ICU does not know.
        static func contains(_ container: String, _ territory: String) -> Bool {
            var status: Int32 = 0
            return icub_region_contains(container, territory, &status) == 1
        }
    }
}
