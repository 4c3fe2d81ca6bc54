// Territories (ISO 3166-1) from ICU's region data, for App Store storefronts.
#include "ICUBridge.h"
#include "Bridge.hpp"

#include <unicode/uloc.h>
#include <unicode/uregion.h>

int32_t icub_region_territory(const char *code, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded(status, 0, [&] {
        UErrorCode error = U_ZERO_ERROR;
        // ICU knows each territory by its two-letter code, its three-letter code and its
        // UN M.49 number; an unknown code is U_ILLEGAL_ARGUMENT_ERROR, reported as no territory.
        const URegion *region = uregion_getRegionFromCode(code, &error);
        *status = U_ZERO_ERROR;
        if (U_FAILURE(error) || region == nullptr || uregion_getType(region) != URGN_TERRITORY) {
            return 0;
        }
        return icub::writeASCII(uregion_getRegionCode(region), buffer, capacity);
    });
}

int32_t icub_region_alpha3(const char *territory, char *buffer, int32_t capacity, int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded(status, 0, [&] {
        *status = U_ZERO_ERROR;
        char locale[16] = "und_";
        std::strncat(locale, territory, 3);
        const char *alpha3 = uloc_getISO3Country(locale);
        return icub::writeASCII(alpha3 == nullptr ? "" : alpha3, buffer, capacity);
    });
}

int32_t icub_region_contains(const char *container, const char *territory, int32_t *status) ICUB_NOEXCEPT {
    return icub::guarded(status, 0, [&] {
        UErrorCode error = U_ZERO_ERROR;
        const URegion *outer = uregion_getRegionFromCode(container, &error);
        if (U_FAILURE(error) || outer == nullptr) {
            *status = U_ZERO_ERROR;
            return 0;
        }
        const URegion *inner = uregion_getRegionFromCode(territory, &error);
        *status = U_ZERO_ERROR;
        if (U_FAILURE(error) || inner == nullptr) {
            return 0;
        }
        return uregion_contains(outer, inner) ? 1 : 0;
    });
}
