// RUN: --kernel common_round --global 64 --local 16 --arg f32x4[64]=randu:233:0:10 --arg f32x4[64]=randu:234:0:10 --arg f32x4[64]=randu:235:0:1 --arg f32x4[384]=zeros
// TOLERANCE: 1e-6 1e-30
// mix, smoothstep, degrees and radians (a few ulp each) on inputs chosen so that no result
// comes from a cancellation: non-negative endpoints for mix, a in [0, 1].
__kernel void common_round(__global const float4 *a, __global const float4 *b,
                           __global const float4 *t, __global float4 *out)
{
    int i = get_global_id(0);
    float4 x = a[i];
    float4 y = b[i];
    float4 s = t[i];
    __global float4 *o = out + i * 6;
    o[0] = mix(x, y, s);
    o[1] = mix(x, y, s.x);
    o[2] = smoothstep(0.0f, 10.0f, x);
    o[3] = smoothstep((float4)(1.0f, 2.0f, 3.0f, 4.0f), (float4)(9.0f), y);
    o[4] = degrees(x);
    o[5] = radians(y);
}
