// An enumerator redefined.
enum E { A, B, A };
__kernel void k(__global int *o) { o[0] = B; }
