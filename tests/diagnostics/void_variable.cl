__kernel void k(__global int *p) {
    void v;
    p[0] = 1;
}
