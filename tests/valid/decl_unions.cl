// Unions: members share storage, the size is the largest member (rounded to the
// alignment), initialization sets the first member or a designated one.
typedef union {
    float f;
    uint u;
    uchar bytes[4];
} bits_t;
union wide { char c; double d; int4 v; };

typedef char check_size[sizeof(bits_t) == 4 ? 1 : -1];
typedef char check_wide[sizeof(union wide) == 16 && __alignof__(union wide) == 16 ? 1 : -1];

struct tagged {
    int kind;
    union { int i; float f; } value; // a union member of a struct
};

__constant bits_t one = {1.0f};
__constant bits_t designated = {.u = 0x3f800000u};

__kernel void unions(__global uint *out, float x) {
    bits_t b;
    b.f = x;
    out[0] = b.u ^ one.u ^ designated.u;
    out[1] = b.bytes[3];
    struct tagged t = {1, {.i = 0}};
    t.value.f = x;
    out[2] = t.kind + (uint)t.value.f;
    union wide w;
    w.v = (int4)(1, 2, 3, 4);
    out[3] = w.c;
}
