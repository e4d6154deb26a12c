// RUN: --kernel geo_extremes --global 64 --local 16 --arg f32x4[64]=randu:265:0.25:4 --arg f32[256]=zeros
// TOLERANCE: 1.5e-6 1e-30
// length, distance and normalize of vectors whose squared components overflow or
// underflow float: OpenCL computes them without overflow or underflow (normalize must
// still return a unit vector), so a naive sqrt(dot(p, p)) is wrong here.
__kernel void geo_extremes(__global const float4 *a, __global float *out)
{
    int i = get_global_id(0);
    float4 x = a[i];
    __global float *o = out + i * 4;
    o[0] = length(x.xy * 1e-30f);
    o[1] = length(x * 1e30f);
    o[2] = distance(x.xyz * 1e25f, -x.zyx * 1e25f);
    float2 n = normalize(x.zw * 1e-38f);
    o[3] = n.x;
}
