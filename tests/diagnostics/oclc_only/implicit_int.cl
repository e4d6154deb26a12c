__kernel void k(__global int *p) {
    const x = 3;
    p[0] = x;
}
