// ISO 4217 facts from ICU's currency data.
#include "ICUBridge.h"
#include "Bridge.hpp"

#include <unicode/localpointer.h>
#include <unicode/ucurr.h>
#include <unicode/uenum.h>

int32_t icub_currency_codes(char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded(status, 0, [&] {
        UErrorCode code = U_ZERO_ERROR;
        icu::LocalUEnumerationPointer all(ucurr_openISOCurrencies(UCURR_ALL, &code));
        if (U_FAILURE(code)) {
            *status = code;
            return 0;
        }
        icu::UnicodeString joined;
        const char *candidate;
        while ((candidate = uenum_next(all.getAlias(), nullptr, &code)) != nullptr && U_SUCCESS(code)) {
            if (!joined.isEmpty()) {
                joined.append(static_cast<UChar>(0x20));
            }
            joined.append(icu::UnicodeString(candidate, -1, US_INV));
        }
        *status = code;
        return U_FAILURE(code) ? 0 : icub::writeUTF8(joined, buffer, capacity);
    });
}

int32_t icub_currency_fraction_digits(const char *code, int32_t *status) ICUB_NOEXCEPT {
    UChar currency[4] = {0};
    for (int i = 0; i < 3 && code[i] != 0; i++) {
        currency[i] = static_cast<UChar>(code[i]);
    }
    UErrorCode error = U_ZERO_ERROR;
    int32_t digits = ucurr_getDefaultFractionDigits(currency, &error);
    *status = error;
    return digits;
}

int32_t icub_currency_for_locale(const char *locale, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded(status, 0, [&] {
        UChar currency[4] = {0};
        UErrorCode code = U_ZERO_ERROR;
        int32_t length = ucurr_forLocale(locale, currency, 4, &code);
        if (U_FAILURE(code) || length != 3) {
            *status = U_FAILURE(code) ? code : U_ZERO_ERROR;
            return 0;
        }
        *status = U_ZERO_ERROR;
        return icub::writeUTF8(icu::UnicodeString(currency, 3), buffer, capacity);
    });
}

int32_t icub_currency_plural_name(const char *code, const char *locale, const char *category,
                                  char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded(status, 0, [&] {
        UChar currency[4] = {0};
        for (int i = 0; i < 3 && code[i] != 0; i++) {
            currency[i] = static_cast<UChar>(code[i]);
        }
        UErrorCode error = U_ZERO_ERROR;
        UBool isChoiceFormat = false;
        int32_t length = 0;
        // ICU falls back to the `other` name, then to the ISO code, where a locale has no name
        // of this category (a warning, not a failure).
        const UChar *name = ucurr_getPluralName(currency, locale, &isChoiceFormat, category, &length, &error);
        if (U_FAILURE(error) || name == nullptr) {
            *status = U_FAILURE(error) ? error : U_MISSING_RESOURCE_ERROR;
            return 0;
        }
        *status = U_ZERO_ERROR;
        return icub::writeUTF8(icu::UnicodeString(name, length), buffer, capacity);
    });
}
