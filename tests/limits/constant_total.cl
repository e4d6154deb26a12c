// Two __constant tables of 160 MiB each: each is within the limit, their sum is not.
// MESSAGE: with `second`, the program-scope variables take 335544320 bytes (320 MiB): oclc supports at most 268435456 bytes (256 MiB)
// AT: constant_total.cl:5:17
__constant uint first[40 << 20] = {1};
__constant uint second[40 << 20] = {2};

__kernel void k(__global uint *out) {
    size_t i = get_global_id(0);
    out[i] = first[i] + second[i];
}
