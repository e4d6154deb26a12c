// RUN: --kernel labelled --global 64 --local 16 --arg i32[64]=randu:7:-4:8 --arg i32[64]=zeros
// C's labeled statements: a label belongs to the statement after it, so an unbraced switch
// body `switch (x) case 1: s;` keeps `s` inside the switch, and a labelled statement as an
// if's body stays inside the if. Chains of case labels, a label inside a switch's case, and a
// goto to a label in a nested statement.
__kernel void labelled(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int v = in[i];
    int r = 0;
    switch (v) case 1: r += 10;
    switch (v) default: r += 1;
    switch (v) case 2: case 3: case 4: r += 100;
    if (v < 0) negative: r -= 1000;
    switch (v) {
    case 5: case 6:
        r += 7;
        break;
    default:
    adjust:
        r *= 2;
    }
    if (v == 7)
        goto seven;
    r += 3;
    if (v > 100)
    seven: r += 50000;
    out[i] = r;
}
