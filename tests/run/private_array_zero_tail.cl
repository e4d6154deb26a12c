// RUN: --kernel k --global 256 --local 64 --arg f32[256]=zeros
// Private arrays with a few initializers: the elements left out are zeroed by a loop in
// the IR (issue 20), not one store each; runs of up to 16 keep one store each.
typedef struct { int x; float y[3]; } pair;

__kernel void k(__global float *out) {
    size_t i = get_global_id(0);
    float a[1000] = {1.0f, 2.0f};
    int b[40] = {[20] = 5};
    pair p[50] = {{1, {0.5f}}, [30] = {2, {0.0f, 0.25f}}};
    a[i % 7 + 500] += (float)i;
    out[i] = a[i % 3] + a[(i * 13) % 1000] + a[i % 7 + 500] + (float)b[i % 40]
             + (float)p[i % 50].x + p[i % 50].y[i % 3];
}
