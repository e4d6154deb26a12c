// RUN: --kernel ids --global 32 --local 16 --offset 2147483632 --arg i32[32]=zeros --arg f32[32]=zeros --arg i64[32]=zeros
// RUN: --kernel ids --global 48 --local 24 --offset 2147483640 --arg i32[48]=zeros --arg f32[48]=zeros --arg i64[48]=zeros
// RUN: --kernel ids --global 40 --local 8 --offset 2147483620 --arg i32[40]=zeros --arg f32[40]=zeros --arg i64[40]=zeros
// Global ids around 2^31 converted to int: the CPU's vector chunks run rows whose ids all
// fit in an int and send the others through the per-work-item path (the second and third
// lines have a row that crosses INT_MAX in its middle). `w` widens the int again, which a
// chunk may do with the 64-bit id only where no id passes INT_MAX.
__kernel void ids(__global int *out, __global float *f, __global long *w)
{
    int i = get_global_id(0);
    size_t k = get_global_id(0) - get_global_offset(0);
    out[k] = i;
    f[k] = (float)(i & 1023) + 0.5f;
    w[k] = i;
}
