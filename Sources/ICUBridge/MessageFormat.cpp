// ICU MessageFormat with named arguments, compiled to numbered ones, and the
// description of a pattern's arguments that the catalog checks read.
#include "ICUBridge.h"
#include "Bridge.hpp"

#include <unicode/messagepattern.h>
#include <unicode/msgfmt.h>
#include <unicode/ustring.h>

#include <string>
#include <vector>

using icu::UnicodeString;

struct icub_message_format {
    // Compiled from the pattern with each argument name replaced by its position, so
    // formatting indexes the arguments instead of comparing names.
    icu::MessageFormat format;
    int32_t count;
    // Reused from call to call (a handle serves one thread at a time), so that
    // formatting allocates nothing once the buffers have grown.
    std::vector<icu::Formattable> arguments;
    UnicodeString result;
};

namespace {

// `{price} every {period}` → `{0} every {1}` for names (price, period). A name not in
// `names` is an error at the name's offset in the pattern as written.
UnicodeString numberArguments(const UnicodeString &pattern, const std::vector<UnicodeString> &names,
                              UParseError &parseError, UErrorCode &code) {
    UnicodeString numbered;
    icu::MessagePattern parsed(pattern, &parseError, code);
    if (U_FAILURE(code)) {
        return numbered;
    }
    int32_t copied = 0;
    for (int32_t i = 0; i < parsed.countParts(); i++) {
        const icu::MessagePattern::Part &part = parsed.getPart(i);
        if (part.getType() != UMSGPAT_PART_TYPE_ARG_NAME) {
            continue;
        }
        UnicodeString name = parsed.getSubstring(part);
        size_t position = 0;
        while (position < names.size() && names[position] != name) {
            position++;
        }
        if (position == names.size()) {
            parseError.offset = part.getIndex();
            code = U_ILLEGAL_ARGUMENT_ERROR;
            return numbered;
        }
        numbered.append(pattern, copied, part.getIndex() - copied);
        numbered.append(UnicodeString(std::to_string(position).c_str(), -1, US_INV));
        copied = part.getLimit();
    }
    numbered.append(pattern, copied, pattern.length() - copied);
    return numbered;
}

}  // namespace

icub_message_format *icub_message_format_open(const char *pattern, const char *locale,
                                              const char *const *argument_names, int32_t argument_count,
                                              int32_t *error_offset, int32_t *status) ICUB_NOEXCEPT {
    *error_offset = -1;
    return icub::guarded<icub_message_format *>(status, nullptr, [&]() -> icub_message_format * {
        std::vector<UnicodeString> names;
        names.reserve(static_cast<size_t>(argument_count));
        for (int32_t i = 0; i < argument_count; i++) {
            names.push_back(UnicodeString::fromUTF8(argument_names[i]));
        }
        UErrorCode code = U_ZERO_ERROR;
        UParseError parseError;
        parseError.offset = -1;
        // The syntax is parsed (and errors located) in the pattern as written; the
        // numbered pattern differs only in argument names.
        UnicodeString numbered = numberArguments(UnicodeString::fromUTF8(pattern), names, parseError, code);
        if (U_FAILURE(code)) {
            *error_offset = code == U_DEFAULT_KEYWORD_MISSING ? -1 : parseError.offset;
            *status = code;
            return nullptr;
        }
        // What fails here is not syntax (an unknown format type, a bad number skeleton), and
        // ICU leaves the parse error at offset 0, which locates nothing: report no offset.
        icu::MessageFormat format(numbered, icu::Locale(locale), parseError, code);
        if (U_FAILURE(code)) {
            *status = code;
            return nullptr;
        }
        auto *result = new icub_message_format{format, argument_count,
                                               std::vector<icu::Formattable>(static_cast<size_t>(argument_count)),
                                               UnicodeString()};
        *status = code;
        return result;
    });
}

icub_message_format *icub_message_format_clone(const icub_message_format *format, int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded<icub_message_format *>(status, nullptr, [&]() -> icub_message_format * {
        auto *result = new icub_message_format{
            format->format, format->count, std::vector<icu::Formattable>(static_cast<size_t>(format->count)),
            UnicodeString()};
        *status = U_ZERO_ERROR;
        return result;
    });
}

void icub_message_format_close(icub_message_format *format) ICUB_NOEXCEPT {
    delete format;
}

int32_t icub_message_format_format(icub_message_format *format, const char *text, const int32_t *offsets,
                                   const int64_t *integers, const uint8_t *is_integer,
                                   char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded(status, 0, [&] {
        UErrorCode code = U_ZERO_ERROR;
        for (int32_t i = 0; i < format->count; i++) {
            icu::Formattable &argument = format->arguments[static_cast<size_t>(i)];
            if (is_integer[i]) {
                argument.setInt64(static_cast<int64_t>(integers[i]));
                continue;
            }
            if (argument.getType() != icu::Formattable::kString) {
                argument.setString(UnicodeString());
            }
            // Decodes into the string's own buffer, which keeps its capacity from call to call.
            UnicodeString &value = argument.getString(code);
            int32_t length = offsets[i + 1] - offsets[i];
            UChar *destination = value.getBuffer(length > 0 ? length : 1);
            int32_t decoded = 0;
            UErrorCode decoding = U_ZERO_ERROR;
            if (destination != nullptr) {
                u_strFromUTF8WithSub(destination, value.getCapacity(), &decoded, text + offsets[i], length, 0xFFFD,
                                     nullptr, &decoding);
            }
            value.releaseBuffer(destination != nullptr && U_SUCCESS(decoding) ? decoded : 0);
        }
        format->result.remove();
        icu::FieldPosition ignored(icu::FieldPosition::DONT_CARE);
        format->format.format(format->arguments.data(), format->count, format->result, ignored, code);
        *status = code;
        return U_FAILURE(code) ? 0 : icub::writeUTF8(format->result, buffer, capacity);
    });
}
