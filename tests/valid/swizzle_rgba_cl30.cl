// OpenCL C 3.0 adds the .rgba swizzle letters (same meaning as .xyzw).
// RUN-OPTIONS: -cl-std=CL3.0
typedef char check_rgba[(sizeof(((float4)(0.0f)).rg) == 8 && vec_step(((int4)(0)).abgr) == 4) ? 1 : -1];

__kernel void rgba(__global float4 *out) {
    float4 c = out[0];
    float4 bgra = c.bgra;
    float alpha = c.a;
    c.rb = c.gr;
    out[0] = bgra + c + alpha;
}
