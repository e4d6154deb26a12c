// vec_type_hint needs a type argument.
__kernel __attribute__((vec_type_hint(4))) void k(__global int *o) { o[0] = 1; }
