/* Runs kernel.o's kernel `scale` on four work-items (in = 1, 2, 3, 4; factor 3) for
 * tests/cpu_object_debug.rs, which runs this program under gdb. Prints the results. */
#include <stdio.h>
#include <string.h>
#include "kernel.h"

int main(void)
{
    float in[4] = {1, 2, 3, 4}, out[4] = {0, 0, 0, 0};
    oclc_scale_args args;
    oclc_ndrange_t range;
    args.out = out;
    args.in = in;
    args.factor = 3.0f;
    memset(&range, 0, sizeof range);
    range.work_dim = 1;
    range.global_size[0] = 4;
    range.global_size[1] = 1;
    range.global_size[2] = 1;
    range.local_size[0] = 2;
    range.local_size[1] = 1;
    range.local_size[2] = 1;
    if (oclc_scale(&args, &range) != OCLC_OK)
        return 1;
    printf("%g %g %g %g\n", out[0], out[1], out[2], out[3]);
    return 0;
}
