// Versions of ICU and of its CLDR data, and ICU's names of status codes.
#include "ICUBridge.h"
#include "Bridge.hpp"

#include <unicode/ulocdata.h>
#include <unicode/uversion.h>

const char *icub_icu_version(void) ICUB_NOEXCEPT {
    return U_ICU_VERSION;
}

int32_t icub_cldr_version(char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded(status, 0, [&] {
        UErrorCode code = U_ZERO_ERROR;
        UVersionInfo version;
        ulocdata_getCLDRVersion(version, &code);
        *status = code;
        if (U_FAILURE(code)) {
            return 0;
        }
        char text[U_MAX_VERSION_STRING_LENGTH] = {0};
        u_versionToString(version, text);
        return icub::writeASCII(text, buffer, capacity);
    });
}

const char *icub_error_name(int32_t status) ICUB_NOEXCEPT {
    return u_errorName(static_cast<UErrorCode>(status));
}
