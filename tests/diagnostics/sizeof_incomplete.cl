struct fwd;
__kernel void k(__global int *out) { out[0] = sizeof(struct fwd); }
