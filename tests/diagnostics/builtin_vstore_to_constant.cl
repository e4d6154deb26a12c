// vstore4 to a __constant pointer.
__kernel void k(__constant float *c) { vstore4((float4)(1.0f), 0, c); }
