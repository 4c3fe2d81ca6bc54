#ifndef PAYWALLTEXT_ICUB_DATE_FORMAT_H
#define PAYWALLTEXT_ICUB_DATE_FORMAT_H

#include <stdint.h>

#include "icub_common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct icub_date_format icub_date_format;

/// Opens a date format for a skeleton (`yMMMMd`) in a locale and an IANA time zone: the
/// pattern CLDR gives the locale for the skeleton (DateTimePatternGenerator's best pattern),
/// in the locale's own calendar (`th_TH` Buddhist, ICU 72's `ar_SA` Umm al-Qura) unless a `calendar`
/// keyword names another. A zone that is not a system zone fails with U_ILLEGAL_ARGUMENT_ERROR.
/// Not safe to use from two threads at once (it keeps a calendar to format with).
icub_date_format *icub_date_format_open(const char *skeleton, const char *locale, const char *zone,
                                        int32_t *status) ICUB_NOEXCEPT;
void icub_date_format_close(icub_date_format *format) ICUB_NOEXCEPT;
/// The day of an instant (milliseconds since 1970) in the zone, as text.
int32_t icub_date_format_format(icub_date_format *format, double instant, char *buffer, int32_t capacity,
                                int32_t *status) ICUB_NOEXCEPT;
/// The same, with where the day of the month stands in it: the UTF-8 byte offsets of the
/// day field (`*dayStart` ..< `*dayEnd`, both -1 when the pattern has none) and the day's
/// number in the format's calendar (`*dayOfMonth`), for a language that writes one day of
/// the month otherwise than ICU's pattern can (French `1er`).
int32_t icub_date_format_format_day(icub_date_format *format, double instant, char *buffer, int32_t capacity,
                                    int32_t *dayStart, int32_t *dayEnd, int32_t *dayOfMonth,
                                    int32_t *status) ICUB_NOEXCEPT;
/// The pattern the format uses (`MMMM d, y`).
int32_t icub_date_format_pattern(const icub_date_format *format, char *buffer, int32_t capacity,
                                 int32_t *status) ICUB_NOEXCEPT;
/// The CLDR name of the calendar the format writes dates in (`gregorian`, `buddhist`,
/// `islamic-umalqura`).
int32_t icub_date_format_calendar(const icub_date_format *format, char *buffer, int32_t capacity,
                                  int32_t *status) ICUB_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
