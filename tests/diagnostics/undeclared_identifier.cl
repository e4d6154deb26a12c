__kernel void k(__global int *p) {
    p[0] = count;
}
