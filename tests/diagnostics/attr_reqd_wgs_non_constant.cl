// reqd_work_group_size with a non-integer (floating) argument.
__kernel __attribute__((reqd_work_group_size(1.5f, 1, 1))) void k(__global int *o) { o[0] = 1; }
