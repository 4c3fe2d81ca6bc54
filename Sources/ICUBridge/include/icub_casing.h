#ifndef PAYWALLTEXT_ICUB_CASING_H
#define PAYWALLTEXT_ICUB_CASING_H

#include <stdint.h>

#include "icub_common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct icub_sentence_caser icub_sentence_caser;

/// Opens a case mapper that title-cases the first letter of each sentence by a locale's
/// rules (Dutch `ijs` → `IJs`, Turkish `ilk` → `İlk`) and leaves every other letter as it
/// is. Not safe to use from two threads at once (it keeps a break iterator).
icub_sentence_caser *icub_sentence_caser_open(const char *locale, int32_t *status) ICUB_NOEXCEPT;
void icub_sentence_caser_close(icub_sentence_caser *caser) ICUB_NOEXCEPT;
/// The UTF-8 text with each sentence's first letter in title case.
int32_t icub_sentence_caser_apply(icub_sentence_caser *caser, const char *text, int32_t length,
                                  char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
