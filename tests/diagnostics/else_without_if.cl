// An else with no if before it.
__kernel void k(__global int *o) {
  else o[0] = 1;
}
