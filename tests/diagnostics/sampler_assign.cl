__kernel void k(sampler_t s, sampler_t t) { s = t; }
