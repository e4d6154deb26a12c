__kernel void k(__global int *p) {
    int i = 0;
again:
    p[i] = i;
    if (++i < 4) goto again;
}
