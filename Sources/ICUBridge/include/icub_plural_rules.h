#ifndef PAYWALLTEXT_ICUB_PLURAL_RULES_H
#define PAYWALLTEXT_ICUB_PLURAL_RULES_H

#include <stdint.h>

#include "icub_common.h"
#include "icub_number_formatter.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct icub_plural_rules icub_plural_rules;

/// Opens the cardinal plural rules of a locale (`ordinal` 0), or its ordinal rules (`ordinal`
/// 1, the categories of `selectordinal`: English 1st/2nd/3rd/4th). Safe to use from many threads.
icub_plural_rules *icub_plural_rules_open(const char *locale, int32_t ordinal, int32_t *status) ICUB_NOEXCEPT;
void icub_plural_rules_close(icub_plural_rules *rules) ICUB_NOEXCEPT;
/// The plural category of an integer ("one", "few", …).
int32_t icub_plural_rules_select_integer(const icub_plural_rules *rules, int64_t value,
                                         char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT;
/// The locale's plural keywords, separated by single spaces, in ICU's order.
int32_t icub_plural_rules_keywords(const icub_plural_rules *rules, char *buffer, int32_t capacity,
                                   int32_t *status) ICUB_NOEXCEPT;
/// Up to `capacity` sample values of a keyword from ICU's rule data (`one` in Russian: 1, 21, 31, …),
/// integers first; returns how many were written. Decimal samples such as 1.0 arrive as doubles
/// too, so callers confirm a value with a select.
int32_t icub_plural_rules_samples(const icub_plural_rules *rules, const char *keyword, double *values,
                                  int32_t capacity, int32_t *status) ICUB_NOEXCEPT;

/// Formats a decimal given as ASCII text with `formatter` and returns the plural category of
/// the number as formatted, its visible fraction digits included (Slovenian `9,99` and `3,00`
/// are `few`); `has_fraction` is set to 1 when the formatted number shows a fraction.
int32_t icub_plural_rules_select_formatted(const icub_plural_rules *rules, const icub_number_formatter *formatter,
                                           const char *decimal, int32_t decimal_length, int32_t *has_fraction,
                                           char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
