#ifndef PAYWALLTEXT_ICUB_LOCALE_H
#define PAYWALLTEXT_ICUB_LOCALE_H

#include <stdint.h>

#include "icub_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/// BCP 47 tag → ICU locale ID. `parsed_length` receives how many bytes of the tag were understood.
int32_t icub_locale_from_language_tag(const char *tag, char *buffer, int32_t capacity,
                                      int32_t *parsed_length, int32_t *status) ICUB_NOEXCEPT;
/// ICU locale ID → canonical ICU locale ID.
int32_t icub_locale_canonicalize(const char *locale, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT;
/// ICU locale ID → BCP 47 tag (strict).
int32_t icub_locale_to_language_tag(const char *locale, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT;
/// The language subtag of an ICU locale ID.
int32_t icub_locale_language(const char *locale, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT;
/// The script subtag of an ICU locale ID (`Hans` of `zh_Hans_CN`), empty when there is none.
int32_t icub_locale_script(const char *locale, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT;
/// The region subtag of an ICU locale ID (`CN` of `zh_Hans_CN`), empty when there is none.
int32_t icub_locale_region(const char *locale, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT;
/// The locale with its likely script and region added (`zh_TW` → `zh_Hant_TW`).
int32_t icub_locale_maximize(const char *locale, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT;
/// The locale with likely subtags removed (`zh_Hant_TW` → `zh_TW`).
int32_t icub_locale_minimize(const char *locale, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT;
/// The locale without its keywords (`en_US@currency=USD` → `en_US`).
int32_t icub_locale_base_name(const char *locale, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT;
/// The value of a keyword (`currency`) of an ICU locale ID; length 0 when absent.
int32_t icub_locale_keyword(const char *locale, const char *keyword, char *buffer, int32_t capacity,
                            int32_t *status) ICUB_NOEXCEPT;
/// 1 when ICU has locale data for the locale's language (not only root), else 0.
int32_t icub_locale_has_data(const char *locale) ICUB_NOEXCEPT;
/// The parent of a locale in CLDR's inheritance, from ICU's locale data: the explicit
/// parent where the data names one (`es_MX` → `es_419`, `zh_Hant` → `root`), else the
/// locale with its last subtag removed (`fr_CH` → `fr`); empty after a language alone.
int32_t icub_locale_parent(const char *locale, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT;
/// 1 when the locale's script is written right to left (`ar`, `he`, `ur`, `pa_Arab`), else 0.
int32_t icub_locale_is_right_to_left(const char *locale) ICUB_NOEXCEPT;
/// The name of the locale's default numbering system (`latn`, `arab`, `arabext`, `deva`).
int32_t icub_locale_numbering_system(const char *locale, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif
