__kernel void k(__global float4 *out) {
    float4 v = (float4)(0.0f);
    v.xx = (float2)(1.0f, 2.0f);
    out[0] = v;
}
