// Language negotiation: ICU's LocaleMatcher over the supported catalogs.
#include "ICUBridge.h"
#include "Bridge.hpp"

#include <unicode/localematcher.h>
#include <unicode/locid.h>

#include <vector>

struct icub_locale_matcher {
    icu::LocaleMatcher matcher;
    explicit icub_locale_matcher(icu::LocaleMatcher &&built) : matcher(std::move(built)) {}
};

namespace {

std::vector<icu::Locale> locales(const char *const *ids, int32_t count) {
    std::vector<icu::Locale> result;
    result.reserve(static_cast<size_t>(count > 0 ? count : 0));
    for (int32_t index = 0; index < count; ++index) {
        result.emplace_back(ids[index]);
    }
    return result;
}

}  // namespace

icub_locale_matcher *icub_locale_matcher_open(const char *const *supported, int32_t count,
                                              int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded(status, static_cast<icub_locale_matcher *>(nullptr), [&]() -> icub_locale_matcher * {
        std::vector<icu::Locale> list = locales(supported, count);
        icu::Locale::RangeIterator<std::vector<icu::Locale>::const_iterator> iterator(list.begin(), list.end());
        UErrorCode code = U_ZERO_ERROR;
        icu::LocaleMatcher matcher = icu::LocaleMatcher::Builder()
            .setSupportedLocales(iterator)
            .setNoDefaultLocale()
            .build(code);
        *status = code;
        if (U_FAILURE(code)) {
            return nullptr;
        }
        return new icub_locale_matcher(std::move(matcher));
    });
}

void icub_locale_matcher_close(icub_locale_matcher *matcher) ICUB_NOEXCEPT {
    delete matcher;
}

int32_t icub_locale_matcher_match(const icub_locale_matcher *matcher, const char *const *desired, int32_t count,
                                  int32_t *desired_index, int32_t *status) ICUB_NOEXCEPT {
    *desired_index = -1;
    return icub::guarded(status, int32_t(-1), [&]() -> int32_t {
        std::vector<icu::Locale> list = locales(desired, count);
        icu::Locale::RangeIterator<std::vector<icu::Locale>::const_iterator> iterator(list.begin(), list.end());
        UErrorCode code = U_ZERO_ERROR;
        icu::LocaleMatcher::Result result = matcher->matcher.getBestMatchResult(iterator, code);
        *status = code;
        if (U_FAILURE(code)) {
            return -1;
        }
        *desired_index = result.getDesiredIndex();
        return result.getSupportedIndex();
    });
}
