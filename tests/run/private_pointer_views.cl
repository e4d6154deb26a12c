// RUN: --kernel byte_walks --global 64 --local 16 --arg u32[256]=rand:43 --arg u32[512]=zeros
// RUN: --kernel later_walks --global 64 --local 16 --arg u32[256]=rand:44 --arg u32[256]=zeros
// Private pointer variables that walk an array through a pointer cast to another element
// type, as zlib's `memset((u8 *)total_syms, 0, 64)` does once inlined: byte pointers
// over uint arrays (writing a range, reading bytes back, comparing with an end pointer,
// a difference), and a byte view starting at a later element. (Views through other types
// than char break C's aliasing rules: PoCL's clang reorders them.) On Vulkan, where
// Function pointers cannot be stored, such a variable becomes an index into a view of the
// array.

void fill_bytes(uchar *s, uchar c, uint len)
{
    uchar *dst = s;
    while (len > 0) {
        *dst = c;
        dst++;
        len--;
    }
}

__kernel void byte_walks(__global const uint *in, __global uint *out)
{
    int i = get_global_id(0);
    uint w[4];
    for (int k = 0; k < 4; k++)
        w[k] = in[i * 4 + k];
    fill_bytes((uchar *)w + (i & 3), (uchar)i, 5 + (i & 7));
    uint sum = 0;
    uchar *end = (uchar *)w + 16;
    for (uchar *p = (uchar *)w; p != end; p += 2)
        sum = sum * 31 + *p;
    for (int k = 0; k < 4; k++)
        out[i * 8 + k] = w[k];
    out[i * 8 + 4] = sum;
    out[i * 8 + 5] = (uint)(end - (uchar *)w);
}

__kernel void later_walks(__global const uint *in, __global uint *out)
{
    int i = get_global_id(0);
    uint w[4];
    for (int k = 0; k < 4; k++)
        w[k] = in[i * 4 + k];
    uchar *h = (uchar *)&w[1];
    uint n = 1 + (i & 7);
    while (n > 0) {
        *h = (uchar)(*h + i);
        h++;
        n--;
    }
    for (int k = 0; k < 4; k++)
        out[i * 4 + k] = w[k];
}
