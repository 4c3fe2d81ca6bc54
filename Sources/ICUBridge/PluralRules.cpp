// Cardinal and ordinal plural rules: categories, keywords and sample values.
#include "ICUBridge.h"
#include "Bridge.hpp"
#include "NumberFormatter.hpp"

#include <unicode/localpointer.h>
#include <unicode/plurrule.h>
#include <unicode/strenum.h>

struct icub_plural_rules {
    icu::LocalPointer<icu::PluralRules> rules;
};

icub_plural_rules *icub_plural_rules_open(const char *locale, int32_t ordinal, int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded<icub_plural_rules *>(status, nullptr, [&]() -> icub_plural_rules * {
        UErrorCode code = U_ZERO_ERROR;
        icu::LocalPointer<icu::PluralRules> rules(
            icu::PluralRules::forLocale(icu::Locale(locale), ordinal ? UPLURAL_TYPE_ORDINAL : UPLURAL_TYPE_CARDINAL, code));
        *status = code;
        if (U_FAILURE(code)) {
            return nullptr;
        }
        auto *result = new icub_plural_rules;
        result->rules.adoptInstead(rules.orphan());
        return result;
    });
}

void icub_plural_rules_close(icub_plural_rules *rules) ICUB_NOEXCEPT {
    delete rules;
}

int32_t icub_plural_rules_select_integer(const icub_plural_rules *rules, int64_t value,
                                         char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded(status, 0, [&] {
        *status = U_ZERO_ERROR;
        // PluralRules::select is const and thread-safe. int32 is exact for every count we pass;
        // larger values go through double, which is exact below 2^53.
        icu::UnicodeString keyword = (value >= INT32_MIN && value <= INT32_MAX)
            ? rules->rules->select(static_cast<int32_t>(value))
            : rules->rules->select(static_cast<double>(value));
        return icub::writeUTF8(keyword, buffer, capacity);
    });
}

int32_t icub_plural_rules_keywords(const icub_plural_rules *rules, char *buffer, int32_t capacity,
                                   int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded(status, 0, [&] {
        UErrorCode code = U_ZERO_ERROR;
        icu::LocalPointer<icu::StringEnumeration> keywords(rules->rules->getKeywords(code));
        if (U_FAILURE(code)) {
            *status = code;
            return 0;
        }
        icu::UnicodeString joined;
        const icu::UnicodeString *keyword;
        while ((keyword = keywords->snext(code)) != nullptr && U_SUCCESS(code)) {
            if (!joined.isEmpty()) {
                joined.append(static_cast<UChar>(0x20));
            }
            joined.append(*keyword);
        }
        *status = code;
        return U_FAILURE(code) ? 0 : icub::writeUTF8(joined, buffer, capacity);
    });
}

int32_t icub_plural_rules_samples(const icub_plural_rules *rules, const char *keyword, double *values,
                                  int32_t capacity, int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded(status, 0, [&] {
        UErrorCode code = U_ZERO_ERROR;
        int32_t count = rules->rules->getSamples(icu::UnicodeString::fromUTF8(keyword), values, capacity, code);
        *status = code;
        return U_FAILURE(code) ? 0 : count;
    });
}

int32_t icub_plural_rules_select_formatted(const icub_plural_rules *rules, const icub_number_formatter *formatter,
                                           const char *decimal, int32_t decimal_length, int32_t *has_fraction,
                                           char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded(status, 0, [&] {
        UErrorCode code = U_ZERO_ERROR;
        *has_fraction = 0;
        icu::number::FormattedNumber number =
            formatter->formatter.formatDecimal(icu::StringPiece(decimal, decimal_length), code);
        // The category of the number as written, visible fraction digits included
        // (Slovenian 9,99 and 3,00 are `few`, 3 is `few`, 5 is `other`).
        icu::UnicodeString keyword = U_SUCCESS(code) ? rules->rules->select(number, code) : icu::UnicodeString();
        if (U_SUCCESS(code)) {
            icu::ConstrainedFieldPosition position;
            position.constrainField(UFIELD_CATEGORY_NUMBER, UNUM_FRACTION_FIELD);
            *has_fraction = number.nextPosition(position, code) && U_SUCCESS(code) ? 1 : 0;
        }
        *status = code;
        return U_FAILURE(code) ? 0 : icub::writeUTF8(keyword, buffer, capacity);
    });
}
