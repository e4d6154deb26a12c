// A member designator naming no member, at the top and nested.
struct s { int a; struct { char c[3]; float f; } in; };
kernel void k(global ulong *out) {
    out[0] = __builtin_offsetof(struct s, z);
    out[1] = __builtin_offsetof(struct s, in.g);
}
