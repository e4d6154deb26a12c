// An integer literal with a suffix that is not u/l/ul/ll/ull.
__kernel void k(__global int *out) { out[0] = 12xyz; }
