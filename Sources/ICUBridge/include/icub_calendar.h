#ifndef PAYWALLTEXT_ICUB_CALENDAR_H
#define PAYWALLTEXT_ICUB_CALENDAR_H

#include <stdint.h>

#include "icub_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The calendar fields a duration adds (`icub_calendar_add`): days and months, in wall time.
/// Weeks are 7 days and years 12 months, so these two are all the stores' periods need.
enum {
    ICUB_CALENDAR_DAYS = 0,
    ICUB_CALENDAR_MONTHS = 1,
};

typedef struct icub_calendar icub_calendar;

/// Opens a proleptic Gregorian calendar in an IANA time zone (`Europe/Berlin`, `UTC`).
/// An ID ICU does not know as a system zone (a typo, or a custom `GMT+01:00`) fails with
/// U_ILLEGAL_ARGUMENT_ERROR. Not safe to use from two threads at once (a calendar holds
/// the instant it last computed).
icub_calendar *icub_calendar_open(const char *zone, int32_t *status) ICUB_NOEXCEPT;
void icub_calendar_close(icub_calendar *calendar) ICUB_NOEXCEPT;

/// Adds calendar fields to an instant (milliseconds since 1970), in order, in the zone's wall
/// time: one month after January 31 is the last day of February, three days after 23:30 is
/// 23:30 three days later across a clock change. Writes the instant reached to `end`, and its
/// Gregorian day in the zone to `year`, `month` and `day` (as `icub_calendar_day` would).
void icub_calendar_add(icub_calendar *calendar, double start, const int32_t *fields, const int32_t *amounts,
                       int32_t count, double *end, int32_t *year, int32_t *month, int32_t *day,
                       int32_t *status) ICUB_NOEXCEPT;

/// The Gregorian day of an instant in the zone: year (astronomical: 0 is 1 BC), month 1–12, day.
void icub_calendar_day(icub_calendar *calendar, double instant, int32_t *year, int32_t *month, int32_t *day,
                       int32_t *status) ICUB_NOEXCEPT;

/// The instant a Gregorian day starts in the zone (its first moment, after a clock change
/// that skips midnight).
double icub_calendar_start_of_day(icub_calendar *calendar, int32_t year, int32_t month, int32_t day,
                                  int32_t *status) ICUB_NOEXCEPT;

/// The canonical ID of an IANA time zone (`US/Pacific` → `America/Los_Angeles`); an ID that
/// is not a system zone fails with U_ILLEGAL_ARGUMENT_ERROR.
int32_t icub_time_zone_canonical_id(const char *zone, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT;

/// The version of ICU's time zone data, e.g. "2022e".
int32_t icub_time_zone_data_version(char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
