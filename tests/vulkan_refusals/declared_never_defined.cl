// MESSAGE: function 'ext_scale' is declared but never defined
// AT: declared_never_defined.cl:7:10
// SPIR-V for OpenCL imports a function the program declares but never defines; a Vulkan
// module has nothing to link it with.
float ext_scale(float x);
__kernel void k(__global float *o) {
  o[0] = ext_scale(o[1]);
}
