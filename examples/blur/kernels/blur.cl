/* The example app's kernels: a horizontal box blur of radius RADIUS (given by build.rs)
   and a per-work-group sum. */
#include "clamp.h"

/* dst = src blurred along rows: the mean of the 2*RADIUS+1 pixels around each pixel,
   the edge pixels repeated past the border. */
__kernel void blur_rows(__global const float *src, __global float *dst, uint width,
                        float gain) {
    int x = get_global_id(0);
    int y = get_global_id(1);
    float sum = 0.0f;
    for (int d = -RADIUS; d <= RADIUS; d++)
        sum += src[y * width + clamp_index(x + d, width)];
    dst[y * width + x] = gain * (sum / (2 * RADIUS + 1));
}

/* sums[g] = the sum of the 64 values of work-group g, by a tree in __local memory. */
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void group_sums(__global const float *values, __global float *sums, __local float *scratch) {
    uint l = get_local_id(0);
    scratch[l] = values[get_global_id(0)];
    for (uint half_size = 32; half_size > 0; half_size /= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l < half_size)
            scratch[l] += scratch[l + half_size];
    }
    if (l == 0)
        sums[get_group_id(0)] = scratch[0];
}
