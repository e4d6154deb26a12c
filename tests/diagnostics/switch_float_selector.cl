__kernel void k(__global int *out, float x) {
    switch (x) {
    case 1: out[0] = 1;
    }
}
