__kernel void vec4(__global float4 *p, __global int4 *q, float s) {
    int i = get_global_id(0);
    float4 v = p[i] * s + (float4)(1.0f, 2.0f, 3.0f, 4.0f);
    v.xy = v.yx;
    p[i] = (float4)(sqrt(fabs(v.x)), sin(v.y), max(v.z, 0.5f), min(v.w, v.x));
    q[i] = (int4)(i) + q[i].wzyx;
}
