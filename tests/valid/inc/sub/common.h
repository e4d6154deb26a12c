// Included by pp_include_search.cl through "sub/common.h"; it includes "sibling.h"
// relative to this file's directory (inc/sub/), which wins over inc/sibling.h.
#pragma once
#include "sibling.h"
#define COMMON_VALUE 10
// A definition: including this file twice would redefine it, so #pragma once matters.
int common_helper(void) { return COMMON_VALUE; }
