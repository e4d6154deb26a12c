// Scalar-to-vector widening: in an operation with a vector, a scalar converts to the
// vector's element type and is replicated (also for assignment and ?:).
typedef char check_widen_int[sizeof((int4)(1) + 1) == 16 ? 1 : -1];
// The scalar converts to the element type (it may not have a greater rank).
typedef char check_element_type[sizeof((float4)(1.0f) * 2.0f) == 16 && sizeof((char8)(1) + (char)1) == 8 ? 1 : -1];
typedef char check_lower_rank[sizeof((long2)(1) + 1) == 16 && sizeof((double2)(1.0) * 2.0f) == 16 ? 1 : -1];
typedef char check_widen_left[sizeof(2 - (uint2)(1)) == 8 ? 1 : -1];

__kernel void widening(__global float4 *out, __global int8 *iv, float s, int k) {
    float4 v = out[0];
    out[0] = v * 2.0f + s - 1 + k; // int scalars convert to float
    out[1] = 1.0f / v;
    iv[0] = iv[0] << 2;
    iv[1] = k > 0 ? iv[0] : iv[1];
    iv[2] = (iv[0] & 0xff) | 0x100;
    float4 w = 3.0f; // initialization from a scalar
    w += 1.0f;
    w = s;
    out[2] = w;
    int8 shifted = (int8)(1) << iv[2];
    iv[3] = shifted;
}
