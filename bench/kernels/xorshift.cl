// BENCH: xorshift | --kernel xorshift --global 1048576 --local 256 --arg u32[1048576]=zeros --arg i32:64
// BENCH-TINY: --kernel xorshift --global 256 --local 256 --arg u32[256]=zeros --arg i32:4
// BENCH-GPU: xorshift | --kernel xorshift --global 67108864 --local 256 --arg u32[67108864]=zeros --arg i32:64
// Integer hash code: a xorshift generator per work-item, shifts by constants and xors.
__kernel void xorshift(__global uint *out, int rounds)
{
    uint x = get_global_id(0) * 2654435761u + 1u;
    uint acc = 0;
    for (int r = 0; r < rounds; r++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        acc += x >> 3;
    }
    out[get_global_id(0)] = acc;
}
