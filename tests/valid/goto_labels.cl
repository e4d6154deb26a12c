// goto and labels follow C's rules (oclc's code generators reject goto when lowering).
__kernel void goto_labels(__global int *out, int n) {
    int i = 0;
again:
    i++;
    if (i < n)
        goto again;
    {
        int j = i;
        if (j > 10)
            goto done;
        out[1] = j;
    }
done:
    out[0] = i;
}
