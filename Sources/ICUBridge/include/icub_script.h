#ifndef PAYWALLTEXT_ICUB_SCRIPT_H
#define PAYWALLTEXT_ICUB_SCRIPT_H

#include <stdint.h>

#include "icub_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/// ICU's script code (UScriptCode) of a code point; Common and Inherited are their own codes.
int32_t icub_script_of(int32_t code_point) ICUB_NOEXCEPT;
/// ICU's script code of a four-letter ISO 15924 name (`Latn`), or -1 when unknown.
int32_t icub_script_named(const char *name) ICUB_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
