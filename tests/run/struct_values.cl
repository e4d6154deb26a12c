// RUN: --kernel members --global 64 --local 16 --arg i32[64]=randu:71:-50:50 --arg f32[64]=randu:72:-2:2 --arg f32[256]=zeros
// Members of struct values that are not stored: call results and compound literals,
// including an array member.
struct item { int id; float w[2]; };

struct item make(int id, float x) {
    struct item it = {id, {x, 2.0f * x}};
    return it;
}

__kernel void members(__global const int *ids, __global const float *xs, __global float *out) {
    int i = get_global_id(0);
    float x = xs[i];
    out[4 * i] = make(ids[i], x).w[1];
    out[4 * i + 1] = (float)make(ids[i] + 1, x).id;
    out[4 * i + 2] = ((struct item){ids[i], {x, -x}}).w[i & 1];
    out[4 * i + 3] = (float)((struct item){7, {0.0f, 0.0f}}).id + x;
}
