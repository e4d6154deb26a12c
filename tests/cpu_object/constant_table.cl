// Program-scope __constant data and a helper function: data objects with relocations.
// OBJECT-RUN: --kernel lookup --global 256 --arg u32[256]=rand:7:0:1000000 --arg u32[256]=zeros --arg f32[256]=zeros
__constant uint primes[8] = {2, 3, 5, 7, 11, 13, 17, 19};
__constant float weights[4] = {0.5f, 0.25f, 0.125f, 2.0f};

uint scramble(uint v)
{
    return v * primes[v & 7] + primes[(v >> 3) & 7];
}

__kernel void lookup(__global const uint *in, __global uint *out, __global float *w)
{
    size_t i = get_global_id(0);
    out[i] = scramble(in[i]) ^ primes[i % 8];
    w[i] = weights[i & 3] * (float)(in[i] & 255);
}
