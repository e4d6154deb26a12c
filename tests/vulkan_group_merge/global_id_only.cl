// MERGEABLE: yes (global ids, sizes, offset and dimension do not depend on the grouping)
__kernel void k(__global const float *a, __global float *o)
{
    size_t i = get_global_id(0) + get_global_id(1) * get_global_size(0);
    o[i] = a[i] * get_work_dim() + get_global_offset(0);
}
