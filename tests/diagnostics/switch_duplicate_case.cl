__kernel void k(__global int *out, int x) {
    switch (x) {
    case 1: out[0] = 1; break;
    case 1: out[0] = 2; break;
    }
}
