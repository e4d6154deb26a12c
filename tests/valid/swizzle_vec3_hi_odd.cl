// .hi and .odd of a 3-component vector are 2-component (OpenCL C 1.2 6.1.7: the vector acts
// as a 4-vector whose last component is undefined).
typedef char check_vec3_hi[(vec_step(((float3)(0.0f)).hi) == 2 && vec_step(((float3)(0.0f)).odd) == 2) ? 1 : -1];

__kernel void k(__global float2 *out, float3 v3) { out[0] = v3.hi + v3.odd; }
