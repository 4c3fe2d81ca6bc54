#ifndef PAYWALLTEXT_ICUB_COMMON_H
#define PAYWALLTEXT_ICUB_COMMON_H

// Every function of the bridge is `noexcept` when compiled as C++: a C++ exception
// must never cross into C or Swift (the implementation catches them, see Bridge.hpp).
#ifdef __cplusplus
#define ICUB_NOEXCEPT noexcept
#else
#define ICUB_NOEXCEPT
#endif

#endif
