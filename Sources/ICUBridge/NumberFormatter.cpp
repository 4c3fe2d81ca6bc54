// Number skeletons: prices, unit counts.
#include "ICUBridge.h"
#include "Bridge.hpp"
#include "NumberFormatter.hpp"

#include <unicode/uchar.h>

icub_number_formatter *icub_number_formatter_open(const char *skeleton, const char *locale, int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded<icub_number_formatter *>(status, nullptr, [&]() -> icub_number_formatter * {
        UErrorCode code = U_ZERO_ERROR;
        UParseError parseError;
        auto unlocalized = icu::number::NumberFormatter::forSkeleton(
            icu::UnicodeString::fromUTF8(skeleton), parseError, code);
        if (U_FAILURE(code)) {
            *status = code;
            return nullptr;
        }
        auto *result = new icub_number_formatter{unlocalized.locale(icu::Locale(locale))};
        *status = U_ZERO_ERROR;
        return result;
    });
}

void icub_number_formatter_close(icub_number_formatter *formatter) ICUB_NOEXCEPT {
    delete formatter;
}

int32_t icub_number_formatter_format_decimal(const icub_number_formatter *formatter,
                                             const char *decimal, int32_t decimal_length,
                                             int32_t isolate_ltr_symbol,
                                             char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded(status, 0, [&] {
        UErrorCode code = U_ZERO_ERROR;
        // A LocalizedNumberFormatter is immutable; each call gets its own result object.
        icu::number::FormattedNumber result =
            formatter->formatter.formatDecimal(icu::StringPiece(decimal, decimal_length), code);
        if (U_FAILURE(code)) {
            *status = code;
            return 0;
        }
        icu::UnicodeString text = result.toString(code);
        if (U_SUCCESS(code) && isolate_ltr_symbol) {
            icu::ConstrainedFieldPosition position;
            position.constrainField(UFIELD_CATEGORY_NUMBER, UNUM_CURRENCY_FIELD);
            if (result.nextPosition(position, code) && U_SUCCESS(code)) {
                int32_t start = position.getStart(), limit = position.getLimit();
                bool hasLeftToRight = false;
                for (int32_t i = start; i < limit;) {
                    UChar32 character = text.char32At(i);
                    hasLeftToRight = hasLeftToRight || u_charDirection(character) == U_LEFT_TO_RIGHT;
                    i += U16_LENGTH(character);
                }
                if (hasLeftToRight) {
                    text.insert(limit, static_cast<UChar>(0x2069));
                    text.insert(start, static_cast<UChar>(0x2068));
                }
            }
        }
        *status = code;
        return U_FAILURE(code) ? 0 : icub::writeUTF8(text, buffer, capacity);
    });
}
