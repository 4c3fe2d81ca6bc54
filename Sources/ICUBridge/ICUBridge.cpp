// The implementation behind ICUBridge.h. It includes ICU's headers, calls ICU's
// plain (unversioned) names, and converts between UTF-16 and UTF-8.
#include "ICUBridge.h"

#include <unicode/bytestream.h>
#include <unicode/messagepattern.h>
#include <unicode/msgfmt.h>
#include <unicode/numberformatter.h>
#include <unicode/plurrule.h>
#include <unicode/ucurr.h>
#include <unicode/uenum.h>
#include <unicode/uloc.h>
#include <unicode/ulocdata.h>
#include <unicode/unistr.h>
#include <unicode/upluralrules.h>
#include <unicode/ures.h>
#include <unicode/uversion.h>

#include <cstring>
#include <new>
#include <vector>

using icu::UnicodeString;

namespace {

// Writes `text` as UTF-8 into the caller's buffer; returns the full UTF-8 length.
int32_t writeUTF8(const UnicodeString &text, char *buffer, int32_t capacity) {
    icu::CheckedArrayByteSink sink(buffer, capacity > 0 ? capacity : 0);
    text.toUTF8(sink);
    int32_t length = sink.NumberOfBytesAppended();
    if (length < capacity) {
        buffer[length] = 0;
    }
    return length;
}

// Copies a NUL-terminated ASCII string; returns its full length.
int32_t writeASCII(const char *text, char *buffer, int32_t capacity) {
    int32_t length = static_cast<int32_t>(std::strlen(text));
    if (length < capacity) {
        std::memcpy(buffer, text, static_cast<size_t>(length) + 1);
    }
    return length;
}

// ICU functions that fill a char buffer report U_BUFFER_OVERFLOW_ERROR and
// U_STRING_NOT_TERMINATED_WARNING when the text does not fit; the caller sees the
// returned length instead, so those two are not failures here.
void clearSizeStatus(UErrorCode &code) {
    if (code == U_BUFFER_OVERFLOW_ERROR || code == U_STRING_NOT_TERMINATED_WARNING) {
        code = U_ZERO_ERROR;
    }
}

}  // namespace

struct icub_number_formatter {
    icu::number::LocalizedNumberFormatter formatter;
};

struct icub_plural_rules {
    icu::PluralRules *rules;
};

struct icub_message_format {
    icu::MessageFormat format;
};

// MARK: Versions

const char *icub_icu_version(void) {
    return U_ICU_VERSION;
}

const char *icub_cldr_version(int32_t *status) {
    static char text[U_MAX_VERSION_STRING_LENGTH] = {0};
    UErrorCode code = U_ZERO_ERROR;
    UVersionInfo version;
    ulocdata_getCLDRVersion(version, &code);
    *status = code;
    if (U_FAILURE(code)) {
        return "";
    }
    u_versionToString(version, text);
    return text;
}

const char *icub_error_name(int32_t status) {
    return u_errorName(static_cast<UErrorCode>(status));
}

// MARK: Locales

int32_t icub_locale_from_language_tag(const char *tag, char *buffer, int32_t capacity,
                                      int32_t *parsed_length, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    int32_t length = uloc_forLanguageTag(tag, buffer, capacity, parsed_length, &code);
    clearSizeStatus(code);
    *status = code;
    return length;
}

int32_t icub_locale_canonicalize(const char *locale, char *buffer, int32_t capacity, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    int32_t length = uloc_canonicalize(locale, buffer, capacity, &code);
    clearSizeStatus(code);
    *status = code;
    return length;
}

int32_t icub_locale_to_language_tag(const char *locale, char *buffer, int32_t capacity, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    int32_t length = uloc_toLanguageTag(locale, buffer, capacity, /* strict */ true, &code);
    clearSizeStatus(code);
    *status = code;
    return length;
}

int32_t icub_locale_language(const char *locale, char *buffer, int32_t capacity, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    int32_t length = uloc_getLanguage(locale, buffer, capacity, &code);
    clearSizeStatus(code);
    *status = code;
    return length;
}

int32_t icub_locale_script(const char *locale, char *buffer, int32_t capacity, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    int32_t length = uloc_getScript(locale, buffer, capacity, &code);
    clearSizeStatus(code);
    *status = code;
    return length;
}

int32_t icub_locale_region(const char *locale, char *buffer, int32_t capacity, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    int32_t length = uloc_getCountry(locale, buffer, capacity, &code);
    clearSizeStatus(code);
    *status = code;
    return length;
}

int32_t icub_locale_maximize(const char *locale, char *buffer, int32_t capacity, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    int32_t length = uloc_addLikelySubtags(locale, buffer, capacity, &code);
    clearSizeStatus(code);
    *status = code;
    return length;
}

int32_t icub_locale_keyword(const char *locale, const char *keyword, char *buffer, int32_t capacity,
                            int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    int32_t length = uloc_getKeywordValue(locale, keyword, buffer, capacity, &code);
    clearSizeStatus(code);
    *status = code;
    return length;
}

