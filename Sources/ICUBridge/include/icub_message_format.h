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
/// One argument of a message pattern as ICU's `MessagePattern` parser sees it.
typedef struct icub_pattern_argument {
    /// ICU's `UMessagePatternArgType`: 0 none, 1 simple, 2 choice, 3 plural, 4 select, 5 selectordinal.
    int32_t kind;
    /// Where the argument's name starts in the strings buffer (UTF-8, NUL-terminated).
    int32_t name_offset;
    /// The argument's first selector in the selectors array, and how many it has (plural
    /// and select arguments); each selector is an offset into the strings buffer.
    int32_t first_selector;
    int32_t selector_count;
} icub_pattern_argument;

/// Parses a pattern and describes its arguments, one entry per occurrence in pattern
/// order; a selector belongs to the innermost argument open where it stands.
///
/// Writes at most `argument_capacity` arguments, `selector_capacity` selectors and
/// `strings_capacity` bytes of names and selectors; returns the number of arguments and sets
/// `selector_total` and `strings_length` to what the whole description needs, so that a
/// caller whose buffers were too small calls again with larger ones. `replaced_numbers` is
/// how many `#` ICU replaces by a plural's number. On a syntax error, returns 0, sets
/// `status` and `error_offset` (the UTF-16 offset, or -1 when the error has no place).
int32_t icub_message_pattern_parse(const char *pattern,
                                   icub_pattern_argument *arguments, int32_t argument_capacity,
                                   int32_t *selectors, int32_t selector_capacity, int32_t *selector_total,
                                   char *strings, int32_t strings_capacity, int32_t *strings_length,
                                   int32_t *replaced_numbers, int32_t *error_offset, int32_t *status) ICUB_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
