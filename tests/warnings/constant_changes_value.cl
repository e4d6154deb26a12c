// Constants whose implicit conversion changes their value (clang: -Wconstant-conversion,
// -Wliteral-conversion).
__kernel void k(__global int *out)
{
    char c = 300;
    uchar u = 256;
    short s = 70000;
    int i = 2.5f;
    uchar fine = -1;
    out[0] = c + u + s + i + fine;
}
