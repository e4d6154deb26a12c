// CHECK: %weights = OpVariable %_ptr_UniformConstant__arr_float_uint_4 UniformConstant
// CHECK: OpTypePointer Workgroup %_arr_float_uint_64
// CHECK: OpTypePointer Function %_arr_float_uint_4
// CHECK: OpTypePointer CrossWorkgroup %union0
// Program-scope __constant data, __local arrays, private arrays, a union in __global memory
// and async copies.
__constant float weights[4] = {0.1f, 0.2f, 0.3f, 0.4f};

typedef union { float f; uint u; } bits;

__kernel void k(__global float *out, __global const float *in, __global bits *u)
{
    __local float tile[64];
    float priv[4];
    event_t e = async_work_group_copy(tile, in + get_group_id(0) * 64, 64, 0);
    wait_group_events(1, &e);
    for (int j = 0; j < 4; j++)
        priv[j] = tile[(get_local_id(0) + j) & 63] * weights[j];
    out[get_global_id(0)] = priv[0] + priv[1] + priv[2] + priv[3];
    u[get_global_id(0)].u ^= 0x80000000u;
}
