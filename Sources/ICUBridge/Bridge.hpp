// Helpers shared by the bridge's implementation files; not part of the C interface.
#ifndef PAYWALLTEXT_ICUBRIDGE_BRIDGE_HPP
#define PAYWALLTEXT_ICUBRIDGE_BRIDGE_HPP

#include <unicode/bytestream.h>
#include <unicode/timezone.h>
#include <unicode/unistr.h>
#include <unicode/utypes.h>

#include <cstring>
#include <new>

namespace icub {

// Writes `text` as UTF-8 into the caller's buffer; returns the full UTF-8 length.
inline int32_t writeUTF8(const icu::UnicodeString &text, char *buffer, int32_t capacity) {
    icu::CheckedArrayByteSink sink(buffer, capacity > 0 ? capacity : 0);
    text.toUTF8(sink);
    int32_t length = sink.NumberOfBytesAppended();
    if (length < capacity) {
        buffer[length] = 0;
    }
    return length;
}

// Copies a NUL-terminated ASCII string; returns its full length.
inline int32_t writeASCII(const char *text, char *buffer, int32_t capacity) {
    int32_t length = static_cast<int32_t>(std::strlen(text));
    if (length < capacity) {
        std::memcpy(buffer, text, static_cast<size_t>(length) + 1);
    }
    return length;
}

// Runs the body of a C entry point so that no C++ exception crosses the C boundary:
// ICU itself does not throw, but the standard library's allocations can. An exception
// becomes U_MEMORY_ALLOCATION_ERROR (or U_INTERNAL_PROGRAM_ERROR) and `fallback` is returned.
template <typename Result, typename Body>
Result guarded(int32_t *status, Result fallback, Body body) noexcept {
    try {
        return body();
    } catch (const std::bad_alloc &) {
        *status = U_MEMORY_ALLOCATION_ERROR;
    } catch (...) {
        *status = U_INTERNAL_PROGRAM_ERROR;
    }
    return fallback;
}

// Runs an ICU call that fills a char buffer and reports its status. ICU reports
// U_BUFFER_OVERFLOW_ERROR and U_STRING_NOT_TERMINATED_WARNING when the text does not
// fit; the caller sees the returned length instead, so those two are not failures here.
template <typename Call>
int32_t fillBuffer(int32_t *status, Call call) noexcept {
    return guarded(status, 0, [&] {
        UErrorCode code = U_ZERO_ERROR;
        int32_t length = call(code);
        if (code == U_BUFFER_OVERFLOW_ERROR || code == U_STRING_NOT_TERMINATED_WARNING) {
            code = U_ZERO_ERROR;
        }
        *status = code;
        return length;
    });
}

// Whether `id` names a system time zone (a zone or link of the IANA database in ICU's data),
// with its canonical ID. TimeZone::createTimeZone answers any other ID with "Etc/Unknown"
// (GMT) and no error, which would place dates in the wrong zone without a word.
inline bool canonicalZone(const icu::UnicodeString &id, icu::UnicodeString &canonical) {
    UErrorCode code = U_ZERO_ERROR;
    UBool isSystemID = false;
    icu::TimeZone::getCanonicalID(id, canonical, isSystemID, code);
    return U_SUCCESS(code) && isSystemID;
}

}  // namespace icub

#endif
