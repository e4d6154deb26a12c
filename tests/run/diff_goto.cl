// RUN: --kernel goto_flow --global 64 --local 16 --arg i32[64]=randu:431:-50:50 --arg i32[256]=zeros
// RUN: --kernel goto_nested --global 64 --local 16 --arg i32[64]=randu:433:-40:40 --arg i32[128]=zeros
// RUN: --kernel goto_series --global 64 --local 16 --arg f32[64]=randu:432:0.1:30 --arg f32[64]=zeros
// goto as cephes-style math code uses it (labels at the top level of a function body):
// forward jumps out of nested loops and switches, a backward jump that restarts a
// computation, a label reached both by falling through and by a jump, and jumps into
// nested blocks, loop bodies and switch cases.

int classify(int x, __global int *trace)
{
    int steps = 0;
    int acc = x;
restart:
    steps++;
    for (int i = 0; i < 4; i++) {
        for (int j = 0; j < 3; j++) {
            acc += i * j;
            if (acc > 60)
                goto big;
        }
        switch (acc & 3) {
        case 0:
            if (acc < -20)
                goto negative;
            break;
        case 1:
            acc -= 1;
            break;
        default:
            break;
        }
    }
    if (steps < 3)
        goto restart;
    trace[0] = steps;
    return acc;
negative:
    trace[0] = -steps;
    acc = -acc;
big:
    trace[1] = acc;
    return acc * 2 + steps;
}

__kernel void goto_flow(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    out[i * 4 + 2] = classify(in[i], out + i * 4);
    out[i * 4 + 3] = i;
}

/* A continued-fraction style loop: iterate until converged, with an early exit. */
float series(float x)
{
    float sum = 0.0f, term = 1.0f;
    int k = 0;
again:
    sum += term;
    k++;
    term *= x / (float)(k + 10);
    if (k > 40)
        goto done;
    if (fabs(term) > 1e-6f * fabs(sum))
        goto again;
done:
    return sum + (float)k;
}

__kernel void goto_series(__global const float *in, __global float *out)
{
    int i = get_global_id(0);
    out[i] = series(in[i]);
}

/* Jumps into a nested if-block (as cephes' `underf:` does), into a loop body, and into the
   middle of a switch case, mixed with break/continue and fall-through. */
int tangled(int x)
{
    int r = 0, i = 0;
    if (x < -30)
        goto inside_loop;
    if (x > 30)
        goto inside_case;
    if (x & 1) {
        r += 5;
        if (x > 10) {
underf:
            r += 100;
            goto out;
        }
    }
    for (i = 0; i < 6; i++) {
        if (i == 2)
            continue;
        r += i;
inside_loop:
        r += 3;
        if (r > 40)
            break;
    }
    switch (x & 3) {
    case 0:
        r *= 2;
    case 1:
inside_case:
        r += 7;
        break;
    case 2:
        r -= 1;
        if (r > 25)
            goto underf;
    default:
        r ^= 5;
    }
out:
    return r * 1000 + i;
}

__kernel void goto_nested(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    out[i * 2] = tangled(in[i]);
    out[i * 2 + 1] = tangled(in[i] ^ 7);
}
