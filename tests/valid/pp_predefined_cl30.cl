// Under -cl-std=CL3.0 the language version macros follow the standard chosen.
// RUN-OPTIONS: -cl-std=CL3.0
typedef char check_c_version[(__OPENCL_C_VERSION__ == 300) ? 1 : -1];
typedef char check_cl30[(CL_VERSION_3_0 == 300) ? 1 : -1];

__kernel void predefined_cl30(__global int *out) { out[0] = __OPENCL_C_VERSION__; }
