// A kernel that does nothing, with vecadd's parameters: bench/launch_latency.py times it to
// show a launch's own cost (argument setup, scheduling, an empty work-group call per group).
__kernel void empty(__global const float *a, __global const float *b, __global float *c)
{
}
