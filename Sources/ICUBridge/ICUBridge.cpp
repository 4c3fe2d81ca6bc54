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
#include <unicode/ustring.h>
#include <unicode/uversion.h>

#include <cstring>
#include <new>
#include <string>
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

// Runs an ICU call that fills a char buffer and reports its status.
template <typename Call>
int32_t fillBuffer(int32_t *status, Call call) {
    UErrorCode code = U_ZERO_ERROR;
    int32_t length = call(code);
    clearSizeStatus(code);
    *status = code;
    return length;
}

}  // namespace

struct icub_number_formatter {
    icu::number::LocalizedNumberFormatter formatter;
};

struct icub_plural_rules {
    icu::PluralRules *rules;
};

struct icub_message_format {
    // Compiled from the pattern with each argument name replaced by its position, so
    // formatting indexes the arguments instead of comparing names.
    icu::MessageFormat format;
    int32_t count;
    // Reused from call to call (a handle serves one thread at a time), so that
    // formatting allocates nothing once the buffers have grown.
    std::vector<icu::Formattable> arguments;
    UnicodeString result;
};

namespace {

// The pattern with every named argument replaced by its position in `names`
// (`{price} every {period}` → `{0} every {1}`). A name not in `names` is an error.
UnicodeString numberArguments(const UnicodeString &pattern, const std::vector<UnicodeString> &names,
                              UParseError &parseError, UErrorCode &code) {
    icu::MessagePattern parsed(pattern, &parseError, code);
    if (U_FAILURE(code)) {
        return UnicodeString();
    }
    UnicodeString numbered;
    int32_t copied = 0;
    for (int32_t i = 0; i < parsed.countParts(); i++) {
        const icu::MessagePattern::Part &part = parsed.getPart(i);
        if (part.getType() != UMSGPAT_PART_TYPE_ARG_NAME) {
            continue;
        }
        UnicodeString name = parsed.getSubstring(part);
        size_t position = 0;
        while (position < names.size() && names[position] != name) {
            position++;
        }
        if (position == names.size()) {
            parseError.offset = part.getIndex();
            code = U_ILLEGAL_ARGUMENT_ERROR;
            return UnicodeString();
        }
        numbered.append(pattern, copied, part.getIndex() - copied);
        numbered.append(UnicodeString(std::to_string(position).c_str(), -1, US_INV));
        copied = part.getLimit();
    }
    numbered.append(pattern, copied, pattern.length() - copied);
    return numbered;
}

}  // namespace

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
    return fillBuffer(status, [&](UErrorCode &code) { return uloc_forLanguageTag(tag, buffer, capacity, parsed_length, &code); });
}

int32_t icub_locale_canonicalize(const char *locale, char *buffer, int32_t capacity, int32_t *status) {
    return fillBuffer(status, [&](UErrorCode &code) { return uloc_canonicalize(locale, buffer, capacity, &code); });
}

int32_t icub_locale_to_language_tag(const char *locale, char *buffer, int32_t capacity, int32_t *status) {
    return fillBuffer(status, [&](UErrorCode &code) { return uloc_toLanguageTag(locale, buffer, capacity, /* strict */ true, &code); });
}

int32_t icub_locale_language(const char *locale, char *buffer, int32_t capacity, int32_t *status) {
    return fillBuffer(status, [&](UErrorCode &code) { return uloc_getLanguage(locale, buffer, capacity, &code); });
}

int32_t icub_locale_script(const char *locale, char *buffer, int32_t capacity, int32_t *status) {
    return fillBuffer(status, [&](UErrorCode &code) { return uloc_getScript(locale, buffer, capacity, &code); });
}

int32_t icub_locale_region(const char *locale, char *buffer, int32_t capacity, int32_t *status) {
    return fillBuffer(status, [&](UErrorCode &code) { return uloc_getCountry(locale, buffer, capacity, &code); });
}

int32_t icub_locale_maximize(const char *locale, char *buffer, int32_t capacity, int32_t *status) {
    return fillBuffer(status, [&](UErrorCode &code) { return uloc_addLikelySubtags(locale, buffer, capacity, &code); });
}

