import ICUBridge

extension ICU {
    /// Locale identifiers: parsing BCP 47 and ICU forms, canonicalizing, subtags,
    /// keywords, and what ICU's locale data says about a locale.
    enum Locale {
        /// Turns a BCP 47 tag (`en-US-u-cu-usd`) or an ICU ID (`en_US@currency=USD`)
        /// into a canonical ICU ID, or `nil` when the text is not a locale identifier.
        static func canonicalID(_ identifier: String) -> String? {
            guard !identifier.isEmpty, identifier.utf8.count <= 157,
                  identifier.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
            else { return nil }
            if identifier.contains("@") || identifier.contains("_") {
                // ICU form. ICU accepts nearly anything here, so check the shape first:
                // letters, digits and separators, and keywords of the form key=value.
                let parts = identifier.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
                let base = parts[0]
                guard !base.isEmpty,
                      base.split(separator: "_", omittingEmptySubsequences: false).allSatisfy({ part in
                          !part.isEmpty && part.utf8.allSatisfy { isAlphanumeric($0) }
                      })
                else { return nil }
                if parts.count == 2 {
                    let keywords = parts[1].split(separator: ";", omittingEmptySubsequences: false)
                    for keyword in keywords {
                        let pair = keyword.split(separator: "=", omittingEmptySubsequences: false)
                        guard pair.count == 2, !pair[0].isEmpty, !pair[1].isEmpty,
                              pair[0].utf8.allSatisfy(isAlphanumeric),
                              pair[1].utf8.allSatisfy({ isAlphanumeric($0) || $0 == UInt8(ascii: "-") })
                        else { return nil }
                    }
                }
                return try? ICU.string("uloc_canonicalize") { icub_locale_canonicalize(identifier, $0, $1, &$2) }
            }
            var parsed: Int32 = 0
            guard let id = try? ICU.string("uloc_forLanguageTag", { icub_locale_from_language_tag(identifier, $0, $1, &parsed, &$2) }),
                  Int(parsed) == identifier.utf8.count, !id.isEmpty
            else { return nil }
            return id
        }

        /// The BCP 47 form of a canonical ICU ID.
        static func languageTag(_ id: String) -> String? {
            try? ICU.string("uloc_toLanguageTag") { icub_locale_to_language_tag(id, $0, $1, &$2) }
        }

        /// The language subtag (`en` of `en_US`), empty when there is none.
        static func language(_ id: String) -> String {
            (try? ICU.string("uloc_getLanguage") { icub_locale_language(id, $0, $1, &$2) }) ?? ""
        }

        /// The script subtag (`Hans` of `zh_Hans_CN`), empty when there is none.
        static func script(_ id: String) -> String {
            (try? ICU.string("uloc_getScript") { icub_locale_script(id, $0, $1, &$2) }) ?? ""
        }

        /// The region subtag (`CN` of `zh_Hans_CN`), empty when there is none.
        static func region(_ id: String) -> String {
            (try? ICU.string("uloc_getCountry") { icub_locale_region(id, $0, $1, &$2) }) ?? ""
        }

        /// The locale with its likely script and region (`zh_TW` → `zh_Hant_TW`).
        static func maximized(_ id: String) -> String {
            (try? ICU.string("uloc_addLikelySubtags") { icub_locale_maximize(id, $0, $1, &$2) }) ?? id
        }

        /// The locale without the subtags its likely subtags imply (`zh_Hant_TW` → `zh_TW`).
        static func minimized(_ id: String) -> String {
            (try? ICU.string("uloc_minimizeSubtags") { icub_locale_minimize(id, $0, $1, &$2) }) ?? id
        }

        /// The locale without its keywords (`en_US@currency=USD` → `en_US`).
        static func baseName(_ id: String) -> String {
            (try? ICU.string("uloc_getBaseName") { icub_locale_base_name(id, $0, $1, &$2) }) ?? id
        }

        /// The locale's parent in CLDR's inheritance, from ICU's data: `es_MX` → `es_419`,
        /// `fr_CH` → `fr`, `zh_Hant` → `root`; `nil` after a language alone.
        static func parent(_ id: String) -> String? {
            guard let parent = try? ICU.string("the parent locale", { icub_locale_parent(id, $0, $1, &$2) }),
                  !parent.isEmpty
            else { return nil }
            return parent
        }

        /// Whether the locale's script is written right to left.
        static func isRightToLeft(_ id: String) -> Bool {
            icub_locale_is_right_to_left(id) == 1
        }

        /// The locale's numbering system (`latn`, `arab`, `arabext`, `deva`), honouring `-u-nu-`.
        static func numberingSystem(_ id: String) -> String {
            (try? ICU.string("the numbering system") { icub_locale_numbering_system(id, $0, $1, &$2) }) ?? "latn"
        }

        /// A keyword's value (`currency` of `en_US@currency=USD`), `nil` when absent.
        static func keyword(_ keyword: String, of id: String) -> String? {
            guard let value = try? ICU.string("uloc_getKeywordValue", { icub_locale_keyword(id, keyword, $0, $1, &$2) }),
                  !value.isEmpty
            else { return nil }
            return value
        }

        /// Whether ICU has data for the locale's language rather than falling back to root.
        static func hasData(_ id: String) -> Bool {
            icub_locale_has_data(id) == 1
        }

        private static func isAlphanumeric(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }
    }
}
