// Predefined macros of OpenCL C 1.2 (and __LINE__, __FILE__) with their values.
// (__OPENCL_VERSION__ is the device's version, which clang -cc1 leaves undefined.)
typedef char check_c_version[(__OPENCL_C_VERSION__ == 120) ? 1 : -1];
typedef char check_cl_versions[(CL_VERSION_1_0 + CL_VERSION_1_1 + CL_VERSION_1_2 == 330) ? 1 : -1];
typedef char check_line[(__LINE__ == 5) ? 1 : -1];
#line 100
typedef char check_line_directive[(__LINE__ == 100) ? 1 : -1];
typedef char check_file[(sizeof(__FILE__) > 1) ? 1 : -1];
#line 7 "renamed.cl"
typedef char check_file_renamed[(sizeof(__FILE__) == 11) ? 1 : -1];
#if !defined(__OPENCL_C_VERSION__) || !defined(__ENDIAN_LITTLE__) || !defined(__kernel_exec)
#error "missing predefined macro"
#endif
#if __IMAGE_SUPPORT__ != 1 || cl_khr_fp64 != 1 || __ENDIAN_LITTLE__ != 1
#error "missing device macro"
#endif
#ifndef __FAST_RELAXED_MATH__
#define NOT_FAST 1
#endif
typedef char check_not_fast[(NOT_FAST == 1) ? 1 : -1];
#if defined(__STDC__) && __STDC_VERSION__ >= 199901L
#define C99 1
#endif
typedef char check_c99[(C99 == 1) ? 1 : -1];

__kernel void predefined(__global int *out) { out[0] = __LINE__ + __OPENCL_C_VERSION__; }
