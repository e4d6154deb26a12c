// RUN: --kernel vec --global 64 --local 16 --arg f32[1024]=randu:51:-10:10 --arg u32[64]=rand:52 --arg f32[2048]=zeros --arg i32[512]=zeros
// vloadn/vstoren (the half forms are in builtins_half.cl), shuffle/shuffle2 with constant
// and computed masks, and the geometric functions.
__kernel void vec(__global const float *a, __global const uint *m, __global float *out,
                  __global int *iout)
{
    int i = get_global_id(0);
    float4 v = vload4(i, a);
    float3 w = vload3(i, a + 512);
    float8 p = vload8(i, a);
    vstore4(v * 2.0f, i, out);
    vstore3(w + 1.0f, i, out + 256);
    uint4 mask = (uint4)(m[i], m[i] >> 3, m[i] >> 7, m[i] >> 11);
    float4 s1 = shuffle(v, mask);
    float4 s2 = shuffle2(v, p.hi, mask);
    float4 s3 = shuffle(p, (uint4)(7, 0, 5, 2));
    float8 s4 = shuffle2(v, v + 1.0f, (uint8)(0, 7, 1, 6, 2, 5, 3, 4));
    vstore4(s1 + s2 * 3.0f + s3 * 5.0f + s4.lo - s4.hi, i, out + 512);
    out[768 + i] = dot(v, p.hi) + length(w) + distance(v, p.lo) + fast_length(v.xy);
    float4 n = normalize(v) + fast_normalize(v) + cross(v, p.lo);
    vstore4(n, i, out + 832);
    iout[i] = (int)(dot(w, cross(w, (float3)(1.0f, 2.0f, 3.0f))) * 0.0f) + i;
}
