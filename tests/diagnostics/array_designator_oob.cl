__kernel void k(__global int *out) {
    int a[4] = { [4] = 1 };
    out[0] = a[0];
}
