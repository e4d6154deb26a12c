// A designator far into a table: the checked initializer would keep every element before
// it (clang-14 runs out of memory on such a gap).
// MESSAGE: array designator index (67108863) is not supported by oclc
// AT: designator_far.cl:5:37
__constant uchar flags[64 << 20] = {[(64 << 20) - 1] = 1};

__kernel void k(__global uchar *out) { out[get_global_id(0)] = flags[get_global_id(0)]; }
