#ifndef PAYWALLTEXT_ICUB_VERSIONS_H
#define PAYWALLTEXT_ICUB_VERSIONS_H

#include <stdint.h>

#include "icub_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/// ICU's version, e.g. "72.1" (a string constant of ICU's).
const char *icub_icu_version(void) ICUB_NOEXCEPT;
/// The CLDR version of ICU's data, e.g. "42.0", written into the caller's buffer.
int32_t icub_cldr_version(char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT;
/// ICU's name of a status code, e.g. "U_ILLEGAL_ARGUMENT_ERROR" (a string constant of ICU's).
const char *icub_error_name(int32_t status) ICUB_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
