// The arguments of a MessageFormat pattern as ICU's parser sees them, for the
// catalog checks (unknown arguments, plural categories, select keywords).
#include "ICUBridge.h"
#include "Bridge.hpp"

#include <unicode/messagepattern.h>

#include <string>
#include <vector>

using icu::UnicodeString;

int32_t icub_message_pattern_describe(const char *pattern, char *buffer, int32_t capacity,
                                      int32_t *error_offset, int32_t *status) ICUB_NOEXCEPT {
    *error_offset = -1;
    return icub::guarded(status, 0, [&] {
        UErrorCode code = U_ZERO_ERROR;
        UParseError parseError;
        parseError.offset = -1;
        icu::MessagePattern parsed(UnicodeString::fromUTF8(pattern), &parseError, code);
        // ICU reports a plural or select without `other` at offset 0, which locates nothing.
        *error_offset = code == U_DEFAULT_KEYWORD_MISSING ? -1 : parseError.offset;
        if (U_FAILURE(code)) {
            *status = code;
            return 0;
        }
        static const char *const kinds[] = {"none", "simple", "choice", "plural", "select", "selectordinal"};
        // One entry per argument; selectors belong to the innermost argument that is open.
        struct Entry {
            UnicodeString line;
            bool hasSelectors = false;
        };
        std::vector<Entry> entries;
        std::vector<size_t> open;
        int32_t replaceNumbers = 0;
        int32_t partCount = parsed.countParts();
        for (int32_t i = 0; i < partCount; i++) {
            const icu::MessagePattern::Part &part = parsed.getPart(i);
            UMessagePatternPartType type = part.getType();
            if (type == UMSGPAT_PART_TYPE_REPLACE_NUMBER) {
                replaceNumbers++;
            } else if (type == UMSGPAT_PART_TYPE_ARG_START) {
                const icu::MessagePattern::Part &name = parsed.getPart(i + 1);
                Entry entry;
                entry.line = parsed.getSubstring(name);
                entry.line.append(static_cast<UChar>(0x09));
                int32_t kind = static_cast<int32_t>(part.getArgType());
                entry.line.append(UnicodeString::fromUTF8(kind >= 0 && kind <= 5 ? kinds[kind] : "unknown"));
                entry.line.append(static_cast<UChar>(0x09));
                open.push_back(entries.size());
                entries.push_back(entry);
            } else if (type == UMSGPAT_PART_TYPE_ARG_LIMIT) {
                if (!open.empty()) {
                    open.pop_back();
                }
            } else if (type == UMSGPAT_PART_TYPE_ARG_SELECTOR && !open.empty()) {
                Entry &entry = entries[open.back()];
                if (entry.hasSelectors) {
                    entry.line.append(static_cast<UChar>(0x2C));
                }
                entry.line.append(parsed.getSubstring(part));
                entry.hasSelectors = true;
            }
        }
        UnicodeString all;
        for (const Entry &entry : entries) {
            all.append(entry.line);
            all.append(static_cast<UChar>(0x0A));
        }
        // Last, how many `#` ICU replaces by a number (the others are printed as they are).
        all.append(UnicodeString::fromUTF8("#\treplace-number\t"));
        all.append(UnicodeString(std::to_string(replaceNumbers).c_str(), -1, US_INV));
        all.append(static_cast<UChar>(0x0A));
        *status = U_ZERO_ERROR;
        return icub::writeUTF8(all, buffer, capacity);
    });
}
