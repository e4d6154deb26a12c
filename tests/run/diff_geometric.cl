// RUN: --kernel geo --global 64 --local 16 --arg f32x4[64]=randu:261:-4:4 --arg f32x4[64]=randu:262:-4:4 --arg f32[1024]=zeros
// TOLERANCE: 1.5e-6 1e-30
// Geometric functions on float, float2, float3 and float4: dot, cross, length, distance,
// normalize (a few ulp each; 1.5e-6 relative is 12 ulp between two implementations),
// with all-positive inputs to dot/cross terms that could otherwise cancel. (Vectors whose
// squares overflow or underflow are in diff_geometric_extremes.cl.)
__kernel void geo(__global const float4 *a, __global const float4 *b, __global float *out)
{
    int i = get_global_id(0);
    float4 x = fabs(a[i]) + 0.25f;
    float4 y = fabs(b[i]) + 0.25f;
    __global float *o = out + i * 16;
    o[0] = dot(x, y);
    o[1] = dot(x.xyz, y.zyx);
    o[2] = dot(x.xy, y.yx) + dot(x.x, y.w);
    o[3] = length(a[i]);
    o[4] = length(a[i].xyz) + length(b[i].xy);
    o[5] = distance(a[i], b[i]);
    o[6] = distance(a[i].zw, b[i].xy);
    float4 n = normalize(a[i]);
    o[7] = n.x;
    o[8] = n.w;
    float3 n3 = normalize(b[i].xyz);
    o[9] = n3.y;
    float3 c = cross(x.xyz, (float3)(0.0f, 0.0f, y.z));
    o[10] = c.x;
    o[11] = c.y;
    float4 c4 = cross((float4)(x.x, 0.0f, 0.0f, 9.0f), (float4)(0.0f, y.y, 0.0f, 7.0f));
    o[12] = c4.z + c4.w;
    o[13] = length(x.xy * 1e-15f);
    o[14] = length(x * 1e15f);
    o[15] = distance(x.xyz * 3e-10f, y.xyz);
}
