// `#pragma unroll` must be followed by a loop (clang-14: "expected a for, while, or
// do-while loop to follow '#pragma unroll'").
kernel void k(global int *out) {
#pragma unroll
    out[0] = 1;
}
