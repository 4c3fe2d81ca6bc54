#ifndef PAYWALLTEXT_ICUB_LIST_FORMAT_H
#define PAYWALLTEXT_ICUB_LIST_FORMAT_H

#include <stdint.h>

#include "icub_common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct icub_list_formatter icub_list_formatter;

/// Opens a locale's list formatter for the "and" list in its wide form (`3 months and 1 week`,
/// German `3 Monate und 1 Woche`). `ListFormatter::format` is const: safe from many threads.
icub_list_formatter *icub_list_formatter_open(const char *locale, int32_t *status) ICUB_NOEXCEPT;
void icub_list_formatter_close(icub_list_formatter *formatter) ICUB_NOEXCEPT;
/// Joins `count` UTF-8 items into one list, in order: `items` holds them end to end, the
/// item `i` being `lengths[i]` bytes long.
int32_t icub_list_format(const icub_list_formatter *formatter, const char *items, const int32_t *lengths,
                         int32_t count, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
