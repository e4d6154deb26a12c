__kernel void k(__global float4 *out) {
    int4 i = (int4)(1);
    float4 f = i;
    out[0] = f;
}
