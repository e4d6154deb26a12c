// Forms of tests/run/control_flow.cl (the GPU suite's control_flow, 0.88 of NVIDIA's OpenCL
// on the H200): where the Vulkan code's time goes. cf_orig is the suite's kernel with its
// helper written inline (as -O2 inlines it there); cf_select writes the Collatz step as a
// select of two values computed first (same values); cf_collatz_only and cf_k_only keep one
// loop each (their values differ from the others'); cf_early takes the store address and the
// accumulated value before the Collatz loop; cf_suite is the suite's kernel itself.

#define K_LOOP(acc, v)                          \
    for (int k = 0; k < 20; k++) {              \
        if (k == v % 7) continue;               \
        if (k > 15 && v > 40) break;            \
        acc += k * v;                           \
    }

#define TAIL(acc, calls, v)                                 \
    {                                                       \
        int j = 0;                                          \
        do {                                                \
            acc ^= j << 2;                                  \
            j++;                                            \
        } while (j < (v & 3));                              \
        if (v > 0 && (calls++, v % 2 == 0)) acc += 1000;    \
        if (v < -10 || (calls += 10, v == 3)) acc -= 7;     \
    }

#define COLLATZ(steps, v, STEP)                 \
    {                                           \
        int n = v;                              \
        if (n < 1) n = -n + 1;                  \
        while (n != 1) {                        \
            STEP;                               \
            steps++;                            \
            if (steps > 200) break;             \
        }                                       \
    }

#define STEP_BRANCH n = (n & 1) ? 3 * n + 1 : n / 2
#define STEP_SELECT int up = 3 * n + 1, down = n / 2; n = (n & 1) ? up : down

__kernel void cf_orig(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int v = in[i];
    int acc = 0, calls = 0, steps = 0;
    K_LOOP(acc, v)
    TAIL(acc, calls, v)
    COLLATZ(steps, v, STEP_BRANCH)
    out[i] = acc + steps * 100000 + calls * 10000000;
}

__kernel void cf_select(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int v = in[i];
    int acc = 0, calls = 0, steps = 0;
    K_LOOP(acc, v)
    TAIL(acc, calls, v)
    COLLATZ(steps, v, STEP_SELECT)
    out[i] = acc + steps * 100000 + calls * 10000000;
}

__kernel void cf_collatz_only(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int v = in[i];
    int steps = 0;
    COLLATZ(steps, v, STEP_BRANCH)
    out[i] = steps;
}

__kernel void cf_k_only(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int v = in[i];
    int acc = 0, calls = 0;
    K_LOOP(acc, v)
    TAIL(acc, calls, v)
    out[i] = acc + calls * 10000000;
}

// cf_orig with the store's address and the accumulated value taken before the Collatz loop,
// as the suite's kernel computes them (`out[i] = acc + collatz_steps(v) * ...` evaluates
// `out + i` and `acc` before the inlined call): same values as cf_orig.
__kernel void cf_early(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int v = in[i];
    int acc = 0, calls = 0, steps = 0;
    K_LOOP(acc, v)
    TAIL(acc, calls, v)
    __global int *o = &out[i];
    int acc_before = acc;
    COLLATZ(steps, v, STEP_BRANCH)
    *o = acc_before + steps * 100000 + calls * 10000000;
}

// The suite's kernel itself (tests/run/control_flow.cl, its helper inlined by -O2), as cf_suite.
#define control_flow cf_suite
#include "../../tests/run/control_flow.cl"
#undef control_flow

// The suite's helper again, once per kernel below, so that -O2 inlines each (one caller each).
#define COLLATZ_STEPS_FN(name)                  \
    int name(int n)                             \
    {                                           \
        int steps = 0;                          \
        if (n < 1) n = -n + 1;                  \
        while (n != 1) {                        \
            n = (n & 1) ? 3 * n + 1 : n / 2;    \
            steps++;                            \
            if (steps > 200) break;             \
        }                                       \
        return steps;                           \
    }

COLLATZ_STEPS_FN(collatz_steps_late)
COLLATZ_STEPS_FN(collatz_steps_init)



// cf_suite with the Collatz count taken into a variable first, so that the store's address and
// `acc` are computed after the inlined loop (same values).
__kernel void cf_suite_late(__global const int *in, __global int *out)
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
    int steps = collatz_steps_late(v);
    out[i] = acc + steps * 100000 + calls * 10000000;
}



// cf_suite with `calls` initialised at the top (the order of cf_orig's initialisations).
__kernel void cf_suite_init(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int v = in[i];
    int acc = 0, calls = 0;
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
    if (v > 0 && (calls++, v % 2 == 0)) acc += 1000;
    if (v < -10 || (calls += 10, v == 3)) acc -= 7;
    out[i] = acc + collatz_steps_init(v) * 100000 + calls * 10000000;
}

// cf_orig with `steps` initialised just before the Collatz loop, as the inlined helper does.
#define COLLATZ_LATE_INIT(steps, v, STEP)       \
    {                                           \
        int n = v;                              \
        steps = 0;                              \
        if (n < 1) n = -n + 1;                  \
        while (n != 1) {                        \
            STEP;                               \
            steps++;                            \
            if (steps > 200) break;             \
        }                                       \
    }

__kernel void cf_orig_late_init(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int v = in[i];
    int acc = 0, calls = 0, steps;
    K_LOOP(acc, v)
    TAIL(acc, calls, v)
    COLLATZ_LATE_INIT(steps, v, STEP_BRANCH)
    out[i] = acc + steps * 100000 + calls * 10000000;
}
