// vec_type_hint with a non-scalar, non-vector type.
struct S { int a; };
__kernel __attribute__((vec_type_hint(struct S))) void k(__global int *o) { o[0] = 1; }
