// OpenCL keywords with and without the double-underscore prefix are the same.
__constant int c1 = 1;
constant int c2 = 2;
__constant const int c3 = 3;

__kernel void with_underscores(__global int *g, __local int *l, __constant int *c,
                               __private int p, __read_only image2d_t img) {
    __private int x = p;
    l[0] = x + c[0];
    g[0] = l[0] + c1;
}

kernel void without_underscores(global int *g, local int *l, constant int *c, private int p,
                                 read_only image2d_t img) {
    private int x = p;
    l[0] = x + c[0];
    g[0] = l[0] + c2 + c3;
}

__kernel void write_img(__write_only image2d_t a, write_only image2d_t b) {
    write_imagef(a, (int2)(0), (float4)(0.0f));
    write_imagef(b, (int2)(0), (float4)(1.0f));
}

inline int add(int a, int b) { return a + b; }
__inline int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }

kernel void misc(global int *restrict out, global const int *__restrict in) {
    __const int k = 3;
    volatile int v = in[0];
    out[0] = add(k, v) + sub(2, 1) + mul(2, 2);
}
