// continue inside a switch that is not inside a loop.
__kernel void k(__global int *o) { switch (o[0]) { case 0: continue; } }
