// Debugged under gdb by tests/cpu_object_debug.rs and tests/run_debug.rs, which stop at
// lines 9 and 10 of this file and line 4 of helper.h: keep the line numbers in step.
#include "helper.h"

__kernel void scale(__global float *out, __global const float *in, float factor)
{
    size_t gid = get_global_id(0);
    float x = in[gid];
    float scaled = twice(x) * factor;
    out[gid] = scaled + 1.0f;
}
