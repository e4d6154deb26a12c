// RUN: --kernel hello --global 4 --local 4 --arg i32[4]=iota --arg f32[4]=zeros
// printf with integer, float (promoted to double) and unsigned arguments; the return
// value (0 on success) is stored.
__kernel void hello(__global int *a, __global float *out)
{
    int i = get_global_id(0);
    float f = (float)a[i] * 0.5f;
    int r = printf("item %d: %f %x\n", a[i], f, (uint)(i * 255));
    out[i] = (float)r + f;
}
