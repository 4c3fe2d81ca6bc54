// ICUBridge: the only code that includes ICU's headers.
//
// Every function takes and returns plain C types: opaque handles, UTF-8
// strings and int32_t ICU status codes (a code > 0 is a failure; negative codes
// are warnings). Functions that produce text write UTF-8 into a caller's
// buffer and return the full length in bytes, which may exceed the capacity;
// the caller then retries with a larger buffer. Text is NUL-terminated only
// when it fits. No function lets a C++ exception escape: an allocation failure
// is reported as U_MEMORY_ALLOCATION_ERROR.
//
// One header per ICU concept, as the Swift side has one file per concept.
#ifndef PAYWALLTEXT_ICUBRIDGE_H
#define PAYWALLTEXT_ICUBRIDGE_H

#include "icub_versions.h"
#include "icub_locale.h"
#include "icub_locale_matcher.h"
#include "icub_currency.h"
#include "icub_region.h"
#include "icub_number_formatter.h"
#include "icub_plural_rules.h"
#include "icub_list_format.h"
#include "icub_spellout.h"
#include "icub_message_format.h"
#include "icub_bidi.h"
#include "icub_casing.h"
#include "icub_script.h"
#include "icub_calendar.h"
#include "icub_date_format.h"

#endif
