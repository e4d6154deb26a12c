// `aligned` on typedefs: it sets the alignment of the typedef name (raising or, as clang
// allows for typedefs, lowering it), carries over to typedefs of the typedef, and lays out
// struct members of that type; sizeof of the type itself is unchanged.
typedef int aligned_int __attribute__((aligned(8)));
typedef aligned_int renamed_aligned_int;
typedef int low_aligned_int __attribute__((aligned(2)));
typedef struct { float v; } aligned_box __attribute__((aligned(16)));

struct with_aligned { char c; aligned_int x; };
struct with_low { char c; low_aligned_int x; };
struct with_box { char c; aligned_box b; };

typedef char check_aligned_typedef[__alignof__(aligned_int) == 8 ? 1 : -1];
typedef char check_renamed[__alignof__(renamed_aligned_int) == 8 ? 1 : -1];
typedef char check_size_unchanged[sizeof(aligned_int) == 4 ? 1 : -1];
typedef char check_member_raised[sizeof(struct with_aligned) == 16 ? 1 : -1];
typedef char check_lowered[__alignof__(low_aligned_int) == 2 ? 1 : -1];
typedef char check_member_lowered[sizeof(struct with_low) == 6 ? 1 : -1];
typedef char check_struct_typedef[__alignof__(aligned_box) == 16 ? 1 : -1];
typedef char check_struct_member[sizeof(struct with_box) == 32 ? 1 : -1];

__kernel void k(__global int *out) {
    struct with_aligned s = {1, 2};
    aligned_int x = s.x;
    out[0] = x + s.c;
}
