// Dates as text: a skeleton's best pattern for a locale, in the locale's calendar.
#include "ICUBridge.h"
#include "Bridge.hpp"

#include <unicode/calendar.h>
#include <unicode/datefmt.h>
#include <unicode/fieldpos.h>
#include <unicode/localpointer.h>
#include <unicode/smpdtfmt.h>
#include <unicode/timezone.h>
#include <string>

struct icub_date_format {
    icu::LocalPointer<icu::DateFormat> format;
    // A calendar of the format's own kind and zone, set to each instant before formatting:
    // DateFormat::format(UDate) would clone the format's calendar on every call.
    icu::LocalPointer<icu::Calendar> calendar;
};

icub_date_format *icub_date_format_open(const char *skeleton, const char *locale, const char *zone,
                                        int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded<icub_date_format *>(status, nullptr, [&]() -> icub_date_format * {
        UErrorCode code = U_ZERO_ERROR;
        icu::UnicodeString zoneID = icu::UnicodeString::fromUTF8(zone);
        icu::UnicodeString canonical;
        if (!icub::canonicalZone(zoneID, canonical)) {
            *status = U_ILLEGAL_ARGUMENT_ERROR;
            return nullptr;
        }
        // createInstanceForSkeleton takes the best pattern from DateTimePatternGenerator and
        // the calendar from the locale (its keyword, else its region's preference in CLDR).
        icu::LocalPointer<icu::DateFormat> format(
            icu::DateFormat::createInstanceForSkeleton(icu::UnicodeString::fromUTF8(skeleton), icu::Locale(locale), code));
        if (U_FAILURE(code) || format.isNull()) {
            *status = U_FAILURE(code) ? code : U_MEMORY_ALLOCATION_ERROR;
            return nullptr;
        }
        format->adoptTimeZone(icu::TimeZone::createTimeZone(zoneID));
        icu::LocalPointer<icu::Calendar> calendar(format->getCalendar()->clone());
        if (calendar.isNull()) {
            *status = U_MEMORY_ALLOCATION_ERROR;
            return nullptr;
        }
        *status = U_ZERO_ERROR;
        auto *result = new icub_date_format;
        result->format.adoptInstead(format.orphan());
        result->calendar.adoptInstead(calendar.orphan());
        return result;
    });
}

void icub_date_format_close(icub_date_format *format) ICUB_NOEXCEPT {
    delete format;
}

int32_t icub_date_format_format(icub_date_format *format, double instant, char *buffer, int32_t capacity,
                                int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded(status, 0, [&] {
        UErrorCode code = U_ZERO_ERROR;
        format->calendar->setTime(instant, code);
        if (U_FAILURE(code)) {
            *status = code;
            return 0;
        }
        icu::UnicodeString text;
        icu::FieldPosition position(icu::FieldPosition::DONT_CARE);
        format->format->format(*format->calendar, text, position);
        *status = U_ZERO_ERROR;
        return icub::writeUTF8(text, buffer, capacity);
    });
}

int32_t icub_date_format_format_day(icub_date_format *format, double instant, char *buffer, int32_t capacity,
                                    int32_t *dayStart, int32_t *dayEnd, int32_t *dayOfMonth,
                                    int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded(status, 0, [&] {
        UErrorCode code = U_ZERO_ERROR;
        format->calendar->setTime(instant, code);
        int32_t day = U_SUCCESS(code) ? format->calendar->get(UCAL_DATE, code) : 0;
        if (U_FAILURE(code)) {
            *status = code;
            return 0;
        }
        icu::UnicodeString text;
        icu::FieldPosition position(UDAT_DATE_FIELD);
        format->format->format(*format->calendar, text, position);
        *dayOfMonth = day;
        if (position.getEndIndex() > position.getBeginIndex()) {
            std::string before, field;
            text.tempSubString(0, position.getBeginIndex()).toUTF8String(before);
            text.tempSubString(position.getBeginIndex(), position.getEndIndex() - position.getBeginIndex()).toUTF8String(field);
            *dayStart = static_cast<int32_t>(before.size());
            *dayEnd = static_cast<int32_t>(before.size() + field.size());
        } else {
            *dayStart = -1;
            *dayEnd = -1;
        }
        *status = U_ZERO_ERROR;
        return icub::writeUTF8(text, buffer, capacity);
    });
}

int32_t icub_date_format_pattern(const icub_date_format *format, char *buffer, int32_t capacity,
                                 int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded(status, 0, [&] {
        icu::UnicodeString pattern;
        // createInstanceForSkeleton always makes a SimpleDateFormat.
        const icu::DateFormat *base = format->format.getAlias();
        if (base->getDynamicClassID() == icu::SimpleDateFormat::getStaticClassID()) {
            static_cast<const icu::SimpleDateFormat *>(base)->toPattern(pattern);
        }
        *status = U_ZERO_ERROR;
        return icub::writeUTF8(pattern, buffer, capacity);
    });
}

int32_t icub_date_format_calendar(const icub_date_format *format, char *buffer, int32_t capacity,
                                  int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded(status, 0, [&] {
        *status = U_ZERO_ERROR;
        return icub::writeASCII(format->calendar->getType(), buffer, capacity);
    });
}
