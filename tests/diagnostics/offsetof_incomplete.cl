// __builtin_offsetof of a struct declared but not defined.
struct later;
kernel void k(global ulong *out) {
    out[0] = __builtin_offsetof(struct later, a);
}
