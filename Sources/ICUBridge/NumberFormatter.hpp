// The number formatter handle, shared by the files that format with it (plural rules select
// on a formatted number); not part of the C interface.
#ifndef PAYWALLTEXT_ICUBRIDGE_NUMBER_FORMATTER_HPP
#define PAYWALLTEXT_ICUBRIDGE_NUMBER_FORMATTER_HPP

#include <unicode/numberformatter.h>

struct icub_number_formatter {
    icu::number::LocalizedNumberFormatter formatter;
};

#endif
