// A closing brace at file scope that closes nothing.
__kernel void k(__global int *o) {
  o[0] = 1;
}
}
