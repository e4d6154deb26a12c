// The __generic qualifier does not exist before OpenCL C 2.0.
void f(__generic int *p) { *p = 1; }
kernel void k(global int *o) { f(o); }
