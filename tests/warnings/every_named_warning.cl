// One of each warning oclc has, each with clang-14's name (tests/warning_flags.rs checks
// the names and the -W options against clang-14's own output on this file).
#define A 1
#define A 2
#warning hello
__attribute__((foo)) void f(void) {}
__kernel void k(__global int *p, __global float *q, __global const int *c, float x) {
    __global int *a = q;
    __global int *b = c;
    int s[2] = {1, 2, 3};
    char t[2] = "abc";
    int u = {1, 2};
    char v = 300;
    int w = 1.5;
    int y = x;
    p[0] + 1;
    p[1] = s[0] + t[0] + u + v + w + y + a[0] + b[0];
}
