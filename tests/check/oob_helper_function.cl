// RUN: --kernel blur --global 16 --local 16 --arg f32[16]=iota --arg f32[16]=zeros
// EXPECT: out-of-bounds-read 7
// The helper reads the right neighbour through a pointer it was passed; the last work-item's
// neighbour is past the end of the buffer.
float right_neighbour(__global const float *p)
{
    return p[1];
}

__kernel void blur(__global const float *in, __global float *out)
{
    int i = get_global_id(0);
    out[i] = 0.5f * (in[i] + right_neighbour(in + i));
}
