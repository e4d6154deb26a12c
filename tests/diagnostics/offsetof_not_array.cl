// `[index]` in a designator needs an array, `.member` a struct or union.
struct s { int a; float f[2]; };
kernel void k(global ulong *out, float x) {
    out[0] = __builtin_offsetof(struct s, a[1]);
    out[1] = __builtin_offsetof(struct s, a.b);
    out[2] = __builtin_offsetof(struct s, f[x]);
}
