#ifndef PAYWALLTEXT_ICUB_LOCALE_MATCHER_H
#define PAYWALLTEXT_ICUB_LOCALE_MATCHER_H

#include <stdint.h>

#include "icub_common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct icub_locale_matcher icub_locale_matcher;

/// ICU's LocaleMatcher for a list of supported locales (ICU locale IDs), with CLDR's
/// language distances (`de-AT` is closest to `de`, `en-GB` to `en-001`, `nb` to `no`).
/// Immutable once opened, so safe to use from many threads.
icub_locale_matcher *icub_locale_matcher_open(const char *const *supported, int32_t count,
                                              int32_t *status) ICUB_NOEXCEPT;
void icub_locale_matcher_close(icub_locale_matcher *matcher) ICUB_NOEXCEPT;
/// The best supported locale for desired locales in priority order: the index of the
/// supported locale, or -1 when none is close enough; `desired_index` receives the index
/// of the desired locale that matched (-1 with no match).
int32_t icub_locale_matcher_match(const icub_locale_matcher *matcher, const char *const *desired, int32_t count,
                                  int32_t *desired_index, int32_t *status) ICUB_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
