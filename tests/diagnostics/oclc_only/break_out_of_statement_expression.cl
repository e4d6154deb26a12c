__kernel void k(__global int *out) {
    for (int i = 0; i < 4; i++) {
        ({ if (i == 2) break; });
        out[i] = i;
    }
}
