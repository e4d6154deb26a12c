struct s { int a; };
__kernel void k(__global int *out) { out[0] = vec_step(struct s); }
