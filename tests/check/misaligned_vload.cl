// RUN: --kernel sums --global 4 --local 4 --arg f32[20]=iota --arg f32[4]=zeros
// EXPECT: misaligned-access 10
// OCLGRIND-MISSES: Oclgrind does not check the alignment of vload4 (in + 2 bytes is not a multiple of 4)
// vload4 needs an address aligned to a float; the char pointer arithmetic moves it by 2
// bytes.
__kernel void sums(__global const float *in, __global float *out)
{
    int i = get_global_id(0);
    __global const float *p = (__global const float *)((__global const char *)in + 2);
    float4 v = vload4(i, p);
    out[i] = v.x + v.y + v.z + v.w;
}
