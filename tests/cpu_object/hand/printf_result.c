/* Runs printf_result.o's kernel twice: printing to stdout as the caller has it (printf
 * returns 0 in every work-item), then with stdout unbuffered and pointing at /dev/full, where
 * every write fails with ENOSPC, so vprintf fails and OpenCL's printf returns -1. Reports on
 * stderr, since stdout is the file under test. */
#include <stdio.h>
#include <string.h>
#include "printf_result.h"

static int run(int want)
{
    int r[4] = {7, 7, 7, 7};
    oclc_k_args args = {r};
    oclc_ndrange_t range;
    int i, rc;
    memset(&range, 0, sizeof range);
    range.work_dim = 1;
    range.global_size[0] = 4;
    range.global_size[1] = 1;
    range.global_size[2] = 1;
    rc = oclc_k(&args, &range);
    if (rc != OCLC_OK) {
        fprintf(stderr, "entry returned %d\n", rc);
        return 1;
    }
    for (i = 0; i < 4; i++) {
        if (r[i] != want) {
            fprintf(stderr, "work-item %d: printf returned %d, want %d\n", i, r[i], want);
            return 1;
        }
    }
    return 0;
}

int main(void)
{
    if (run(0))
        return 1;
    fflush(stdout);
    if (!freopen("/dev/full", "w", stdout)) {
        fprintf(stderr, "cannot open /dev/full\n");
        return 1;
    }
    setvbuf(stdout, NULL, _IONBF, 0);
    if (run(-1))
        return 1;
    fprintf(stderr, "printf results match\n");
    return 0;
}
