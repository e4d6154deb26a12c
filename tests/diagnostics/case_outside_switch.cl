__kernel void k(__global int *out) {
case 1:
    out[0] = 1;
}
