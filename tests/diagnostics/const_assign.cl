__kernel void k(__global const int *p) {
    p[0] = 1;
}
