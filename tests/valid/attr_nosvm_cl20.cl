// nosvm on pointer parameters (OpenCL C 2.0; deprecated but accepted).
// RUN-OPTIONS: -cl-std=CL2.0
kernel void nosvm_params(__global int *__attribute__((nosvm)) out, __global int *in) {
    out[0] = in[0];
}
