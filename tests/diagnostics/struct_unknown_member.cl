struct pt { float x, y; };
__kernel void k(__global float *out) {
    struct pt p = { 1.0f, 2.0f };
    out[0] = p.z;
}
