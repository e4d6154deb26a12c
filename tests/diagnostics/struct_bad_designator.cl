struct pair { int a, b; };
__kernel void k(__global int *out) {
    struct pair p = { .c = 1 };
    out[0] = p.a;
}
