#ifndef PAYWALLTEXT_ICUB_CURRENCY_H
#define PAYWALLTEXT_ICUB_CURRENCY_H

#include <stdint.h>

#include "icub_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Every ISO 4217 code ICU knows, current and historic, separated by single spaces.
int32_t icub_currency_codes(char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT;
/// The currency's standard number of fraction digits (USD 2, JPY 0, KWD 3).
int32_t icub_currency_fraction_digits(const char *code, int32_t *status) ICUB_NOEXCEPT;
/// The ISO 4217 code of a locale's own currency (`ru_RU` → `RUB`); length 0 when it has none.
int32_t icub_currency_for_locale(const char *locale, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT;
/// A currency's long name for one plural category in a locale (`one` in Slovenian: `ameriški
/// dolar`; in Kannada: `ಅಮೆರಿಕದ ಡಾಲರ್`), ICU's `other` name or the ISO code where it has none.
int32_t icub_currency_plural_name(const char *code, const char *locale, const char *category,
                                  char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
