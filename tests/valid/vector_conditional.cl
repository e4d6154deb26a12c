// `?:` with a vector condition chooses per component by the most significant bit.
__kernel void vector_conditional(__global float4 *f, __global int4 *i, __global short8 *s,
                                 __global double2 *d) {
    float4 a = f[0], b = f[1];
    int4 c = i[0];
    f[2] = c ? a : b;
    f[3] = (a < b) ? a : 2.0f;
    f[4] = (as_uint4(c) > 3u) ? 1.0f : b;
    i[1] = c ? 1 : -1;
    s[1] = (s[0] > (short)0) ? s[0] : (short8)(7);
    d[1] = (d[0] != 0.0) ? d[0] : 1.0;
}
