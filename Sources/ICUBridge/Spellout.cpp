// Numbers spelled out in words by ICU's rule-based number format (RBNF).
#include "ICUBridge.h"
#include "Bridge.hpp"

#include <unicode/fmtable.h>
#include <unicode/rbnf.h>

struct icub_spellout {
    icu::RuleBasedNumberFormat format;
};

icub_spellout *icub_spellout_open(const char *locale, int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded<icub_spellout *>(status, nullptr, [&]() -> icub_spellout * {
        UErrorCode code = U_ZERO_ERROR;
        auto *result = new icub_spellout{icu::RuleBasedNumberFormat(icu::URBNF_SPELLOUT, icu::Locale(locale), code)};
        *status = code;
        if (U_FAILURE(code)) {
            delete result;
            return nullptr;
        }
        return result;
    });
}

void icub_spellout_close(icub_spellout *spellout) ICUB_NOEXCEPT {
    delete spellout;
}

int32_t icub_spellout_format_decimal(icub_spellout *spellout, const char *decimal, int32_t decimal_length,
                                     char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded(status, 0, [&] {
        UErrorCode code = U_ZERO_ERROR;
        // A decimal Formattable keeps every digit (never a binary double): 1.99 is said
        // "u coma nou nou" in Catalan.
        icu::Formattable number(icu::StringPiece(decimal, decimal_length), code);
        icu::UnicodeString text;
        if (U_SUCCESS(code)) {
            icu::FieldPosition ignored(icu::FieldPosition::DONT_CARE);
            spellout->format.format(number, text, ignored, code);
        }
        *status = code;
        return U_FAILURE(code) ? 0 : icub::writeUTF8(text, buffer, capacity);
    });
}
