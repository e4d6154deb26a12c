// CHECK: OpCapability Vector16
// CHECK: OpVectorShuffle
// CHECK: OpCompositeInsert
// Wide vectors, swizzles on both sides, shuffle and select.
__kernel void k(__global float16 *v, __global float4 *w, __global int8 *m)
{
    int i = get_global_id(0);
    float16 x = v[i];
    float4 y = x.s0f3a;
    y.wx = x.lo.hi.even;
    w[i] = shuffle(y, (uint4)(3, 2, 1, 0));
    m[i] = select((int8)(1), (int8)(-1), m[i] > 0);
    v[i] = x * 2.0f;
}
