// CL-STD: CL3.0
// RUN-OPTIONS: -cl-std=CL3.0
// OpenCL C 3.0 feature macros that clang-14 defines for spir64 and oclc implements.
#if !defined(__opencl_c_generic_address_space) || !defined(__opencl_c_atomic_order_acq_rel) \
    || !defined(__opencl_c_atomic_order_seq_cst) || !defined(__opencl_c_atomic_scope_device) \
    || !defined(__opencl_c_atomic_scope_all_devices) || !defined(__opencl_c_int64) \
    || !defined(__opencl_c_fp64)
#error "feature macro missing"
#endif
#if __OPENCL_C_VERSION__ != CL_VERSION_3_0 || memory_scope_all_devices != memory_scope_all_svm_devices
#error "version or scope values"
#endif
kernel void k(global atomic_int *a) {
  atomic_fetch_add_explicit(a, 1, memory_order_acq_rel, memory_scope_all_devices);
}
