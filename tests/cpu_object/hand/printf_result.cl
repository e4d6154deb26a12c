// printf's result in an object: 0 when vprintf succeeded, -1 when it failed
// (printf_result.c writes to an unbuffered stdout that fails).
__kernel void k(__global int *r)
{
    int i = get_global_id(0);
    r[i] = printf("item %d\n", i);
}
