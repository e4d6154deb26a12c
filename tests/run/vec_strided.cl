// RUN: --kernel strided --global 64 --local 16 --arg f32[256]=rand:5 --arg f32[192]=zeros --arg i32[64]=zeros
// RUN: --kernel strided --global 45 --local 15 --arg f32[256]=rand:6 --arg f32[192]=zeros --arg i32[64]=zeros
// Strided, reversed and indirect (gather) loads and stores of varying addresses;
// float4 values per work-item.
__kernel void strided(__global const float *in, __global float *out, __global int *idx)
{
    size_t g = get_global_id(0);
    size_t n = get_global_size(0);
    float even = in[2 * g];
    float odd = in[2 * g + 1];
    float rev = in[n - 1 - g];
    float4 q = vload4(g, in);
    float4 r = (float4)(q.w, q.z, q.y, q.x) * 2.0f + (float4)(rev);
    out[3 * g] = even - odd;
    out[3 * g + 1] = rev;
    out[3 * g + 2] = r.x + r.y * r.z - r.w;
    idx[(g * 7) % n] = (int)g;
}
