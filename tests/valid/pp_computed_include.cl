// Computed includes: the #include operand is macro-expanded into "..." or <...>.
// RUN-OPTIONS: -I inc
#define STR(x) #x
#define XSTR(x) STR(x)
#define HEADER(name) XSTR(inc/name.h)
#include HEADER(computed)
#undef COMPUTED_VALUE
#define ANGLE <dirI/angle.h>
#include ANGLE
#define QUOTED "inc/computed.h"
#include QUOTED

typedef char check_computed[(COMPUTED_VALUE + ANGLE_VALUE == 1100) ? 1 : -1];

__kernel void computed_include(__global int *out) { out[0] = angle_helper(COMPUTED_VALUE); }
