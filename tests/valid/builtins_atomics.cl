// Atomic functions: the OpenCL 1.1 atomic_* names and the 1.0 extension atom_* names,
// on int and uint in global and local memory, atomic_xchg on float, and the 64-bit
// atom_* functions of cl_khr_int64_base/extended_atomics.
#pragma OPENCL EXTENSION cl_khr_global_int32_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_global_int32_extended_atomics : enable
#pragma OPENCL EXTENSION cl_khr_local_int32_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_local_int32_extended_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#define ATOMICS(prefix, p, v)                                                                  \
    (prefix##_add(p, v) + prefix##_sub(p, v) + prefix##_xchg(p, v) + prefix##_inc(p)        \
     + prefix##_dec(p) + prefix##_cmpxchg(p, v, v) + prefix##_min(p, v) + prefix##_max(p, v) \
     + prefix##_and(p, v) + prefix##_or(p, v) + prefix##_xor(p, v))

__kernel void atomics(__global int *gi, __global uint *gu, __local int *li, __local uint *lu,
                      __global float *gf, __local float *lf, __global long *gl,
                      __global ulong *gul, __local long *ll, volatile __global int *vgi) {
    int a = ATOMICS(atomic, gi, 1) + ATOMICS(atomic, li, 2) + ATOMICS(atom, gi, 3)
        + ATOMICS(atom, li, 4) + ATOMICS(atomic, vgi, 5);
    uint b = ATOMICS(atomic, gu, 1u) + ATOMICS(atom, lu, 2u);
    float f = atomic_xchg(gf, 1.0f) + atomic_xchg(lf, 2.0f);
    long l = ATOMICS(atom, gl, 1L) + ATOMICS(atom, ll, 2L);
    ulong ul = ATOMICS(atom, gul, 1UL);
    gi[0] = a + b + (int)f + (int)l + (int)ul;
}
