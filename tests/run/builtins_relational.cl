// RUN: --kernel rel --global 256 --local 64 --arg f32x4[256]=randu:31:-2:2 --arg f32x4[256]=randu:32:-2:2 --arg i32x4[256]=rand:33 --arg i32[2048]=zeros --arg f32x4[512]=zeros
// Relational functions (scalar results 1/0, vector results -1/0), any/all, bitselect and
// select on vectors and scalars, with NaN and infinities mixed in.
__kernel void rel(__global const float4 *a, __global const float4 *b, __global const int4 *m,
                  __global int *out, __global float4 *fout)
{
    int i = get_global_id(0);
    float4 x = a[i], y = b[i];
    if ((i & 7) == 1) x.y = NAN;
    if ((i & 7) == 2) y.z = INFINITY;
    if ((i & 7) == 3) x.w = -INFINITY;
    if ((i & 7) == 4) { x.x = 0.0f; y.x = -0.0f; }
    if ((i & 7) == 5) x.z = 1e-40f;
    int4 mask = m[i];
    __global int *o = out + i * 8;
    int4 r = isequal(x, y) + isnotequal(x, y) * 2 + isgreater(x, y) * 4 + isless(x, y) * 8
           + islessgreater(x, y) * 16 + isordered(x, y) * 32 + isunordered(x, y) * 64
           + isgreaterequal(x, y) * 128 + islessequal(x, y) * 256;
    o[0] = r.x ^ (r.y << 9) ^ (r.z << 18) ^ (r.w << 27);
    // signbit reads the unmodified input: the sign of 0.0f/0.0f is not portable.
    int4 c = isnan(x) + isinf(y) * 2 + isfinite(x) * 4 + isnormal(x) * 8 + signbit(a[i]) * 16;
    o[1] = c.x + c.y * 32 + c.z * 1024 + c.w * 32768;
    o[2] = any(mask) + all(mask) * 2 + any(mask.xy) * 4 + all(mask < 0) * 8 + any((short2)(i, -i)) * 16;
    o[3] = isless(x.x, y.x) + isnan(x.y) * 2 + signbit(x.w) * 4 + isunordered(x.y, y.y) * 8;
    o[4] = bitselect(mask.x, mask.y, mask.z);
    o[5] = select(mask.x, mask.y, i & 1) + select(1, 2, (uint)i);
    int4 s = select(mask, (int4)(i), mask);
    o[6] = s.x ^ s.y ^ s.z ^ s.w;
    o[7] = as_int(a[i].x) ^ as_int(bitselect(a[i].x, b[i].x, as_float(mask.w)));
    // NaN bit patterns are not portable (0.0f/0.0f folds to either sign): the bit-level
    // selections below use the unmodified inputs.
    float4 u = a[i], t = b[i];
    fout[2 * i] = select(u, t, mask);
    fout[2 * i + 1] = select(u, t, as_uint4(mask) >> 31 << 31) + bitselect(u, t, as_float4(mask));
}
