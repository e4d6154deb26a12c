// reqd_work_group_size with a zero dimension.
__kernel __attribute__((reqd_work_group_size(0, 1, 1))) void k(__global int *o) { o[0] = 1; }
