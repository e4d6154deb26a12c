// CL-STD: CL2.0
__kernel void k(__global atomic_int *a, __global int *out) {
    int x = *a;
    out[0] = x;
}
