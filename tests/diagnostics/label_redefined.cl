__kernel void k(__global int *out) {
a:
    out[0] = 1;
a:
    out[1] = 2;
}
