// __builtin_offsetof needs a struct or union type.
kernel void k(global ulong *out) {
    out[0] = __builtin_offsetof(int, a);
}
