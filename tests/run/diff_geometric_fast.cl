// RUN: --kernel geo_fast --global 64 --local 16 --arg f32x4[64]=randu:263:0.5:4 --arg f32x4[64]=randu:264:-4:4 --arg f32[256]=zeros
// TOLERANCE: 1e-3 1e-6
// fast_length, fast_distance and fast_normalize: OpenCL computes them with half_sqrt /
// half_rsqrt, whose limit is 8192 ulp (about 1e-3 relative).
__kernel void geo_fast(__global const float4 *a, __global const float4 *b, __global float *out)
{
    int i = get_global_id(0);
    float4 x = a[i];
    float4 y = b[i];
    __global float *o = out + i * 4;
    o[0] = fast_length(x);
    o[1] = fast_distance(x.xy, y.xy) + fast_length(x.z);
    float3 n = fast_normalize(x.xyz);
    o[2] = n.x + n.y + n.z;
    o[3] = fast_normalize(x).w;
}