int32_t icub_locale_has_data(const char *locale) {
    // ICU opens any locale ID, falling back to root when it has nothing for it;
    // U_USING_DEFAULT_WARNING says that it fell back all the way to root.
    UErrorCode code = U_ZERO_ERROR;
    UResourceBundle *bundle = ures_open(nullptr, locale, &code);
    bool hasData = U_SUCCESS(code) && code != U_USING_DEFAULT_WARNING;
    if (bundle != nullptr) {
        ures_close(bundle);
    }
    return hasData ? 1 : 0;
}

// MARK: Currencies

int32_t icub_currency_is_known(const char *code) {
    UErrorCode status = U_ZERO_ERROR;
    UEnumeration *all = ucurr_openISOCurrencies(UCURR_ALL, &status);
    if (U_FAILURE(status)) {
        return 0;
    }
    bool found = false;
    const char *candidate;
    while (!found && (candidate = uenum_next(all, nullptr, &status)) != nullptr && U_SUCCESS(status)) {
        found = std::strcmp(candidate, code) == 0;
    }
    uenum_close(all);
    return found ? 1 : 0;
}

int32_t icub_currency_fraction_digits(const char *code, int32_t *status) {
    UChar currency[4] = {0};
    for (int i = 0; i < 3 && code[i] != 0; i++) {
        currency[i] = static_cast<UChar>(code[i]);
    }
    UErrorCode error = U_ZERO_ERROR;
    int32_t digits = ucurr_getDefaultFractionDigits(currency, &error);
    *status = error;
    return digits;
}

int32_t icub_currency_for_locale(const char *locale, char *buffer, int32_t capacity, int32_t *status) {
    UChar currency[4] = {0};
    UErrorCode code = U_ZERO_ERROR;
    int32_t length = ucurr_forLocale(locale, currency, 4, &code);
    *status = code;
    if (U_FAILURE(code) || length != 3) {
        *status = U_FAILURE(code) ? code : U_ZERO_ERROR;
        return 0;
    }
    return writeUTF8(UnicodeString(currency, 3), buffer, capacity);
}

// MARK: Number formatting

icub_number_formatter *icub_number_formatter_open(const char *skeleton, const char *locale, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UParseError parseError;
    auto unlocalized = icu::number::NumberFormatter::forSkeleton(
        UnicodeString::fromUTF8(skeleton), parseError, code);
    if (U_FAILURE(code)) {
        *status = code;
        return nullptr;
    }
    auto *result = new (std::nothrow) icub_number_formatter{unlocalized.locale(icu::Locale(locale))};
    *status = result == nullptr ? U_MEMORY_ALLOCATION_ERROR : U_ZERO_ERROR;
    return result;
}

void icub_number_formatter_close(icub_number_formatter *formatter) {
    delete formatter;
}

int32_t icub_number_formatter_format_decimal(const icub_number_formatter *formatter,
                                             const char *decimal, int32_t decimal_length,
                                             char *buffer, int32_t capacity, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    // A LocalizedNumberFormatter is immutable; each call gets its own result object.
    icu::number::FormattedNumber result =
        formatter->formatter.formatDecimal(icu::StringPiece(decimal, decimal_length), code);
    if (U_FAILURE(code)) {
        *status = code;
        return 0;
    }
    UnicodeString text = result.toString(code);
    *status = code;
    if (U_FAILURE(code)) {
        return 0;
    }
    return writeUTF8(text, buffer, capacity);
}

// MARK: Plural rules

icub_plural_rules *icub_plural_rules_open(const char *locale, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    icu::PluralRules *rules = icu::PluralRules::forLocale(icu::Locale(locale), UPLURAL_TYPE_CARDINAL, code);
    *status = code;
    if (U_FAILURE(code)) {
        delete rules;
        return nullptr;
    }
    auto *result = new (std::nothrow) icub_plural_rules{rules};
    if (result == nullptr) {
        delete rules;
        *status = U_MEMORY_ALLOCATION_ERROR;
    }
    return result;
}

void icub_plural_rules_close(icub_plural_rules *rules) {
    if (rules != nullptr) {
        delete rules->rules;
        delete rules;
    }
}

int32_t icub_plural_rules_select_integer(const icub_plural_rules *rules, int64_t value,
                                         char *buffer, int32_t capacity, int32_t *status) {
    *status = U_ZERO_ERROR;
    // PluralRules::select is const and thread-safe. int32 is exact for every count we pass;
    // larger values go through double, which is exact below 2^53.
    UnicodeString keyword = (value >= INT32_MIN && value <= INT32_MAX)
        ? rules->rules->select(static_cast<int32_t>(value))
        : rules->rules->select(static_cast<double>(value));
    return writeUTF8(keyword, buffer, capacity);
}

