// RUN: --kernel wi_1d --global 96 --local 24 --offset 5 --arg i32[960]=zeros
// RUN: --kernel wi_2d --global 15,12 --local 5,3 --offset 2,7 --arg i32[1440]=zeros
// RUN: --kernel wi_3d --global 6,4,10 --local 3,2,5 --offset 1,2,3 --arg i32[2400]=zeros
// Work-item functions in 1, 2 and 3 dimensions with global offsets and work-group sizes
// that are not powers of two (OpenCL 1.2 needs the global size to be a multiple of the
// local size); queries past get_work_dim() return the defaults (size 1, id 0).
__kernel void wi_1d(__global int *out)
{
    size_t g = get_global_id(0) - get_global_offset(0);
    __global int *o = out + g * 10;
    o[0] = (int)get_global_id(0);
    o[1] = (int)get_local_id(0);
    o[2] = (int)get_group_id(0);
    o[3] = (int)get_num_groups(0);
    o[4] = (int)get_local_size(0);
    o[5] = (int)get_global_size(0);
    o[6] = (int)get_global_offset(0);
    o[7] = (int)get_work_dim();
    o[8] = (int)(get_global_size(1) * 100 + get_local_size(2) * 10 + get_num_groups(1));
    o[9] = (int)(get_global_id(1) + get_local_id(2) + get_group_id(1) + get_global_offset(2));
}

__kernel void wi_2d(__global int *out)
{
    size_t x = get_global_id(0) - get_global_offset(0);
    size_t y = get_global_id(1) - get_global_offset(1);
    size_t lin = y * get_global_size(0) + x;
    __global int *o = out + lin * 8;
    o[0] = (int)(get_global_id(0) * 1000 + get_global_id(1));
    o[1] = (int)(get_local_id(0) * 1000 + get_local_id(1));
    o[2] = (int)(get_group_id(0) * 1000 + get_group_id(1));
    o[3] = (int)(get_num_groups(0) * 1000 + get_num_groups(1));
    o[4] = (int)(get_local_size(0) * 1000 + get_local_size(1));
    o[5] = (int)(get_global_size(0) * 1000 + get_global_size(1));
    o[6] = (int)(get_global_offset(0) * 1000 + get_global_offset(1));
    o[7] = (int)get_work_dim();
}

__kernel void wi_3d(__global int *out)
{
    size_t x = get_global_id(0) - get_global_offset(0);
    size_t y = get_global_id(1) - get_global_offset(1);
    size_t z = get_global_id(2) - get_global_offset(2);
    size_t lin = (z * get_global_size(1) + y) * get_global_size(0) + x;
    __global int *o = out + lin * 10;
    o[0] = (int)(get_global_id(0) * 10000 + get_global_id(1) * 100 + get_global_id(2));
    o[1] = (int)(get_local_id(0) * 10000 + get_local_id(1) * 100 + get_local_id(2));
    o[2] = (int)(get_group_id(0) * 10000 + get_group_id(1) * 100 + get_group_id(2));
    o[3] = (int)(get_num_groups(0) * 10000 + get_num_groups(1) * 100 + get_num_groups(2));
    o[4] = (int)(get_local_size(0) * 10000 + get_local_size(1) * 100 + get_local_size(2));
    o[5] = (int)(get_global_size(0) * 10000 + get_global_size(1) * 100 + get_global_size(2));
    o[6] = (int)(get_global_offset(0) * 10000 + get_global_offset(1) * 100 + get_global_offset(2));
    o[7] = (int)get_work_dim();
    // A linear local id computed two ways.
    o[8] = (int)((get_local_id(2) * get_local_size(1) + get_local_id(1)) * get_local_size(0)
                 + get_local_id(0));
    o[9] = (int)(get_global_size(0) > 3 ? get_global_id(0) % get_local_size(0) : 99);
}
