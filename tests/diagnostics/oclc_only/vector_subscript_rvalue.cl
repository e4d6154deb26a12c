__kernel void k(__global int4 *in, __global int *out) {
    out[0] = (in[0] + in[1])[out[1]];
}
