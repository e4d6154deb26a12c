__kernel void k(__global float *out) {
    float2 v = (float2)(1.0f, 2.0f);
    out[0] = v.z;
}
