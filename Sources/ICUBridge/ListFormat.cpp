// List formatting: several items joined with the locale's words ("3 months and 1 week").
#include "ICUBridge.h"
#include "Bridge.hpp"

#include <unicode/listformatter.h>
#include <unicode/localpointer.h>
#include <unicode/stringpiece.h>

#include <vector>

struct icub_list_formatter {
    icu::LocalPointer<icu::ListFormatter> formatter;
};

icub_list_formatter *icub_list_formatter_open(const char *locale, int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded<icub_list_formatter *>(status, nullptr, [&]() -> icub_list_formatter * {
        UErrorCode code = U_ZERO_ERROR;
        icu::LocalPointer<icu::ListFormatter> formatter(
            icu::ListFormatter::createInstance(icu::Locale(locale), ULISTFMT_TYPE_AND, ULISTFMT_WIDTH_WIDE, code));
        *status = code;
        if (U_FAILURE(code)) {
            return nullptr;
        }
        auto *result = new icub_list_formatter;
        result->formatter.adoptInstead(formatter.orphan());
        return result;
    });
}

void icub_list_formatter_close(icub_list_formatter *formatter) ICUB_NOEXCEPT {
    delete formatter;
}

int32_t icub_list_format(const icub_list_formatter *formatter, const char *items, const int32_t *lengths,
                         int32_t count, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded(status, 0, [&] {
        std::vector<icu::UnicodeString> strings;
        strings.reserve(static_cast<size_t>(count > 0 ? count : 0));
        const char *item = items;
        for (int32_t index = 0; index < count; index++) {
            strings.push_back(icu::UnicodeString::fromUTF8(icu::StringPiece(item, lengths[index])));
            item += lengths[index];
        }
        UErrorCode code = U_ZERO_ERROR;
        icu::UnicodeString joined;
        formatter->formatter->format(strings.data(), count, joined, code);
        *status = code;
        if (U_FAILURE(code)) {
            return 0;
        }
        return icub::writeUTF8(joined, buffer, capacity);
    });
}
