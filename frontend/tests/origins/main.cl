#include "middle.h"
__kernel void k(__global int *p) {
    p[0] = helper();
}
