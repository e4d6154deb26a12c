// A __constant table of 2^31 floats (8 GiB) with two initializers: clang-14 +
// llvm-spirv-14 emit it (a packed struct of the two and a zeroinitializer array); oclc
// refuses it, beyond what PoCL, lavapipe and the CPU can allocate.
// MESSAGE: __constant variable `table` of type float[2147483648] is 8589934592 bytes (8192 MiB): oclc supports variables of at most 268435456 bytes (256 MiB)
// AT: constant_2g_elements.cl:6:18
__constant float table[0x80000000] = {1.0f, 2.0f};

__kernel void k(__global float *out) { out[get_global_id(0)] = table[get_global_id(0)]; }
