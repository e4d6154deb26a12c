// RUN: --kernel vector_math --global 256 --local 32 --arg f32x4[256]=randu:10:-4:4 --arg i32x4[256]=randu:11:-100:100 --arg f32:1.5
// float4/int4 arithmetic, swizzles, a helper function and math built-ins.
float4 scale_offset(float4 v, float s)
{
    return v * s + (float4)(1.0f, 2.0f, 3.0f, 4.0f);
}

__kernel void vector_math(__global float4 *p, __global int4 *q, float s)
{
    int i = get_global_id(0);
    float4 v = scale_offset(p[i], s);
    v.xy = v.yx;
    p[i] = (float4)(sqrt(fabs(v.x)), sin(v.y), max(v.z, 0.5f), min(v.w, v.x));
    int4 k = q[i];
    q[i] = (int4)(i) + k.wzyx * 3 - max(k, (int4)(7));
}
