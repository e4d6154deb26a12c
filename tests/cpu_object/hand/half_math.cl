// Half math in a CPU object (the built-in library: computed in float, rounded to half once).
// Expected bits: Python's double math.sin/math.exp of 1, 2, 3, 0.5, each rounded to half by
// struct 'e', then their sum rounded to half: 0x431f 0x4826 0x4d0e 0x4042 (see half_math.c).
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void k(__global half *h) { int i = get_global_id(0); h[i] = sin(h[i]) + exp(h[i]); }

// fma(683, 3, 2^-24) = 2049 + 2^-24, just above the tie between 2048 and 2050: 2050 (0x6801);
// nextafter(1, 2) = 1 + 2^-10 (0x3c01).
__kernel void grid(__global half *h) { h[0] = fma(h[0], h[1], h[2]); h[1] = nextafter(h[3], h[4]); }
