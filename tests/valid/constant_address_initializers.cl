// Program-scope __constant pointers initialized with the address of another __constant
// object (array decay, &element, pointer + constant), and __constant variables read in
// another's initializer (clang folds them).
__constant float table[4] = {1.0f, 2.0f, 3.0f, 4.0f};
__constant float *__constant table_ptr = table;
__constant int arr[4] = {1, 2, 3, 4};
__constant int *__constant elem_ptr = &arr[2];
__constant float fl = 1.5f;
__constant float4 vec = (float4)(fl);
__constant float *__constant shifted = table + 2;
typedef char check_folded[sizeof(*table_ptr) == 4 ? 1 : -1];

__kernel void k(__global float *out) { out[0] = *table_ptr + *elem_ptr + vec.x; }
