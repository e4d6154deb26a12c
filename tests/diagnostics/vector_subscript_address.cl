__kernel void k(__global int *out) {
    int4 v = (int4)(1, 2, 3, 4);
    int *p = &v[out[0]];
    out[1] = *p;
}
