// A case label in a loop that is not inside a switch.
__kernel void k(__global int *o) { for (int i = 0; i < 2; i++) { case 1: o[i] = 1; } }
