// RUN: --kernel string_literals --global 64 --arg i32[64]=zeros --arg i32[64]=randu:1:0:1000
// String literals as values: an OpenCL C string literal is a `__constant char` array (as
// clang-14 places it). Indexed directly (hashcat's miniz inflate reads `"\05\05\04"[i]`),
// through a local pointer, through a program-scope `__constant` pointer, with sizeof, and
// the same literal twice (one array).
__constant char *__constant greeting = "hello";

int table_lookup(int c)
{
    return "\05\05\04\03"[c & 3];
}

__kernel void string_literals(__global int *out, __global const int *in)
{
    int i = get_global_id(0);
    int c = in[i] % 5;
    __constant char *p = "xyzzy";
    out[i] = table_lookup(in[i]) + greeting[c] * 16 + (int)sizeof("abc") * 4096
             + "hello"[4 - c] * 65536 + p[c] * 16777216 + "hello"[5];
}
