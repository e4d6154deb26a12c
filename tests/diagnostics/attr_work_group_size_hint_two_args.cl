// work_group_size_hint needs three arguments.
__kernel __attribute__((work_group_size_hint(8, 1))) void k(__global int *o) { o[0] = 1; }
