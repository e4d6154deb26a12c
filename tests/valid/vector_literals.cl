// Vector literals: one scalar replicated, a full list of scalars, and mixes of
// scalars and smaller vectors whose component counts add up to the vector's size.
typedef char check_replicated[sizeof((float4)(1.0f)) == 16 ? 1 : -1];
typedef char check_mixed[vec_step((int8)((int2)(1), 2, (int3)(3), (int2)(4))) == 8 ? 1 : -1];
__constant float4 k = (float4)(1.0f, 2.0f, 3.0f, 4.0f);
__constant int3 k3 = (int3)(1, (int2)(2, 3));
__constant uchar16 k16 = (uchar16)((uchar8)(1), (uchar4)(2), (uchar2)(3), 4, 5);

__kernel void vector_literals(__global float4 *out, __global int16 *wide, float a, float2 b) {
    float4 v1 = (float4)(a);
    float4 v2 = (float4)(a, b, 1.0f);
    float4 v3 = (float4)(b, b);
    float4 v4 = (float4)(b.x, (float2)(a, 2.0f), b.y);
    float4 v5 = (float4)((float3)(a, b), 0.0f);
    float4 v6 = (float4)(1, 2, 3, 4); // int operands are converted to float
    out[0] = v1 + v2 + v3 + v4 + v5 + v6 + k + (float4)(k3.z);
    wide[0] = (int16)((int8)(0), (int4)(1), (int2)(2), 3, 4);
    wide[1] = (int16)(k16.s0);
    double2 d = (double2)(1.0, 2);
    out[1] = (float4)((float)d.x);
}
