// Non-constant floating-point values converted implicitly to integers lose their fraction
// (clang: -Wfloat-conversion).
int to_index(float x) { return x; }

__kernel void k(__global const float *in, __global int *out)
{
    int i = in[0];
    out[1] = in[1];
    out[2] = to_index(in[2]) + i;
    out[3] = (int)in[3];
}
