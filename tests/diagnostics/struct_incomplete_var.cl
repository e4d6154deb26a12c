struct opaque;
__kernel void k(__global int *out) {
    struct opaque o;
    out[0] = 1;
}
