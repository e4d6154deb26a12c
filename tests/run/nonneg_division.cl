// RUN: --kernel halves --global 256 --local 64 --arg i32[256]=rand:61 --arg i64[256]=rand:62 --arg i32[2048]=zeros --arg i64[512]=zeros
// RUN: --kernel halves --global 256 --local 64 --arg i32[256]=randu:63:-1000:1000 --arg i64[256]=randu:64:-1000:1000 --arg i32[2048]=zeros --arg i64[512]=zeros
// RUN: -O3 --kernel halves --global 200 --local 40 --arg i32[256]=randu:65:-40:40 --arg i64[256]=rand:66 --arg i32[2048]=zeros --arg i64[512]=zeros
// RUN: --kernel lanes --global 512 --local 128 --arg i32[512]=zeros
// RUN: --kernel lanes --global 96,4 --local 48,2 --arg i32[384]=zeros
// Signed division and remainder by powers of two where the compiler can tell that the
// dividend is non-negative (they become shifts and masks: ir/src/opt/nonneg_div.rs) and
// where it cannot (a negative dividend truncates toward zero): guards, both branches of a
// test, a halving loop, a variable a loop makes negative, an early exit, `long`.
__kernel void halves(__global const int *a, __global const long *b, __global int *out,
                     __global long *lout)
{
    int i = get_global_id(0);
    int x = a[i];
    int n = x >> 1;
    if (n < 0)
        n = -n;
    out[8 * i] = n / 8 + n % 16;

    int s;
    if (x >= 0)
        s = x / 4 + x % 8;
    else
        s = x % 4 + x / 2;
    out[8 * i + 1] = s;

    int m = n;
    int steps = 0;
    while (m > 1 && steps < 100) {
        m = (m & 1) ? m / 2 + 1 : m / 2;
        steps++;
    }
    out[8 * i + 2] = m * 1000 + steps;

    int d = n % 7;
    int acc = 0;
    for (int k = 0; k < 5; k++) {
        acc += d / 2 + d % 4;
        d -= 3;
    }
    out[8 * i + 3] = acc;

    int e = x;
    for (int k = 0; k < 3; k++) {
        if (e < 0)
            break;
        e = e / 2 - 5;
    }
    out[8 * i + 4] = e / 2 + e % 2;

    long y = b[i] >> 2;
    long z;
    if (y > 0)
        z = y / 16 + y % 32;
    else
        z = y / 16 - y % 32;
    lout[2 * i] = z;
    long w = y < 0 ? -y : y;
    lout[2 * i + 1] = w / 1024 + w % 64;

    out[8 * i + 5] = x > 3 ? (x - 1) / 2 : -x / 2;
    if (x < 0)
        return;
    out[8 * i + 6] = x / 16;
    out[8 * i + 7] = x % 32;
}

__kernel void lanes(__global int *out)
{
    int lid = get_local_id(0);
    int lane = lid % 32;
    int warp = lid / 32;
    int centred = lid - 70;
    out[get_global_id(1) * get_global_size(0) + get_global_id(0)] =
        lane + warp * 100 + (centred / 4) * 10000 + (centred % 8) * 1000000;
}
