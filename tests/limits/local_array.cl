// A __local array of 512 MiB.
// MESSAGE: __local variable `tile` of type float[134217728] is 536870912 bytes (512 MiB)
// AT: local_array.cl:5:19
__kernel void k(__global float *out) {
    __local float tile[1 << 27];
    tile[get_local_id(0)] = 1.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tile[0];
}
