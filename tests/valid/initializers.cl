// Designated and nested initializers, brace elision, string literals, vectors.
typedef struct { int a[3]; float4 v; } inner_t;
typedef struct { inner_t in[2]; char name[8]; } outer_t;

__constant int table[2][3] = { { 1, 2, 3 }, { 4, 5 } };
__constant int flat[2][2] = { 1, 2, 3, 4 };
__constant int sparse[10] = { [2] = 5, [7] = 1, 2 };
__constant outer_t o = { .in[1].a = { 9, 8 }, .in[0].v = (float4)(1.0f), .name = "abc" };
__constant float4 vv = { 1.0f, 2.0f, 0.0f, 0.0f };

__kernel void k(__global int *out) {
    int local_arr[4] = { [3] = 1 };
    float4 v = { 1, 2, 3, 4 };
    int2 w = (int2)(vec_step(float3), vec_step(v));
    out[0] = table[1][2] + flat[1][0] + sparse[8] + o.in[1].a[0] + o.name[1] + local_arr[3]
        + (int)v.w + w.x + (int)vv.y + 0x1p4f;
}
