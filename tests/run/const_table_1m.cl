// RUN: --kernel lookup --global 4096 --local 64 --arg u32[4096]=zeros --arg f32[4096]=zeros
// __constant tables of 2^20 elements (issue 20): one with a few initializers, a designated
// pair after a gap and a zero tail of a million elements, and one zero-initialised. oclc
// never materialises the zeros (the SPIR-V holds them as OpConstantNull or a zero count).
__constant uint sparse[1 << 20] = {1, 2, 3, [70000] = 7, 8};
__constant float zeros[1 << 20] = {0};

__kernel void lookup(__global uint *out, __global float *fout) {
    uint i = get_global_id(0);
    uint spread = (i * 257u) % (1u << 20);
    out[i] = sparse[i % 8] + 10 * sparse[69998 + i % 4] + 100 * sparse[spread]
             + 1000 * sparse[(1 << 20) - 1 - i];
    fout[i] = zeros[spread] + zeros[(1 << 20) - 1 - i] + (float)i;
}
