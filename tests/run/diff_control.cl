// RUN: --kernel nested_loops --global 128 --local 32 --arg i32[128]=randu:341:-40:40 --arg i32[128]=zeros
// RUN: --kernel do_while_switch --global 128 --local 32 --arg i32[128]=randu:342:-20:20 --arg i32[256]=zeros
// RUN: --kernel divergent --global 128 --local 32 --arg i32[128]=rand:344 --arg i32[384]=zeros
// RUN: --kernel short_circuit --global 128 --local 32 --arg i32[128]=randu:345:-6:6 --arg i32[256]=zeros
// Control flow: nested loops with labelled-style break/continue through flags, do-while,
// switch with fall-through, default in the middle and nested switch, divergent if/else
// chains, nested ternaries, short-circuit && / || whose right side has side effects
// through a helper taking a pointer (early returns and helpers indexing through pointer
// parameters are in diff_control_pointer_params.cl).
__kernel void nested_loops(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int v = in[i];
    int acc = 0;
    for (int a = 0; a < 8; a++) {
        if (a == 3) continue;
        int b = 0;
        while (1) {
            b++;
            if (b > a + 2) break;
            if ((a + b + v) % 3 == 0) continue;
            for (int c = v; c != 0; c += (c < 0) ? 1 : -1) {
                acc += c * a - b;
                if (acc > 5000) break;
            }
        }
        if (acc < -3000) break;
    }
    out[i] = acc;
}

__kernel void do_while_switch(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int v = in[i];
    int n = 0, acc = 0;
    do {
        switch ((v + n) & 7) {
        case 0:
            acc += 1;
        case 1:
            acc += 10;
            break;
        default:
            acc -= 3;
        case 5:
            acc *= 2;
            if (acc > 100) break;
        case 6: {
            switch (n % 3) {
            case 0: acc ^= 0x55; break;
            case 1: acc += 7;
            default: acc -= 1;
            }
            break;
        }
        case 7:
            acc = -acc;
        }
        n++;
    } while (n < (v & 15) + 1);
    out[2 * i] = acc;
    int m = 0;
    do m += 3; while (m < v);
    out[2 * i + 1] = m;
}

__kernel void divergent(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int v = in[i];
    int r;
    if (v & 1) {
        if (v & 2) r = v >> 3;
        else if (v & 4) r = v * 3;
        else r = -v;
    } else if (v & 8) {
        r = (v & 16) ? ((v & 32) ? 1 : 2) : ((v & 64) ? 3 : 4);
    } else {
        r = 0;
        for (int k = 0; k < (v & 7) + (i & 3); k++) r += k ^ v;
    }
    out[3 * i] = r;
    out[3 * i + 1] = v > 0 ? v < 1000000 ? 1 : 2 : v == 0 ? 3 : 4;
    int s = 0;
    if (i % 3 == 0) s = v & 0xffff;
    else if (i % 3 == 1) s = (int)((uint)v >> 20);
    out[3 * i + 2] = s;
}

int bump(int *counter, int by)
{
    *counter += by;
    return by;
}

__kernel void short_circuit(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int v = in[i];
    int calls = 0;
    int r = 0;
    if (v > 0 && bump(&calls, 1) && v > 3) r |= 1;
    if (v < 0 || bump(&calls, 10) > 100) r |= 2;
    if (!(v == 2) && (bump(&calls, 100) || bump(&calls, 1000))) r |= 4;
    r |= ((v & 1) && (v > 2 || bump(&calls, 10000))) << 3;
    int t = v != 0 ? (v > 0 ? bump(&calls, 100000) : -bump(&calls, 200000)) : 0;
    out[2 * i] = r + t;
    out[2 * i + 1] = calls;
}
