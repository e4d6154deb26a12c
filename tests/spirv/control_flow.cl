// CHECK: OpSwitch
// CHECK: OpBranchConditional
// Loops with break/continue, a switch with fall-through, short-circuit && and ||, goto.
int classify(int x)
{
    int r = 0;
    for (int i = 0; i < x; i++) {
        if (i == 3)
            continue;
        if (r > 100 || (x & 1 && i > 7))
            break;
        r += i;
    }
    switch (x & 3) {
    case 0:
        r++;
    case 1:
        r *= 2;
        break;
    default:
        goto done;
    }
    r -= 1;
done:
    return r;
}

__kernel void k(__global int *out)
{
    out[get_global_id(0)] = classify(get_global_id(0));
}
