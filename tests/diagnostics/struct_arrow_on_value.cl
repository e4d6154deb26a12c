typedef struct { int v; } box;
__kernel void k(__global int *out) {
    box b = { 1 };
    out[0] = b->v;
}
