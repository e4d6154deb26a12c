// RUN: --kernel group_sums --global 48 --local 1 --arg f32[48]=rand:11 --arg f32[48]=zeros --arg u32[48]=zeros --arg local:256
// RUN: --kernel group_sums --global 48 --local 3 --arg f32[48]=rand:12 --arg f32[48]=zeros --arg u32[48]=zeros --arg local:256
// RUN: --kernel group_sums --global 48 --local 4 --arg f32[48]=rand:13 --arg f32[48]=zeros --arg u32[48]=zeros --arg local:256
// RUN: --kernel group_sums --global 48 --local 6 --arg f32[48]=rand:14 --arg f32[48]=zeros --arg u32[48]=zeros --arg local:256
// RUN: --kernel group_sums --global 48 --local 16 --arg f32[48]=rand:15 --arg f32[48]=zeros --arg u32[48]=zeros --arg local:256
// RUN: --kernel group_sums --global 64 --local 64 --arg f32[64]=rand:16 --arg f32[64]=zeros --arg u32[64]=zeros --arg local:256
// RUN: -O0 --kernel group_sums --global 48 --local 6 --arg f32[48]=rand:14 --arg f32[48]=zeros --arg u32[48]=zeros --arg local:256
// RUN: --kernel bins --global 10 --local 2 --arg u32[10]=randu:21:0:63 --arg u32[320]=zeros
// RUN: --kernel bins --global 63 --local 7 --arg u32[63]=randu:22:0:63 --arg u32[576]=zeros
// RUN: --kernel bins --global 64 --local 16 --arg u32[64]=randu:23:0:63 --arg u32[256]=zeros
// RUN: --kernel bins --global 128 --local 64 --arg u32[128]=randu:24:0:63 --arg u32[256]=zeros
// RUN: --kernel bins --global 96 --local 32 --arg u32[96]=randu:25:0:63 --arg u32[256]=zeros
// RUN: --kernel bins --global 256 --local 128 --arg u32[256]=randu:26:0:63 --arg u32[256]=zeros
// RUN: --kernel tile2d --global 12,6 --local 3,2 --arg i32[72]=randu:31:-50:50 --arg i32[72]=zeros
// RUN: --kernel tile2d --global 16,8 --local 8,4 --arg i32[128]=randu:32:-50:50 --arg i32[128]=zeros
// RUN: --kernel tile2d --global 8,8 --local 1,8 --arg i32[64]=randu:33:-50:50 --arg i32[64]=zeros
// RUN: --kernel tile2d --global 10,4 --local 5,1 --arg i32[40]=randu:34:-50:50 --arg i32[40]=zeros
// RUN: --kernel fixed8 --global 32 --local 8 --arg f32[32]=rand:41 --arg f32[32]=zeros
// RUN: -O0 --kernel fixed8 --global 32 --local 8 --arg f32[32]=rand:41 --arg f32[32]=zeros
// Kernels whose code depends on the local size, run at sizes that are multiples of 4, sizes
// that are not, and size 1: the CPU backend compiles each launch's kernel with its local size
// as a constant (whole vector chunks, constant trip counts, folded divisions).

// A tree reduction over get_local_size(0) items (halving, so sizes that are not powers of
// two leave some items out, the same on every device), plus index arithmetic that divides
// by the local size.
__kernel void group_sums(__global const float *in, __global float *out,
                         __global uint *where, __local float *tmp)
{
    size_t lid = get_local_id(0);
    size_t ls = get_local_size(0);
    size_t g = get_global_id(0);
    tmp[lid] = in[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t s = ls / 2; s > 0; s >>= 1) {
        if (lid < s)
            tmp[lid] += tmp[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[g] = tmp[0] + tmp[lid] * 0.5f;
    where[g] = (uint)(g / ls * 1000 + g % ls * 10 + get_num_groups(0) - ls / 3);
}

// A local histogram of 64 bins: the bins are cleared and flushed by loops strided by the
// local size (once per work-item when the size is 64, several times when smaller, some
// items idle when larger). Not at size 1: PoCL 3.1 fails an assertion on it.
__kernel void bins(__global const uint *in, __global uint *out)
{
    __local uint hist[64];
    size_t lid = get_local_id(0);
    size_t ls = get_local_size(0);
    for (size_t b = lid; b < 64; b += ls)
        hist[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&hist[in[get_global_id(0)] & 63]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t b = lid; b < 64; b += ls)
        out[get_group_id(0) * 64 + b] = hist[b] * 100 + (uint)b;
}

// A 2D tile through local memory, transposed inside the group, with both local sizes.
__kernel void tile2d(__global const int *in, __global int *out)
{
    __local int tile[64];
    size_t lx = get_local_id(0), ly = get_local_id(1);
    size_t sx = get_local_size(0), sy = get_local_size(1);
    size_t gx = get_global_id(0), gy = get_global_id(1);
    size_t w = get_global_size(0);
    tile[ly * sx + lx] = in[gy * w + gx];
    barrier(CLK_LOCAL_MEM_FENCE);
    size_t t = lx * sy + ly;
    int v = tile[(t % sy) * sx + t / sy];
    out[gy * w + gx] = v * (int)(sx * 10 + sy) + (int)(get_local_size(2) * 1000);
}

// reqd_work_group_size gives the local size without a launch.
__kernel __attribute__((reqd_work_group_size(8, 1, 1)))
void fixed8(__global const float *in, __global float *out)
{
    size_t lid = get_local_id(0);
    float acc = 0.0f;
    for (size_t i = 0; i < get_local_size(0); i++)
        acc += in[get_group_id(0) * get_local_size(0) + (lid + i) % get_local_size(0)] * (float)(i + 1);
    out[get_global_id(0)] = acc;
}
