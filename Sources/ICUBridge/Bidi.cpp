// The Unicode Bidirectional Algorithm, for showing how a right-to-left paragraph
// displays a line (the golden files) and checking that it keeps prices whole (the tests).
#include "ICUBridge.h"
#include "Bridge.hpp"

#include <unicode/localpointer.h>
#include <unicode/ubidi.h>

#include <vector>

int32_t icub_bidi_visual_runs(const char *text, int32_t length, int32_t right_to_left,
                              int32_t *runs, int32_t capacity, int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded(status, 0, [&] {
        UErrorCode code = U_ZERO_ERROR;
        icu::UnicodeString paragraph = icu::UnicodeString::fromUTF8(icu::StringPiece(text, length));
        icu::LocalUBiDiPointer bidi(ubidi_open());
        ubidi_setPara(bidi.getAlias(), paragraph.getBuffer(), paragraph.length(),
                      right_to_left ? UBIDI_RTL : UBIDI_LTR, nullptr, &code);
        int32_t count = U_SUCCESS(code) ? ubidi_countRuns(bidi.getAlias(), &code) : 0;
        if (U_FAILURE(code)) {
            *status = code;
            return 0;
        }
        // UTF-16 offsets → code point offsets, for callers that index Unicode scalars.
        std::vector<int32_t> codePoints(static_cast<size_t>(paragraph.length()) + 1, 0);
        int32_t scalar = 0;
        for (int32_t i = 0; i < paragraph.length(); i++) {
            codePoints[static_cast<size_t>(i)] = scalar;
            if (!U16_IS_LEAD(paragraph.charAt(i)) || i + 1 >= paragraph.length() || !U16_IS_TRAIL(paragraph.charAt(i + 1))) {
                scalar++;
            }
        }
        codePoints[static_cast<size_t>(paragraph.length())] = scalar;
        for (int32_t run = 0; run < count && run < capacity / 3; run++) {
            int32_t start = 0, runLength = 0;
            ubidi_getVisualRun(bidi.getAlias(), run, &start, &runLength);
            UBiDiLevel level = 0;
            ubidi_getLogicalRun(bidi.getAlias(), start, nullptr, &level);
            int32_t first = codePoints[static_cast<size_t>(start)];
            runs[run * 3] = first;
            runs[run * 3 + 1] = codePoints[static_cast<size_t>(start + runLength)] - first;
            runs[run * 3 + 2] = level;
        }
        *status = U_ZERO_ERROR;
        return count;
    });
}
