// Must not be chosen for "sibling.h" from inc/sub/common.h (wrong directory).
#define SIBLING_VALUE 2
