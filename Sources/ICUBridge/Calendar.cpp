// Gregorian calendar arithmetic in a time zone, and the time zone data.
#include "ICUBridge.h"
#include "Bridge.hpp"

#include <unicode/gregocal.h>
#include <unicode/localpointer.h>
#include <unicode/timezone.h>
#include <limits>

struct icub_calendar {
    icu::LocalPointer<icu::GregorianCalendar> calendar;
};

namespace {

// The zone of a system ID, or nullptr with U_ILLEGAL_ARGUMENT_ERROR.
icu::TimeZone *systemZone(const char *zone, UErrorCode &code) {
    icu::UnicodeString id = icu::UnicodeString::fromUTF8(zone);
    icu::UnicodeString canonical;
    if (!icub::canonicalZone(id, canonical)) {
        code = U_ILLEGAL_ARGUMENT_ERROR;
        return nullptr;
    }
    icu::TimeZone *result = icu::TimeZone::createTimeZone(id);
    if (result == nullptr) {
        code = U_MEMORY_ALLOCATION_ERROR;
    }
    return result;
}

}  // namespace

icub_calendar *icub_calendar_open(const char *zone, int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded<icub_calendar *>(status, nullptr, [&]() -> icub_calendar * {
        UErrorCode code = U_ZERO_ERROR;
        icu::TimeZone *timeZone = systemZone(zone, code);
        if (U_FAILURE(code)) {
            *status = code;
            return nullptr;
        }
        // The calendar adopts the zone, also when its construction fails.
        icu::LocalPointer<icu::GregorianCalendar> calendar(new icu::GregorianCalendar(timeZone, code), code);
        if (U_SUCCESS(code)) {
            // ISO 8601 days are proleptic Gregorian: no Julian calendar before 1582.
            calendar->setGregorianChange(-std::numeric_limits<double>::infinity(), code);
        }
        *status = code;
        if (U_FAILURE(code)) {
            return nullptr;
        }
        auto *result = new icub_calendar;
        result->calendar.adoptInstead(calendar.orphan());
        return result;
    });
}

void icub_calendar_close(icub_calendar *calendar) ICUB_NOEXCEPT {
    delete calendar;
}

namespace {

// The Gregorian day the calendar is set to.
void readDay(icu::GregorianCalendar &gregorian, int32_t *year, int32_t *month, int32_t *day, UErrorCode &code) {
    *year = gregorian.get(UCAL_EXTENDED_YEAR, code);
    *month = gregorian.get(UCAL_MONTH, code) + 1;
    *day = gregorian.get(UCAL_DATE, code);
}

}  // namespace

void icub_calendar_add(icub_calendar *calendar, double start, const int32_t *fields, const int32_t *amounts,
                       int32_t count, double *end, int32_t *year, int32_t *month, int32_t *day,
                       int32_t *status) ICUB_NOEXCEPT {
    icub::guarded(status, 0, [&] {
        UErrorCode code = U_ZERO_ERROR;
        icu::GregorianCalendar &gregorian = *calendar->calendar;
        gregorian.setTime(start, code);
        for (int32_t index = 0; index < count && U_SUCCESS(code); ++index) {
            // Calendar::add keeps the wall time across a clock change for these fields, and
            // pins the day of the month to the month's last day (January 31 + 1 month).
            UCalendarDateFields field = fields[index] == ICUB_CALENDAR_MONTHS ? UCAL_MONTH : UCAL_DATE;
            if (fields[index] != ICUB_CALENDAR_MONTHS && fields[index] != ICUB_CALENDAR_DAYS) {
                code = U_ILLEGAL_ARGUMENT_ERROR;
                break;
            }
            gregorian.add(field, amounts[index], code);
        }
        *end = U_SUCCESS(code) ? gregorian.getTime(code) : 0;
        // The fields are computed already: reading them costs no second pass over the zone's rules.
        if (U_SUCCESS(code)) {
            readDay(gregorian, year, month, day, code);
        }
        *status = code;
        return 0;
    });
}

void icub_calendar_day(icub_calendar *calendar, double instant, int32_t *year, int32_t *month, int32_t *day,
                       int32_t *status) ICUB_NOEXCEPT {
    icub::guarded(status, 0, [&] {
        UErrorCode code = U_ZERO_ERROR;
        icu::GregorianCalendar &gregorian = *calendar->calendar;
        gregorian.setTime(instant, code);
        readDay(gregorian, year, month, day, code);
        *status = code;
        return 0;
    });
}

double icub_calendar_start_of_day(icub_calendar *calendar, int32_t year, int32_t month, int32_t day,
                                  int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded(status, 0.0, [&] {
        UErrorCode code = U_ZERO_ERROR;
        icu::GregorianCalendar &gregorian = *calendar->calendar;
        gregorian.clear();
        gregorian.set(UCAL_EXTENDED_YEAR, year);
        gregorian.set(UCAL_MONTH, month - 1);
        gregorian.set(UCAL_DATE, day);
        // Midnight that a clock change skips is read as the first moment after it.
        gregorian.setSkippedWallTimeOption(UCAL_WALLTIME_NEXT_VALID);
        double instant = gregorian.getTime(code);
        *status = code;
        return U_FAILURE(code) ? 0.0 : instant;
    });
}

int32_t icub_time_zone_canonical_id(const char *zone, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded(status, 0, [&] {
        icu::UnicodeString canonical;
        if (!icub::canonicalZone(icu::UnicodeString::fromUTF8(zone), canonical)) {
            *status = U_ILLEGAL_ARGUMENT_ERROR;
            return 0;
        }
        *status = U_ZERO_ERROR;
        return icub::writeUTF8(canonical, buffer, capacity);
    });
}

int32_t icub_time_zone_data_version(char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded(status, 0, [&] {
        UErrorCode code = U_ZERO_ERROR;
        const char *version = icu::TimeZone::getTZDataVersion(code);
        *status = code;
        return U_FAILURE(code) || version == nullptr ? 0 : icub::writeASCII(version, buffer, capacity);
    });
}
