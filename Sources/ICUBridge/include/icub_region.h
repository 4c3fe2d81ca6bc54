#ifndef PAYWALLTEXT_ICUB_REGION_H
#define PAYWALLTEXT_ICUB_REGION_H

#include <stdint.h>

#include "icub_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The two-letter code of the territory a code names (`USA`, `US` or `840` → `US`);
/// length 0 when ICU knows no territory by that code (a grouping such as `150` is none).
int32_t icub_region_territory(const char *code, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT;
/// The three-letter ISO 3166-1 code of a two-letter territory code (`US` → `USA`);
/// length 0 when it has none.
int32_t icub_region_alpha3(const char *territory, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT;
/// 1 when ICU's region data puts a territory inside a grouping or a larger region (`EU`
/// contains `DE`), else 0; 0 for a code ICU does not know.
int32_t icub_region_contains(const char *container, const char *territory, int32_t *status) ICUB_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
