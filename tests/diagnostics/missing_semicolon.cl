__kernel void k(__global int *p) {
    p[0] = 1
    p[1] = 2;
}
