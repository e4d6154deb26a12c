__kernel void k(__global int *out, int x, int y) {
    switch (x) {
    case y: out[0] = 1;
    }
}
