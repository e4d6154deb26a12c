// Two address space qualifiers on one type.
__kernel void k(__global __local int *p) { p[0] = 1; }
