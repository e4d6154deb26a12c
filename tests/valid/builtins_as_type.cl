// Reinterpreting casts as_T (6.2.4.2): the source and destination have the same size;
// a 3-vector is reinterpreted as its 4-vector storage.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef char check_as_size[(sizeof(as_float(1u)) == 4 && sizeof(as_ulong2((double2)(1.0))) == 16) ? 1 : -1];

__kernel void as_type(__global uint *out, float f, double d, int4 v, uchar16 b) {
    uint u = as_uint(f);
    int i = as_int(f);
    float back = as_float(u);
    ulong ul = as_ulong(d);
    double dd = as_double(ul);
    long l = as_long((int2)(1, 2));
    float4 fv = as_float4(v);
    uint4 uv = as_uint4(b);
    char16 cv = as_char16(fv);
    short8 sv = as_short8(uv);
    ushort2 us = as_ushort2(f);
    uchar4 bytes = as_uchar4(i);
    double2 dv = as_double2(b);
    float3 f3 = as_float3(v); // int4 and float3 have the same storage size
    int3 i3 = as_int3(f3);
    char c = as_char((uchar)255);
    half_width_check: ;
    out[0] = u + i + (uint)back + (uint)ul + (uint)dd + (uint)l + (uint)fv.x + uv.y + cv.s0
        + sv.s7 + us.x + bytes.w + (uint)dv.x + i3.z + c;
}
