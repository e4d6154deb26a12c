__kernel void k(__global int *g, __local int *l) {
    g = l;
    g[0] = 1;
}
