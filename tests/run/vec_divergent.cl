// RUN: --kernel divergent --global 70 --local 35 --arg f32[70]=rand:21 --arg i32[70]=rand:22 --arg f32[70]=zeros --arg i32[70]=zeros --arg u32[4]=zeros --arg i32:61
// RUN: --kernel divergent --global 64 --local 16 --arg f32[64]=rand:23 --arg i32[64]=rand:24 --arg f32[64]=zeros --arg i32[64]=zeros --arg u32[4]=zeros --arg i32:64
// RUN: -O0 --kernel divergent --global 70 --local 35 --arg f32[70]=rand:21 --arg i32[70]=rand:22 --arg f32[70]=zeros --arg i32[70]=zeros --arg u32[4]=zeros --arg i32:61
// Divergent control flow under lane masks: an early return, if/else with loads and stores
// on both sides, nested varying ifs, a loop whose trip count varies (with a varying break),
// selects, and atomics and uniform loads reached by some lanes only.
__kernel void divergent(__global const float *a, __global const int *b, __global float *out,
                        __global int *iout, __global uint *counters, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    float x = a[i];
    int k = b[i];
    float y;
    if (k & 1) {
        y = x * 3.0f;
        out[i] = y;
    } else {
        y = a[n - 1 - i] - x;
        if (k & 2) {
            y = -y;
            atomic_inc(&counters[0]);
        }
        out[i] = y + 1.0f;
    }
    int steps = 0;
    float z = x;
    while (z < 40.0f) {
        z = z * 1.7f + (float)(k & 7);
        steps++;
        if (steps > (k & 15))
            break;
    }
    float w = x > 0.5f ? z : -z;
    if (i % 5 == 2)
        atomic_add(&counters[1], (uint)steps);
    if (i % 3 == 0)
        w += a[0];
    iout[i] = steps * 1000 + (int)(w * 10.0f) + (k > 0x40000000 ? 1 : 0);
}
