// `#pragma pack` forms clang-14 ignores with a warning (-Wignored-pragmas): a value other
// than 0, 1, 2, 4, 8 or 16, a missing parenthesis, an unknown action, a missing value,
// extra tokens, a pop with nothing pushed. The packing stays the default until the
// well-formed `pack(push, 4)` / `pack(pop, 2)` (pop, then set 2) and `pack(0)` (default).
#pragma pack(32)
#pragma pack(3)
#pragma pack 2
#pragma pack(2
#pragma pack(foo)
#pragma pack(push,)
#pragma pack()x
#pragma pack(pop)
#pragma pack(push, 2, r1)
#pragma pack(push, 4)
#pragma pack(pop, 2)
struct S { char c; double d; };
typedef char check[sizeof(struct S) == 10 ? 1 : -1];
#pragma pack(0)
struct T { char c; double d; };
typedef char check_t[sizeof(struct T) == 16 ? 1 : -1];
kernel void k(global int *o) { o[0] = sizeof(struct S) + sizeof(struct T); }
