#ifndef PAYWALLTEXT_ICUB_MESSAGE_FORMAT_H
#define PAYWALLTEXT_ICUB_MESSAGE_FORMAT_H

#include <stdint.h>

#include "icub_common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct icub_message_format icub_message_format;

/// Compiles an ICU MessageFormat pattern (UTF-8) for a locale, for arguments with the
/// `argument_count` names given, in that order. On a syntax error or an argument name
/// not among `argument_names`, returns NULL, sets `status`, and writes into `error_offset`
/// the UTF-16 offset of the error in `pattern` as written, or -1 when the error has no
/// place in it (a plural or select without `other`, a bad number skeleton).
icub_message_format *icub_message_format_open(const char *pattern, const char *locale,
                                              const char *const *argument_names, int32_t argument_count,
                                              int32_t *error_offset, int32_t *status) ICUB_NOEXCEPT;
/// An independent copy, for use on another thread.
icub_message_format *icub_message_format_clone(const icub_message_format *format, int32_t *status) ICUB_NOEXCEPT;
void icub_message_format_close(icub_message_format *format) ICUB_NOEXCEPT;
/// Formats with the arguments named at open, in that order: argument i is the integer
/// `integers[i]` when `is_integer[i]` is nonzero, else the UTF-8 text
/// `text[offsets[i] ..< offsets[i + 1]]`. Not safe to call on one handle from two threads
/// at once (ICU fills caches lazily, and the handle reuses its buffers); use a clone per thread.
int32_t icub_message_format_format(icub_message_format *format, const char *text, const int32_t *offsets,
                                   const int64_t *integers, const uint8_t *is_integer,
                                   char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT;
/// Describes a pattern's arguments, one line per argument occurrence in pattern order:
/// `name<TAB>kind<TAB>selector,selector,…` where kind is none, simple, choice, plural,
/// select or selectordinal, and selectors are listed for plural and select arguments;
/// then a last line `#<TAB>replace-number<TAB>N`: how many `#` ICU replaces by a plural's number.
int32_t icub_message_pattern_describe(const char *pattern, char *buffer, int32_t capacity,
                                      int32_t *error_offset, int32_t *status) ICUB_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
