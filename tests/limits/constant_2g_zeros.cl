// A zero-initialised __constant table of 2^31 bytes.
// MESSAGE: __constant variable `zeros` of type uchar[2147483648] is 2147483648 bytes (2048 MiB)
// AT: constant_2g_zeros.cl:4:18
__constant uchar zeros[1u << 31] = {0};

__kernel void k(__global uchar *out) { out[get_global_id(0)] = zeros[get_global_id(0)]; }
