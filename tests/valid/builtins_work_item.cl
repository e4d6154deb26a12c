// Work-item functions (6.12.1): dimension queries take uint and return size_t;
// get_work_dim returns uint.
typedef char check_size_t[(sizeof(get_global_id(0)) == 8 && sizeof(get_work_dim()) == 4) ? 1 : -1];

__kernel void work_item(__global size_t *out, uint dim) {
    size_t a = get_global_id(0) + get_local_id(1) + get_group_id(2);
    size_t b = get_global_size(dim) + get_local_size(dim) + get_num_groups(dim);
    size_t c = get_global_offset(0);
    uint d = get_work_dim();
    out[get_global_id(0)] = a + b + c + d;
}
