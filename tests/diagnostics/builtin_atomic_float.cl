// atomic_add has no float overload.
__kernel void k(__global float *o) { atomic_add(o, 1.0f); }
