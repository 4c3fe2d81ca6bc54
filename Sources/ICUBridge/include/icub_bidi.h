#ifndef PAYWALLTEXT_ICUB_BIDI_H
#define PAYWALLTEXT_ICUB_BIDI_H

#include <stdint.h>

#include "icub_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Runs the Unicode Bidirectional Algorithm (ICU's ubidi) over UTF-8 text as one
/// paragraph, right to left when `right_to_left` is nonzero, and describes its display.
///
/// Writes into `runs` up to `capacity` triples (start, length, level) of the visual runs,
/// from left to right as displayed; start and length count Unicode code points of `text`,
/// and an odd level is a right-to-left run. Returns the number of runs (which may exceed
/// `capacity`; the caller then retries).
int32_t icub_bidi_visual_runs(const char *text, int32_t length, int32_t right_to_left,
                              int32_t *runs, int32_t capacity, int32_t *status) ICUB_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
