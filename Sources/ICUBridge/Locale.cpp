// Locale identifiers: BCP 47 and ICU forms, subtags, likely subtags, keywords, and
// what ICU's locale data says about a locale (whether it has data, its parent).
#include "ICUBridge.h"
#include "Bridge.hpp"

#include <unicode/localpointer.h>
#include <unicode/numsys.h>
#include <unicode/uloc.h>
#include <unicode/ures.h>

using icub::fillBuffer;

int32_t icub_locale_from_language_tag(const char *tag, char *buffer, int32_t capacity,
                                      int32_t *parsed_length, int32_t *status) ICUB_NOEXCEPT {
    return fillBuffer(status, [&](UErrorCode &code) { return uloc_forLanguageTag(tag, buffer, capacity, parsed_length, &code); });
}

int32_t icub_locale_canonicalize(const char *locale, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT {
    return fillBuffer(status, [&](UErrorCode &code) { return uloc_canonicalize(locale, buffer, capacity, &code); });
}

int32_t icub_locale_to_language_tag(const char *locale, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT {
    return fillBuffer(status, [&](UErrorCode &code) { return uloc_toLanguageTag(locale, buffer, capacity, /* strict */ true, &code); });
}

int32_t icub_locale_language(const char *locale, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT {
    return fillBuffer(status, [&](UErrorCode &code) { return uloc_getLanguage(locale, buffer, capacity, &code); });
}

int32_t icub_locale_script(const char *locale, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT {
    return fillBuffer(status, [&](UErrorCode &code) { return uloc_getScript(locale, buffer, capacity, &code); });
}

int32_t icub_locale_region(const char *locale, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT {
    return fillBuffer(status, [&](UErrorCode &code) { return uloc_getCountry(locale, buffer, capacity, &code); });
}

int32_t icub_locale_maximize(const char *locale, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT {
    return fillBuffer(status, [&](UErrorCode &code) { return uloc_addLikelySubtags(locale, buffer, capacity, &code); });
}

int32_t icub_locale_minimize(const char *locale, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT {
    return fillBuffer(status, [&](UErrorCode &code) { return uloc_minimizeSubtags(locale, buffer, capacity, &code); });
}

int32_t icub_locale_base_name(const char *locale, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT {
    return fillBuffer(status, [&](UErrorCode &code) { return uloc_getBaseName(locale, buffer, capacity, &code); });
}

int32_t icub_locale_keyword(const char *locale, const char *keyword, char *buffer, int32_t capacity,
                            int32_t *status) ICUB_NOEXCEPT {
    return fillBuffer(status, [&](UErrorCode &code) { return uloc_getKeywordValue(locale, keyword, buffer, capacity, &code); });
}

int32_t icub_locale_has_data(const char *locale) ICUB_NOEXCEPT {
    int32_t status = U_ZERO_ERROR;
    return icub::guarded(&status, 0, [&] {
        // ICU opens any locale ID, falling back to root when it has nothing for it;
        // U_USING_DEFAULT_WARNING says that it fell back all the way to root.
        UErrorCode code = U_ZERO_ERROR;
        icu::LocalUResourceBundlePointer bundle(ures_open(nullptr, locale, &code));
        return U_SUCCESS(code) && code != U_USING_DEFAULT_WARNING ? 1 : 0;
    });
}

int32_t icub_locale_parent(const char *locale, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded(status, 0, [&] {
        // The explicit parent is the `%%Parent` entry of the locale's own bundle (CLDR's
        // parentLocales); without one, inheritance removes the last subtag.
        UErrorCode code = U_ZERO_ERROR;
        icu::LocalUResourceBundlePointer bundle(ures_openDirect(nullptr, locale, &code));
        if (U_SUCCESS(code)) {
            int32_t length = 0;
            UErrorCode lookup = U_ZERO_ERROR;
            const UChar *parent = ures_getStringByKey(bundle.getAlias(), "%%Parent", &length, &lookup);
            if (U_SUCCESS(lookup) && parent != nullptr) {
                *status = U_ZERO_ERROR;
                return icub::writeUTF8(icu::UnicodeString(parent, length), buffer, capacity);
            }
        }
        return fillBuffer(status, [&](UErrorCode &truncation) { return uloc_getParent(locale, buffer, capacity, &truncation); });
    });
}

int32_t icub_locale_is_right_to_left(const char *locale) ICUB_NOEXCEPT {
    return uloc_isRightToLeft(locale) ? 1 : 0;
}

int32_t icub_locale_numbering_system(const char *locale, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded(status, 0, [&] {
        UErrorCode code = U_ZERO_ERROR;
        icu::LocalPointer<icu::NumberingSystem> system(icu::NumberingSystem::createInstance(icu::Locale(locale), code));
        *status = code;
        if (U_FAILURE(code)) {
            return 0;
        }
        return icub::writeASCII(system->getName(), buffer, capacity);
    });
}
