// MESSAGE: converting the integer `o[...]` to a private pointer
// AT: refusal_helper.h:3:12
#include "refusal_helper.h"
__kernel void k(__global int *o) {
  o[1] = read_at(o);
}
