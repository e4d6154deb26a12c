/* Runs half_math.o's kernel on 1, 2, 3, 0.5 and checks the bits against values computed
 * independently with Python: for x in (1, 2, 3, 0.5): h(h(sin(x)) + h(exp(x))), h = round to
 * half (struct 'e'), giving 0x431f 0x4826 0x4d0e 0x4042; then kernel grid's fma and nextafter
 * on half's own grid (values in half_math.cl). */
#include <stdio.h>
#include <string.h>
#include "half_math.h"

int main(void)
{
    uint16_t h[4] = {0x3c00, 0x4000, 0x4200, 0x3800};
    const uint16_t want[4] = {0x431f, 0x4826, 0x4d0e, 0x4042};
    oclc_k_args args = {h};
    oclc_ndrange_t range;
    int i, rc;
    memset(&range, 0, sizeof range);
    range.work_dim = 1;
    range.global_size[0] = 4;
    range.global_size[1] = 1;
    range.global_size[2] = 1;
    rc = oclc_k(&args, &range);
    if (rc != 0) {
        printf("entry returned %d\n", rc);
        return 1;
    }
    for (i = 0; i < 4; i++) {
        if (h[i] != want[i]) {
            printf("lane %d: %04x, want %04x\n", i, h[i], want[i]);
            return 1;
        }
    }
    {
        uint16_t g[5] = {0x6156, 0x4200, 0x0001, 0x3c00, 0x4000}; /* 683 3 2^-24 1 2 */
        oclc_grid_args gargs = {g};
        range.global_size[0] = 1;
        rc = oclc_grid(&gargs, &range);
        if (rc != 0 || g[0] != 0x6801 || g[1] != 0x3c01) {
            printf("grid: rc %d, fma %04x (want 6801), nextafter %04x (want 3c01)\n", rc, g[0], g[1]);
            return 1;
        }
    }
    printf("half math matches\n");
    return 0;
}
