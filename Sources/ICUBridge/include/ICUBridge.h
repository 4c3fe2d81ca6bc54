// ICUBridge: the only code that includes ICU's headers.
//
// Every function takes and returns plain C types: opaque handles, UTF-8
// strings and int32_t ICU status codes (a code > 0 is a failure; negative codes
// are warnings). Functions that produce text write UTF-8 into a caller's
// buffer and return the full length in bytes, which may exceed the capacity;
// the caller then retries with a larger buffer. Nothing is NUL-terminated
// unless it fits.
#ifndef PAYWALLTEXT_ICUBRIDGE_H
#define PAYWALLTEXT_ICUBRIDGE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: Versions

/// ICU's version, e.g. "72.1".
const char *icub_icu_version(void);
/// The CLDR version of ICU's data, e.g. "42.0".
const char *icub_cldr_version(int32_t *status);
/// ICU's name of a status code, e.g. "U_ILLEGAL_ARGUMENT_ERROR".
const char *icub_error_name(int32_t status);

// MARK: Locales

/// BCP 47 tag → ICU locale ID. `parsed_length` receives how many bytes of the tag were understood.
int32_t icub_locale_from_language_tag(const char *tag, char *buffer, int32_t capacity,
                                      int32_t *parsed_length, int32_t *status);
/// ICU locale ID → canonical ICU locale ID.
int32_t icub_locale_canonicalize(const char *locale, char *buffer, int32_t capacity, int32_t *status);
/// ICU locale ID → BCP 47 tag (strict).
int32_t icub_locale_to_language_tag(const char *locale, char *buffer, int32_t capacity, int32_t *status);
/// The language subtag of an ICU locale ID.
int32_t icub_locale_language(const char *locale, char *buffer, int32_t capacity, int32_t *status);
/// The script subtag of an ICU locale ID (`Hans` of `zh_Hans_CN`), empty when there is none.
int32_t icub_locale_script(const char *locale, char *buffer, int32_t capacity, int32_t *status);
/// The region subtag of an ICU locale ID (`CN` of `zh_Hans_CN`), empty when there is none.
int32_t icub_locale_region(const char *locale, char *buffer, int32_t capacity, int32_t *status);
/// The locale with its likely script and region added (`zh_CN` → `zh_Hans_CN`).
int32_t icub_locale_maximize(const char *locale, char *buffer, int32_t capacity, int32_t *status);
/// The value of a keyword (`currency`) of an ICU locale ID; length 0 when absent.
int32_t icub_locale_keyword(const char *locale, const char *keyword, char *buffer, int32_t capacity,
                            int32_t *status);
/// 1 when ICU has locale data for the locale's language (not only root), else 0.
int32_t icub_locale_has_data(const char *locale);

// MARK: Currencies

/// Every ISO 4217 code ICU knows, current and historic, separated by single spaces.
int32_t icub_currency_codes(char *buffer, int32_t capacity, int32_t *status);
/// The currency's standard number of fraction digits (USD 2, JPY 0, KWD 3).
int32_t icub_currency_fraction_digits(const char *code, int32_t *status);

/// The ISO 4217 code of a locale's own currency (`ru_RU` → `RUB`); length 0 when it has none.
int32_t icub_currency_for_locale(const char *locale, char *buffer, int32_t capacity, int32_t *status);

// MARK: Number formatting

typedef struct icub_number_formatter icub_number_formatter;

/// Opens an immutable formatter for a number skeleton in a locale. Safe to use from many threads.
icub_number_formatter *icub_number_formatter_open(const char *skeleton, const char *locale, int32_t *status);
void icub_number_formatter_close(icub_number_formatter *formatter);
/// Formats a decimal number given as ASCII text ("9.90"), never through binary floating point.
int32_t icub_number_formatter_format_decimal(const icub_number_formatter *formatter,
                                             const char *decimal, int32_t decimal_length,
                                             char *buffer, int32_t capacity, int32_t *status);

// MARK: Plural rules

typedef struct icub_plural_rules icub_plural_rules;

/// Opens the cardinal plural rules of a locale. Safe to use from many threads.
icub_plural_rules *icub_plural_rules_open(const char *locale, int32_t *status);
void icub_plural_rules_close(icub_plural_rules *rules);
/// The plural category of an integer ("one", "few", …).
int32_t icub_plural_rules_select_integer(const icub_plural_rules *rules, int64_t value,
                                         char *buffer, int32_t capacity, int32_t *status);
/// The locale's plural keywords, separated by single spaces, in ICU's order.
int32_t icub_plural_rules_keywords(const icub_plural_rules *rules, char *buffer, int32_t capacity,
                                   int32_t *status);

/// Up to `capacity` sample values of a keyword from ICU's rule data (`one` in Russian: 1, 21, 31, …),
/// integers first; returns how many were written. Decimal samples such as 1.0 arrive as doubles
/// too, so callers confirm a value with a select.
int32_t icub_plural_rules_samples(const icub_plural_rules *rules, const char *keyword, double *values,
                                  int32_t capacity, int32_t *status);

// MARK: Message formatting

typedef struct icub_message_format icub_message_format;

/// Compiles an ICU MessageFormat pattern (UTF-8) for a locale, for arguments with the
/// `argument_count` names given, in that order. On a syntax error, returns NULL, sets
/// `status`, and writes the UTF-16 offset of the error into `error_offset`.
icub_message_format *icub_message_format_open(const char *pattern, const char *locale,
                                              const char *const *argument_names, int32_t argument_count,
                                              int32_t *error_offset, int32_t *status);
/// An independent copy, for use on another thread.
icub_message_format *icub_message_format_clone(const icub_message_format *format, int32_t *status);
void icub_message_format_close(icub_message_format *format);
/// Formats with the arguments named at open, in that order: argument i is the integer
/// `integers[i]` when `is_integer[i]` is nonzero, else the UTF-8 text
/// `text[offsets[i] ..< offsets[i + 1]]`. Not safe to call on one handle from two threads
/// at once (ICU fills caches lazily); use a clone per thread.
int32_t icub_message_format_format(icub_message_format *format, const char *text, const int32_t *offsets,
                                   const int64_t *integers, const uint8_t *is_integer,
                                   char *buffer, int32_t capacity, int32_t *status);
/// Describes a pattern's arguments, one line per argument occurrence in pattern order:
/// `name<TAB>kind<TAB>selector,selector,…` where kind is none, simple, choice, plural,
/// select or selectordinal, and selectors are listed for plural and select arguments.
int32_t icub_message_pattern_describe(const char *pattern, char *buffer, int32_t capacity,
                                      int32_t *error_offset, int32_t *status);

#ifdef __cplusplus
}
#endif

#endif
