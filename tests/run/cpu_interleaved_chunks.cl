// RUN: --kernel conv --global 40,6 --local 8,2 --arg f32[512]=randu:51:-2:2 --arg f32[25]=randu:52:-1:1 --arg f32[240]=zeros --arg i32:44 --arg i32:5
// RUN: --kernel conv --global 36,4 --local 12,1 --arg f32[512]=randu:53:-2:2 --arg f32[9]=randu:54:-1:1 --arg f32[144]=zeros --arg i32:40 --arg i32:3
// RUN: --kernel conv --global 42,2 --local 21,2 --arg f32[512]=randu:55:-2:2 --arg f32[16]=randu:56:-1:1 --arg f32[84]=zeros --arg i32:48 --arg i32:4
// RUN: --kernel conv --global 24,3 --local 6,3 --arg f32[512]=randu:57:-2:2 --arg f32[1]=randu:58:-1:1 --arg f32[72]=zeros --arg i32:24 --arg i32:1
// RUN: -O3 --kernel conv --global 40,6 --local 8,2 --arg f32[512]=randu:51:-2:2 --arg f32[25]=randu:52:-1:1 --arg f32[240]=zeros --arg i32:44 --arg i32:5
// RUN: --kernel flow --global 64 --local 16 --arg i32[64]=randu:61:-1000:1000 --arg i32[64]=zeros --arg i32:7 --arg i32:3
// RUN: --kernel flow --global 60 --local 20 --arg i32[64]=randu:62:-1000:1000 --arg i32[64]=zeros --arg i32:12 --arg i32:-2
// RUN: --kernel flow --global 48 --local 24 --arg i32[64]=randu:63:-1000:1000 --arg i32[64]=zeros --arg i32:0 --arg i32:5
// RUN: --kernel flow --global 48 --local 24 --arg i32[64]=randu:64:-1000:1000 --arg i32[64]=zeros --arg i32:40 --arg i32:9
// RUN: --kernel vec4 --global 32 --local 16 --arg f32x4[48]=randu:71:-3:3 --arg f32[64]=randu:72:-1:1 --arg f32x4[32]=zeros --arg i32:9
// RUN: --kernel vec4 --global 28 --local 14 --arg f32x4[48]=randu:73:-3:3 --arg f32[64]=randu:74:-1:1 --arg f32x4[32]=zeros --arg i32:5
// RUN: --kernel wide --global 32 --local 16 --arg i64[32]=rand:81 --arg u8[64]=rand:82 --arg i64[32]=zeros --arg u32:11
// RUN: --kernel tiled --global 24 --local 12 --arg f32[24]=randu:91:-1:1 --arg f32[576]=randu:92:-1:1 --arg f32[24]=zeros --arg local:48 --arg i32:2
// RUN: --kernel tiled --global 32 --local 16 --arg f32[48]=randu:93:-1:1 --arg f32[1536]=randu:94:-1:1 --arg f32[32]=zeros --arg local:64 --arg i32:3
// RUN: --kernel after_barrier --global 32 --local 16 --arg i32[64]=randu:95:-100:100 --arg i32[32]=zeros --arg local:64 --arg i32:9
// RUN: --kernel after_barrier --global 24 --local 12 --arg i32[64]=randu:96:-100:100 --arg i32[24]=zeros --arg local:48 --arg i32:5
// Kernels whose control flow is the same for every work-item (uniform loops, ifs, breaks,
// continues and returns; regions between barriers), which the CPU backend runs two vector
// chunks at a time, interleaved statement by statement, at local sizes that are multiples
// of 8 (pairs only), of 4 but not 8 (a single chunk after the pairs), of neither (scalar
// work-items after them) and below 8 (no pair).

// The optimisation chapter's convolution with a run-time filter width: two uniform loops,
// a running sum per work-item, loads from __constant memory shared by the chunks.
__kernel void conv(__global const float *in, __constant float *filter,
                   __global float *out, int inWidth, int fw)
{
    int x = get_global_id(0);
    int y = get_global_id(1);
    float sum = 0.0f;
    for (int r = 0; r < fw; r++) {
        int row = (y + r) * inWidth + x;
        for (int c = 0; c < fw; c++)
            sum += filter[r * fw + c] * in[row + c];
    }
    out[y * get_global_size(0) + x] = sum;
}

// Uniform ifs with stores in both branches, a uniform break and continue, a private array
// indexed by the uniform loop counter, and a return taken by every work-item or none.
__kernel void flow(__global const int *in, __global int *out, int n, int k)
{
    int i = get_global_id(0);
    int acc = in[i];
    int hist[4] = {0, 0, 0, 0};
    for (int j = 0; j < 100; j++) {
        if (j == n)
            break;
        if (j % 3 == 1)
            continue;
        if (k > 0) {
            acc = acc * 3 + j;
            hist[j & 3] += acc & 15;
        } else {
            acc -= j * k;
        }
        acc ^= acc >> 5;
    }
    if (n == 40) {
        out[i] = -1;
        return;
    }
    int j = 0;
    do {
        acc += hist[j] * (j + 1);
        j++;
    } while (j < 4);
    out[i] = acc;
}

// float4 per work-item with vload4 at a uniform offset and the sum's components kept apart.
__kernel void vec4(__global const float4 *in, __global const float *w,
                   __global float4 *out, int taps)
{
    int i = get_global_id(0);
    float4 s = (float4)(0.0f);
    for (int t = 0; t < taps; t++) {
        float4 c = vload4(t, w + 3);
        s = fma(in[i + t], c, s);
        s.x += in[i].w * w[t];
    }
    out[i] = s;
}

// 64-bit arithmetic and byte loads in a uniform loop.
__kernel void wide(__global const long *a, __global const uchar *b, __global long *out,
                   uint rounds)
{
    int i = get_global_id(0);
    long h = a[i];
    for (uint r = 0; r < rounds; r++) {
        h = h * 6364136223846793005L + (long)b[(i + r) & 63];
        h ^= (h >> 29);
    }
    out[i] = h;
}

// Barriers: a tile of __local memory loaded between them, a uniform loop over it in the
// region after the first, and each work-item's running sum kept across them (per-work-item
// state, loaded and stored by each chunk).
__kernel void tiled(__global const float *a, __global const float *b, __global float *out,
                    __local float *ta, int tiles)
{
    int lid = get_local_id(0);
    int n = get_local_size(0);
    int g = get_global_id(0);
    float sum = 0.0f;
    for (int t = 0; t < tiles; t++) {
        ta[lid] = a[t * n + lid];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < n; k++)
            sum += ta[k] * b[(t * n + k) * (int)get_global_size(0) + g];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[g] = sum;
}

// A value the same for every work-item (`w`, from the uniform sum `u`) defined in the
// interleaved region before a barrier and read after it, beside a per-work-item one (`acc`
// through __local memory).
__kernel void after_barrier(__global const int *in, __global int *out, __local int *tmp,
                            int n)
{
    int lid = get_local_id(0);
    int acc = 0;
    int u = 0;
    for (int j = 0; j < n; j++) {
        acc += in[lid + j];
        u += in[j] * 3;
    }
    int w = u * 7 + n;
    tmp[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tmp[(lid + 1) % get_local_size(0)] + w * (lid + 1);
}
