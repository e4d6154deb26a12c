// Expression statements whose value is thrown away and that do nothing else
// (clang: -Wunused-value).
__kernel void k(__global int *out, int n)
{
    out[0] + 1;
    n == 3;
    out[n];
    (void)n;
    out[1]++;
    out[2] = n, out[3] = n;
}
