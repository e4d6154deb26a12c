// PENDING (oclc gap): a __constant pointer initialized with the address of another
// __constant object gives "initializer element is not a compile-time constant" (the
// checked constant initializers hold no addresses); `&arr[2]` also gets a spurious
// "discards const qualifier" warning. Reading a __constant variable in another's
// initializer, which clang folds, is rejected the same way.
__constant float table[4] = {1.0f, 2.0f, 3.0f, 4.0f};
__constant float *__constant table_ptr = table;
__constant int arr[4] = {1, 2, 3, 4};
__constant int *__constant elem_ptr = &arr[2];
__constant float fl = 1.5f;
__constant float4 vec = (float4)(fl);

__kernel void k(__global float *out) { out[0] = *table_ptr + *elem_ptr + vec.x; }
