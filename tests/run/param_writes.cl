// RUN: --kernel k --global 16 --local 4 --arg u32[64]=rand:77 --arg u32[128]=zeros
// Parameters written inside the target of an assignment, as C allows: `*d++ = x` on a
// helper's pointer parameter, `o[i++] = x` on an index parameter, and the kernel's own
// pointer parameter advanced by `out += ...` and `*out++ = ...` (oclc once refused the
// first two with "assignment to a read-only parameter binding").
void fill(__private uint *d, uint n, uint v) {
    while (n--)
        *d++ = v + n * 3u;
}

void put(__global uint *o, uint i, uint v) {
    o[i++] = v;
    o[i++] = v + 1u;
    o[i] = v ^ i;
}

__kernel void k(__global const uint *in, __global uint *out) {
    uint g = get_global_id(0);
    uint b[4];
    fill(b, 4, in[g]);
    out += 8 * g;
    *out++ = b[0];
    *out++ = b[1] ^ b[2];
    put(out, 1, b[3]);
    out[4] = in[(g + 1) % 64];
}
