// Address spaces: kernel pointer parameters in global, constant and local memory,
// __local variables at kernel scope, __constant program-scope data, private pointers
// to each space, pointers to pointers, and casts that keep the address space.
__constant float table[4] = {1.0f, 2.0f, 3.0f, 4.0f};

float sum_global(__global const float *p, int n) {
    float s = 0.0f;
    for (int i = 0; i < n; i++)
        s += p[i];
    return s;
}
float from_constant(__constant float *p) { return p[1]; }
float from_local(__local float *p) { return p[0]; }
float from_private(float *p) { return *p; }
void through_pointer(__global float **pp, __global float *target) { *pp = target; }

__kernel void spaces(__global float *g, __constant float *c, __local float *l) {
    __local float tile[64];
    __local int counter;
    size_t lid = get_local_id(0);
    tile[lid % 64] = g[lid];
    l[lid] = c[0];
    barrier(CLK_LOCAL_MEM_FENCE);
    float priv = 1.0f;
    __private float *pp = &priv;
    __global float *gp = g + 1;
    __global float *gp2 = 0;
    through_pointer(&gp2, gp);
    __local float *lp = &tile[1];
    __constant float *cp = table + 2;
    __global uchar *bytes = (__global uchar *)g; // casts within one space are fine
    __global float *back = (__global float *)(bytes + 4);
    g[0] = sum_global(g, 4) + from_constant(c) + from_constant(table) + from_local(lp)
        + from_private(pp) + *gp2 + *cp + *back + bytes[0];
    if (lid == 0)
        counter = 0;
}
