// CHECK: OpCapability Linkage
// CHECK: OpDecorate %ext_scale LinkageAttributes "ext_scale" Import
// A function declared and called but defined nowhere in the program is imported by name
// for the consumer to link (clang-14 + llvm-spirv-14 emit the same declaration); a
// prototype nothing calls is left out.
float ext_scale(float x, int n);
int never_called(int i);
__kernel void k(__global float *o, int n) { o[0] = ext_scale(o[1], n); }
