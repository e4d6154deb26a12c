struct a { int x; };
struct b { int x; };
__kernel void k(__global int *out) {
    struct a va = { 1 };
    struct b vb = va;
    out[0] = vb.x;
}
