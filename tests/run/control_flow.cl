// RUN: --kernel control_flow --global 300 --arg i32[300]=randu:4:-50:50 --arg i32[300]=zeros
// while/do/for loops with break and continue, nested ifs, short-circuit && and || with side
// effects, the ternary operator and a helper function.
int collatz_steps(int n)
{
    int steps = 0;
    if (n < 1) n = -n + 1;
    while (n != 1) {
        n = (n & 1) ? 3 * n + 1 : n / 2;
        steps++;
        if (steps > 200) break;
    }
    return steps;
}

__kernel void control_flow(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int v = in[i];
    int acc = 0;
    for (int k = 0; k < 20; k++) {
        if (k == v % 7) continue;
        if (k > 15 && v > 40) break;
        acc += k * v;
    }
    int j = 0;
    do {
        acc ^= j << 2;
        j++;
    } while (j < (v & 3));
    int calls = 0;
    if (v > 0 && (calls++, v % 2 == 0)) acc += 1000;
    if (v < -10 || (calls += 10, v == 3)) acc -= 7;
    out[i] = acc + collatz_steps(v) * 100000 + calls * 10000000;
}
