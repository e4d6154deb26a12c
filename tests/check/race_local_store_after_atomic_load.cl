// RUN: -cl-std=CL2.0 --kernel publish --global 32 --local 16 --arg i32[32]=iota --arg i32[32]=zeros
// EXPECT: data-race 17
// OCLGRIND-MISSES: Oclgrind 21.10 has no OpenCL 2.0 atomic_load ("Undefined external function: atomic_load")
// Every work-item reads the last work-item's __local slot with atomic_load, and then
// overwrites its own slot with a plain store, no barrier between: the last work-item's
// store races with the others' atomic loads of its slot (OpenCL 2.0 memory model: two
// accesses of one location, one a write, not both atomic, unordered; atomic_store would
// not race).
__kernel void publish(__global const int *in, __global int *out)
{
    __local int slots[16];
    int l = get_local_id(0);
    slots[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int last = atomic_load((volatile __local atomic_int *)&slots[15]);
    // barrier(CLK_LOCAL_MEM_FENCE) missing here
    slots[l] = in[get_global_id(0)];
    out[get_global_id(0)] = last;
}
