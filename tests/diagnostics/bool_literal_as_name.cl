__kernel void k(__global int *out) {
    int true = 2;
    out[0] = true;
}
