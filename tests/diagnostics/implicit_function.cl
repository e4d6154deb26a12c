__kernel void k(__global float *p) {
    p[0] = frobnicate(p[1]);
}
