// A built-in called with vectors of different widths.
__kernel void k(__global float4 *o) { o[0] = fmax((float4)(1.0f), (float2)(2.0f)); }
