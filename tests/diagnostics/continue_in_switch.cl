__kernel void k(__global int *out, int x) {
    switch (x) {
    case 0: continue;
    }
}
