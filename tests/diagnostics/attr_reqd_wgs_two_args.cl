// reqd_work_group_size needs three arguments.
__kernel __attribute__((reqd_work_group_size(8, 1))) void k(__global int *o) { o[0] = 1; }
