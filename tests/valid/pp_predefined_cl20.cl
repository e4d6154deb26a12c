// Under -cl-std=CL2.0 the language version macros follow the standard chosen.
// RUN-OPTIONS: -cl-std=CL2.0
typedef char check_c_version[(__OPENCL_C_VERSION__ == 200) ? 1 : -1];
typedef char check_cl20[(CL_VERSION_2_0 == 200) ? 1 : -1];
#if __OPENCL_C_VERSION__ < CL_VERSION_2_0
#error "wrong language version"
#endif

__kernel void predefined_cl20(__global int *out) { out[0] = __OPENCL_C_VERSION__; }
