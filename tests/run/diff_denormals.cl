// RUN: --kernel denormals --global 64 --local 16 --arg f32[64]=randu:431:-4:4 --arg u32[512]=zeros
// VULKAN-RUN-ONLY: subnormal floats are the implementation's choice on Vulkan (no DenormPreserve on lavapipe)
// Subnormal floats (PoCL's CPU device reports CL_FP_DENORM, and so must the CPU backend
// behave): arithmetic producing and consuming them, comparisons, conversions to and from
// integers and double, and their bit patterns, which must match exactly.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF
__kernel void denormals(__global const float *a, __global uint *out)
{
    int i = get_global_id(0);
    float x = a[i];
    float d = x * 0x1p-130f;
    __global uint *o = out + i * 8;
    o[0] = as_uint(d);
    o[1] = as_uint(d * 3.0f + 0x1p-149f);
    o[2] = as_uint(d / 0x1p20f);
    o[3] = as_uint((float)((double)d * 0.75));
    o[4] = (d != 0.0f) + (fabs(d) < FLT_MIN) * 2 + (d * 0x1p100f > 0.0f) * 4;
    o[5] = as_uint(sqrt(fabs(d)));
    o[6] = as_uint(d - x * 0x1p-131f);
    o[7] = (uint)(int)(d * 0x1p100f * 0x1p40f) ^ as_uint(convert_float(i) * 0x1p-140f);
}
