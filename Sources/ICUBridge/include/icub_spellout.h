#ifndef PAYWALLTEXT_ICUB_SPELLOUT_H
#define PAYWALLTEXT_ICUB_SPELLOUT_H

#include <stdint.h>

#include "icub_common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct icub_spellout icub_spellout;

/// Opens ICU's rule-based spellout of a locale (`URBNF_SPELLOUT`: Catalan 1 → `u`, 11 → `onze`).
/// Not safe to use from two threads at once.
icub_spellout *icub_spellout_open(const char *locale, int32_t *status) ICUB_NOEXCEPT;
void icub_spellout_close(icub_spellout *spellout) ICUB_NOEXCEPT;
/// Spells out a decimal given as ASCII text ("1.99" → Catalan `u coma nou nou`).
int32_t icub_spellout_format_decimal(icub_spellout *spellout, const char *decimal, int32_t decimal_length,
                                     char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
