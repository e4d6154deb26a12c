__kernel void k(__global int *p) {
    __local int tile = 0;
    p[0] = tile;
}
