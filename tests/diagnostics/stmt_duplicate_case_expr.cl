// Two case labels with the same constant value (1+1 and 2).
__kernel void k(__global int *o) { switch (o[0]) { case 1 + 1: break; case 2: break; } }
