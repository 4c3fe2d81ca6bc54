// Unicode scripts (ISO 15924), for telling whose letters a text holds.
#include "ICUBridge.h"
#include "Bridge.hpp"

#include <unicode/uchar.h>
#include <unicode/uscript.h>

int32_t icub_script_of(int32_t code_point) ICUB_NOEXCEPT {
    UErrorCode code = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript(code_point, &code);
    return U_FAILURE(code) ? -1 : static_cast<int32_t>(script);
}

int32_t icub_script_named(const char *name) ICUB_NOEXCEPT {
    int32_t script = u_getPropertyValueEnum(UCHAR_SCRIPT, name);
    return script == UCHAR_INVALID_CODE ? -1 : script;
}
