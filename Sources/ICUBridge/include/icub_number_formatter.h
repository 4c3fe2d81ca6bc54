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
int32_t icub_number_formatter_format_decimal(const icub_number_formatter *formatter,
                                             const char *decimal, int32_t decimal_length,
                                             char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
