// Program-scope __constant pointers initialized with addresses of other __constant objects,
// and __constant values read in another variable's initializer (clang folds both).
// RUN: --kernel k --global 4 --arg f32[4]=zeros
__constant float table[4] = {1.0f, 2.0f, 3.0f, 4.0f};
__constant float *__constant table_ptr = table;
__constant float *__constant second = table + 1;
__constant int arr[4] = {10, 20, 30, 40};
__constant int *__constant elem_ptr = &arr[2];
__constant float fl = 1.5f;
__constant float4 vec = (float4)(fl, fl * 2.0f, 0.25f, -1.0f);
typedef struct { int a; float b[2]; } pair;
__constant pair pr = {7, {0.5f, 0.75f}};
__constant float *__constant member_ptr = &pr.b[1];

__kernel void k(__global float *out) {
    size_t i = get_global_id(0);
    out[i] = table_ptr[i] + second[i % 3] + (float)elem_ptr[i % 2] + (i == 0 ? vec.x : i == 1 ? vec.y : i == 2 ? vec.z : vec.w) + *member_ptr;
}
