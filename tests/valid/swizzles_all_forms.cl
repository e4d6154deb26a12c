// Swizzles: .xyzw letters, .sN/.SN numeric indices (hex digits up to F), .lo/.hi/
// .even/.odd (.lo/.even also on 3-vectors), repeated components on the
// right, distinct components on the left, swizzles of swizzles, and sizes of results.
typedef char check_sizes[(sizeof(((float4)(0.0f)).xy) == 8 && vec_step(((float8)(0.0f)).s0123) == 4 && sizeof(((float16)(0.0f)).sF) == 4) ? 1 : -1];
typedef char check_lo_hi[(vec_step(((int8)(0)).lo) == 4 && vec_step(((int4)(0)).hi) == 2 && vec_step(((int16)(0)).even) == 8 && vec_step(((int2)(0)).odd) == 1) ? 1 : -1];
// .lo and .even of a 3-vector are 2-vectors (.hi and .odd: pending/swizzle_vec3_hi_odd.cl).
typedef char check_vec3_halves[(vec_step(((float3)(0.0f)).even) == 2 && vec_step(((float3)(0.0f)).lo) == 2) ? 1 : -1];
typedef char check_three[sizeof(((float4)(0.0f)).xyz) == 16 ? 1 : -1];

__kernel void swizzles(__global float4 *out, __global float16 *wide, __global int8 *iv, float3 v3) {
    float4 v = out[0];
    float4 rev = v.wzyx;
    float4 rep = v.xxyy; // repeats are fine on the right-hand side
    float2 pair = v.s13;
    float3 three = v.S021;
    float one = v.w + v.s3 + v.S3;
    float16 w = wide[0];
    float4 hex = w.sfedc + w.SaBcD + w.s89ab;
    float8 half_w = w.lo + w.hi + w.even + w.odd;
    float2 nested = v.xyz.zx.yx;
    float2 from_vec3 = v3.lo + v3.even;
    v.xw = pair; // distinct components on the left
    v.s21 = (float2)(1.0f, 2.0f);
    v.lo = v.hi;
    v.odd = rev.even;
    v.z = one;
    w.s0123 = hex;
    w.hi.lo = half_w.lo;
    iv[0].s7 = 1;
    iv[0].even = iv[0].odd + 1;
    out[0] = v + rep + (float4)(three, 0.0f) + (float4)(from_vec3, nested) + w.lo.lo;
}
