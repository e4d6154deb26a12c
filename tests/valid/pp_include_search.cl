// #include "..." searches the including file's directory first, then the -I dirs;
// #include <...> searches the -I dirs; #pragma once and include guards stop repeats.
// RUN-OPTIONS: -I inc -I inc/dirI
#include "inc/sub/common.h"
#include "inc/sub/common.h"
#include "inc/sub/../sub/common.h"
#include <angle.h>
#include <angle.h>
#include "angle.h"
#include <sub/sibling.h>

typedef char check_relative[(SIBLING_VALUE == 1) ? 1 : -1];
typedef char check_values[(COMMON_VALUE + ANGLE_VALUE == 110) ? 1 : -1];

__kernel void include_search(__global int *out) { out[0] = angle_helper(COMMON_VALUE) + common_helper(); }
