// Forms of one streaming kernel (read a float, write a float), to find where oclc's Vulkan
// code loses to NVIDIA's OpenCL on `o[i] = f(a[i])` over 64M floats (the transcendental
// bench's native_ rows ran at 0.86-0.88 of OpenCL with no library code in them).
// Run by scripts/gpu-math-run.sh probe.

__kernel void copy_size_t(__global const float *a, __global float *o)
{
    size_t i = get_global_id(0);
    o[i] = a[i];
}

__kernel void copy_int(__global const float *a, __global float *o)
{
    int i = get_global_id(0);
    o[i] = a[i];
}

__kernel void copy_uint(__global const float *a, __global float *o)
{
    uint i = get_global_id(0);
    o[i] = a[i];
}

__kernel void copy_float4(__global const float4 *a, __global float4 *o)
{
    size_t i = get_global_id(0);
    o[i] = a[i];
}

__kernel void sqrt_size_t(__global const float *a, __global float *o)
{
    size_t i = get_global_id(0);
    o[i] = native_sqrt(a[i]);
}
