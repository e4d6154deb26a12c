// `#pragma unroll 0`: a count must be positive (clang-14: "invalid value '0'; must be
// positive").
kernel void k(global int *out) {
#pragma unroll 0
    for (int i = 0; i < 4; i++)
        out[i] = i;
}
