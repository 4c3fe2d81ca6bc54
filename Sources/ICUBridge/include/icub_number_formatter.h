#ifndef PAYWALLTEXT_ICUB_NUMBER_FORMATTER_H
#define PAYWALLTEXT_ICUB_NUMBER_FORMATTER_H

#include <stdint.h>

#include "icub_common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct icub_number_formatter icub_number_formatter;

/// Opens an immutable formatter for a number skeleton in a locale. Safe to use from many threads.
icub_number_formatter *icub_number_formatter_open(const char *skeleton, const char *locale, int32_t *status) ICUB_NOEXCEPT;
void icub_number_formatter_close(icub_number_formatter *formatter) ICUB_NOEXCEPT;

/// Formats a decimal number given as ASCII text ("9.90"), never through binary floating point.
///
/// When `isolate_ltr_symbol` is nonzero, a currency symbol that holds a left-to-right
/// letter (`US$`, `JP¥`) is wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE
/// (U+2068 … U+2069), so that a right-to-left paragraph displays it as written rather
/// than moving its `$` to the other side. ICU's field positions locate the symbol.
int32_t icub_number_formatter_format_decimal(const icub_number_formatter *formatter,
                                             const char *decimal, int32_t decimal_length,
                                             int32_t isolate_ltr_symbol,
                                             char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
