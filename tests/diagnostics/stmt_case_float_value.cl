// A case label with a non-integer (float) value.
__kernel void k(__global int *o) { switch (o[0]) { case 1.5f: break; } }
