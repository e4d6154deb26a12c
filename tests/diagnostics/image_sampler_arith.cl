// Arithmetic on a sampler_t.
__kernel void k(sampler_t s, __global int *o) { o[0] = s + 1; }
