// NVIDIA Vulkan probe (bench/results/h100-differential.txt, stop 12): two loads through addresses computed from
// one base by integer arithmetic (vp + back, vp + back / 2) returned the same value on the H100 while back, a pointer
// difference, was an OpSDiv by 16. Since pointer differences are exact shifts (stop 13,
// bench/results/h100-codegen-experiments.txt) both columns agree with NVIDIA's OpenCL. Run with
// bench/probes/run-address-alias.sh OCLC on a machine with NVIDIA Vulkan and NVIDIA OpenCL; compare the outputs.
__kernel void k(__global const float4 *v, __global const int *where, __global float *of, __global long *ol)
{
    int i = get_global_id(0);
    int w = where[i];
    __global const float4 *vp = v + 200;
    __global const float4 *vq = v + (w & 127);
    ptrdiff_t back = vq - vp;
    long h = back / 2;
    of[8 * i + 0] = (vp + back / 2)[0].z;
    of[8 * i + 1] = vp[h].z;
    of[8 * i + 2] = v[200 + h].z;
    of[8 * i + 3] = (*(__global const float4 *)((ulong)vp + (ulong)(h * 16))).z;
    of[8 * i + 4] = (vp + back)[0].z;
    of[8 * i + 5] = v[(w & 127) / 2 + 100].z;
    of[8 * i + 6] = (*(vp + (int)h)).z;
    of[8 * i + 7] = (float)h;
    ol[4 * i + 0] = back;
    ol[4 * i + 1] = h;
    ol[4 * i + 2] = h * 16;
    ol[4 * i + 3] = (long)((ulong)(vp + back / 2) - (ulong)v);
}
