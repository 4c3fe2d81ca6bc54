// The arguments of a MessageFormat pattern as ICU's parser sees them, for the
// catalog checks (unknown arguments, plural categories, select keywords).
#include "ICUBridge.h"
#include "Bridge.hpp"

#include <unicode/messagepattern.h>

#include <string>
#include <vector>

using icu::UnicodeString;

int32_t icub_message_pattern_parse(const char *pattern,
                                   icub_pattern_argument *arguments, int32_t argument_capacity,
                                   int32_t *selectors, int32_t selector_capacity, int32_t *selector_total,
                                   char *strings, int32_t strings_capacity, int32_t *strings_length,
                                   int32_t *replaced_numbers, int32_t *error_offset, int32_t *status) ICUB_NOEXCEPT {
    *error_offset = -1;
    *selector_total = 0;
    *strings_length = 0;
    *replaced_numbers = 0;
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
        // Names and selectors go into one buffer of NUL-terminated UTF-8 strings.
        std::string pool;
        auto intern = [&pool](const UnicodeString &text) {
            int32_t offset = static_cast<int32_t>(pool.size());
            text.toUTF8String(pool);
            pool.push_back('\0');
            return offset;
        };
        struct Argument {
            icub_pattern_argument fields;
            std::vector<int32_t> selectors;
        };
        std::vector<Argument> found;
        std::vector<size_t> open;
        int32_t replaceNumbers = 0;
        int32_t partCount = parsed.countParts();
        for (int32_t i = 0; i < partCount; i++) {
            const icu::MessagePattern::Part &part = parsed.getPart(i);
            UMessagePatternPartType type = part.getType();
            if (type == UMSGPAT_PART_TYPE_REPLACE_NUMBER) {
                replaceNumbers++;
            } else if (type == UMSGPAT_PART_TYPE_ARG_START) {
                Argument argument;
                argument.fields.kind = static_cast<int32_t>(part.getArgType());
                argument.fields.name_offset = intern(parsed.getSubstring(parsed.getPart(i + 1)));
                open.push_back(found.size());
                found.push_back(argument);
            } else if (type == UMSGPAT_PART_TYPE_ARG_LIMIT) {
                if (!open.empty()) {
                    open.pop_back();
                }
            } else if (type == UMSGPAT_PART_TYPE_ARG_SELECTOR && !open.empty()) {
                found[open.back()].selectors.push_back(intern(parsed.getSubstring(part)));
            }
        }
        int32_t selectorIndex = 0;
        for (size_t index = 0; index < found.size(); index++) {
            Argument &argument = found[index];
            argument.fields.first_selector = selectorIndex;
            argument.fields.selector_count = static_cast<int32_t>(argument.selectors.size());
            for (int32_t offset : argument.selectors) {
                if (selectorIndex < selector_capacity) {
                    selectors[selectorIndex] = offset;
                }
                selectorIndex++;
            }
            if (static_cast<int32_t>(index) < argument_capacity) {
                arguments[index] = argument.fields;
            }
        }
        int32_t poolLength = static_cast<int32_t>(pool.size());
        if (poolLength <= strings_capacity) {
            std::memcpy(strings, pool.data(), pool.size());
        }
        *selector_total = selectorIndex;
        *strings_length = poolLength;
        *replaced_numbers = replaceNumbers;
        *status = U_ZERO_ERROR;
        return static_cast<int32_t>(found.size());
    });
}