int32_t icub_locale_keyword(const char *locale, const char *keyword, char *buffer, int32_t capacity,
                            int32_t *status) {
    return fillBuffer(status, [&](UErrorCode &code) { return uloc_getKeywordValue(locale, keyword, buffer, capacity, &code); });
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

int32_t icub_currency_codes(char *buffer, int32_t capacity, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UEnumeration *all = ucurr_openISOCurrencies(UCURR_ALL, &code);
    if (U_FAILURE(code)) {
        *status = code;
        return 0;
    }
    UnicodeString joined;
    const char *candidate;
    while ((candidate = uenum_next(all, nullptr, &code)) != nullptr && U_SUCCESS(code)) {
        if (!joined.isEmpty()) {
            joined.append(static_cast<UChar>(0x20));
        }
        joined.append(UnicodeString(candidate, -1, US_INV));
    }
    uenum_close(all);
    *status = code;
    return U_FAILURE(code) ? 0 : writeUTF8(joined, buffer, capacity);
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
                                              const char *const *argument_names, int32_t argument_count,
                                              int32_t *error_offset, int32_t *status) {
    std::vector<UnicodeString> names;
    names.reserve(static_cast<size_t>(argument_count));
    for (int32_t i = 0; i < argument_count; i++) {
        names.push_back(UnicodeString::fromUTF8(argument_names[i]));
    }
    UErrorCode code = U_ZERO_ERROR;
    UParseError parseError;
    parseError.offset = -1;
    UnicodeString numbered = numberArguments(UnicodeString::fromUTF8(pattern), names, parseError, code);
    *error_offset = parseError.offset;
    if (U_FAILURE(code)) {
        *status = code;
        return nullptr;
    }
    auto *result = new (std::nothrow) icub_message_format{
        icu::MessageFormat(numbered, icu::Locale(locale), parseError, code), argument_count,
        std::vector<icu::Formattable>(static_cast<size_t>(argument_count)), UnicodeString()};
    if (result == nullptr) {
        *status = U_MEMORY_ALLOCATION_ERROR;
        return nullptr;
    }
    *status = code;
    if (U_FAILURE(code)) {
        // Offsets of the numbered pattern differ from the original only after a renamed argument.
        *error_offset = parseError.offset;
        delete result;
        return nullptr;
    }
    return result;
}

icub_message_format *icub_message_format_clone(const icub_message_format *format, int32_t *status) {
    auto *result = new (std::nothrow) icub_message_format{
        format->format, format->count, std::vector<icu::Formattable>(static_cast<size_t>(format->count)),
        UnicodeString()};
    *status = result == nullptr ? U_MEMORY_ALLOCATION_ERROR : U_ZERO_ERROR;
    return result;
}

void icub_message_format_close(icub_message_format *format) {
    delete format;
}

int32_t icub_message_format_format(icub_message_format *format, const char *text, const int32_t *offsets,
                                   const int64_t *integers, const uint8_t *is_integer,
                                   char *buffer, int32_t capacity, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    for (int32_t i = 0; i < format->count; i++) {
        icu::Formattable &argument = format->arguments[static_cast<size_t>(i)];
        if (is_integer[i]) {
            argument.setInt64(static_cast<int64_t>(integers[i]));
            continue;
        }
        if (argument.getType() != icu::Formattable::kString) {
            argument.setString(UnicodeString());
        }
        // Decodes into the string's own buffer, which keeps its capacity from call to call.
        UnicodeString &value = argument.getString(code);
        int32_t length = offsets[i + 1] - offsets[i];
        UChar *destination = value.getBuffer(length > 0 ? length : 1);
        int32_t decoded = 0;
        UErrorCode decoding = U_ZERO_ERROR;
        if (destination != nullptr) {
            u_strFromUTF8WithSub(destination, value.getCapacity(), &decoded, text + offsets[i], length, 0xFFFD,
                                 nullptr, &decoding);
        }
        value.releaseBuffer(destination != nullptr && U_SUCCESS(decoding) ? decoded : 0);
    }
    format->result.remove();
    icu::FieldPosition ignored(icu::FieldPosition::DONT_CARE);
    format->format.format(format->arguments.data(), format->count, format->result, ignored, code);
    *status = code;
    return U_FAILURE(code) ? 0 : writeUTF8(format->result, buffer, capacity);
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
