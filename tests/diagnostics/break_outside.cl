__kernel void k(__global int *out) {
    out[0] = 1;
    break;
}
