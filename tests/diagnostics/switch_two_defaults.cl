__kernel void k(__global int *out, int x) {
    switch (x) {
    default: out[0] = 1; break;
    default: out[0] = 2; break;
    }
}