int32_t icub_plural_rules_keywords(const icub_plural_rules *rules, char *buffer, int32_t capacity,
                                   int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    icu::StringEnumeration *keywords = rules->rules->getKeywords(code);
    if (U_FAILURE(code)) {
        *status = code;
        return 0;
    }
    UnicodeString joined;
    const UnicodeString *keyword;
    while ((keyword = keywords->snext(code)) != nullptr && U_SUCCESS(code)) {
        if (!joined.isEmpty()) {
            joined.append(static_cast<UChar>(0x20));
        }
        joined.append(*keyword);
    }
    delete keywords;
    *status = code;
    return U_FAILURE(code) ? 0 : writeUTF8(joined, buffer, capacity);
}

int32_t icub_plural_rules_samples(const icub_plural_rules *rules, const char *keyword, double *values,
                                  int32_t capacity, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    int32_t count = rules->rules->getSamples(UnicodeString::fromUTF8(keyword), values, capacity, code);
    *status = code;
    return U_FAILURE(code) ? 0 : count;
}

// MARK: Message formatting

icub_message_format *icub_message_format_open(const char *pattern, const char *locale,
                                              int32_t *error_offset, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UParseError parseError;
    parseError.offset = -1;
    auto *result = new (std::nothrow) icub_message_format{
        icu::MessageFormat(UnicodeString::fromUTF8(pattern), icu::Locale(locale), parseError, code)};
    if (result == nullptr) {
        *status = U_MEMORY_ALLOCATION_ERROR;
        return nullptr;
    }
    *error_offset = parseError.offset;
    *status = code;
    if (U_FAILURE(code)) {
        delete result;
        return nullptr;
    }
    return result;
}

void icub_message_format_close(icub_message_format *format) {
    delete format;
}

int32_t icub_message_format_format(icub_message_format *format, int32_t count,
                                   const char *const *names, const char *const *strings,
                                   const int64_t *integers, const uint8_t *is_integer,
                                   char *buffer, int32_t capacity, int32_t *status) {
    std::vector<UnicodeString> argumentNames;
    std::vector<icu::Formattable> arguments;
    argumentNames.reserve(static_cast<size_t>(count));
    arguments.reserve(static_cast<size_t>(count));
    for (int32_t i = 0; i < count; i++) {
        argumentNames.push_back(UnicodeString::fromUTF8(names[i]));
        if (is_integer[i]) {
            arguments.emplace_back(static_cast<int64_t>(integers[i]));
        } else {
            arguments.emplace_back(UnicodeString::fromUTF8(strings[i]));
        }
    }
    UErrorCode code = U_ZERO_ERROR;
    UnicodeString text;
    format->format.format(argumentNames.data(), arguments.data(), count, text, code);
    *status = code;
    return U_FAILURE(code) ? 0 : writeUTF8(text, buffer, capacity);
}

int32_t icub_message_pattern_describe(const char *pattern, char *buffer, int32_t capacity,
                                      int32_t *error_offset, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UParseError parseError;
    parseError.offset = -1;
    icu::MessagePattern parsed(UnicodeString::fromUTF8(pattern), &parseError, code);
    *error_offset = parseError.offset;
    if (U_FAILURE(code)) {
        *status = code;
        return 0;
    }
    static const char *const kinds[] = {"none", "simple", "choice", "plural", "select", "selectordinal"};
    // One entry per argument; selectors belong to the innermost argument that is open.
    struct Entry {
        UnicodeString line;
        bool hasSelectors = false;
    };
    std::vector<Entry> entries;
    std::vector<size_t> open;
    int32_t partCount = parsed.countParts();
    for (int32_t i = 0; i < partCount; i++) {
        const icu::MessagePattern::Part &part = parsed.getPart(i);
        UMessagePatternPartType type = part.getType();
        if (type == UMSGPAT_PART_TYPE_ARG_START) {
            const icu::MessagePattern::Part &name = parsed.getPart(i + 1);
            Entry entry;
            entry.line = parsed.getSubstring(name);
            entry.line.append(static_cast<UChar>(0x09));
            int32_t kind = static_cast<int32_t>(part.getArgType());
            entry.line.append(UnicodeString::fromUTF8(kind >= 0 && kind <= 5 ? kinds[kind] : "unknown"));
            entry.line.append(static_cast<UChar>(0x09));
            open.push_back(entries.size());
            entries.push_back(entry);
        } else if (type == UMSGPAT_PART_TYPE_ARG_LIMIT) {
            if (!open.empty()) {
                open.pop_back();
            }
        } else if (type == UMSGPAT_PART_TYPE_ARG_SELECTOR && !open.empty()) {
            Entry &entry = entries[open.back()];
            if (entry.hasSelectors) {
                entry.line.append(static_cast<UChar>(0x2C));
            }
            entry.line.append(parsed.getSubstring(part));
            entry.hasSelectors = true;
        }
    }
    UnicodeString all;
    for (const Entry &entry : entries) {
        all.append(entry.line);
        all.append(static_cast<UChar>(0x0A));
    }
    *status = U_ZERO_ERROR;
    return writeUTF8(all, buffer, capacity);
}
