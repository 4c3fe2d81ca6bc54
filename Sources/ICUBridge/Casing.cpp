// Case mapping by the locale's rules.
#include "ICUBridge.h"
#include "Bridge.hpp"

#include <unicode/localpointer.h>
#include <unicode/ucasemap.h>

struct icub_sentence_caser {
    icu::LocalUCaseMapPointer map;
};

icub_sentence_caser *icub_sentence_caser_open(const char *locale, int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded<icub_sentence_caser *>(status, nullptr, [&]() -> icub_sentence_caser * {
        UErrorCode code = U_ZERO_ERROR;
        // Title case only where a sentence starts, and leave every other letter as it is.
        icu::LocalUCaseMapPointer map(ucasemap_open(locale, U_TITLECASE_SENTENCES | U_TITLECASE_NO_LOWERCASE, &code));
        *status = code;
        if (U_FAILURE(code)) {
            return nullptr;
        }
        auto *caser = new icub_sentence_caser;
        caser->map.adoptInstead(map.orphan());
        return caser;
    });
}

void icub_sentence_caser_close(icub_sentence_caser *caser) ICUB_NOEXCEPT {
    delete caser;
}

int32_t icub_sentence_caser_apply(icub_sentence_caser *caser, const char *text, int32_t length,
                                  char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT {
    return icub::fillBuffer(status, [&](UErrorCode &code) {
        return ucasemap_utf8ToTitle(caser->map.getAlias(), buffer, capacity, text, length, &code);
    });
}
