// switch on a pointer value.
__kernel void k(__global int *o) { switch (o) { case 0: break; } }
