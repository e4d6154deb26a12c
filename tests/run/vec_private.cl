// RUN: --kernel priv --global 45 --local 15 --arg i32[45]=rand:31 --arg i32[45]=zeros --arg f32[45]=zeros --arg i32:41
// RUN: -O0 --kernel priv --global 45 --local 15 --arg i32[45]=rand:31 --arg i32[45]=zeros --arg f32[45]=zeros --arg i32:41
// Private arrays (one copy per lane on the vector path), indexed by uniform and varying
// values, written after an early return that only some lanes take.
__kernel void priv(__global const int *in, __global int *out, __global float *fout, int n)
{
    int i = get_global_id(0);
    if (in[i] % 4 == 0 || i >= n)
        return;
    int hist[8];
    float acc[3];
    for (int k = 0; k < 8; k++)
        hist[k] = k;
    acc[0] = 1.0f;
    acc[1] = (float)i;
    acc[2] = 0.5f;
    int v = in[i];
    for (int k = 0; k < 6; k++) {
        hist[(v >> (3 * k)) & 7] += k + 1;
        acc[k % 3] = acc[k % 3] * 1.25f + acc[(k + 1) % 3];
    }
    int s = 0;
    for (int k = 0; k < 8; k++)
        s = s * 3 + hist[k];
    out[i] = s + hist[i & 7];
    fout[i] = acc[0] + acc[1] - acc[2];
}
