// A kernel parameter that is an array of pointers (pointer to pointer after decay).
__kernel void k(__global int *p[4]) { }
