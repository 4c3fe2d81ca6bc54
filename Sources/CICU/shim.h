// Only ICUBridge depends on this module; it exists to carry ICU's
// pkg-config flags (include path and libraries) to that target.
#include <unicode/utypes.h>
