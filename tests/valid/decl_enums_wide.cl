// Enumerators whose value does not fit int (a GNU extension clang-14 accepts in OpenCL
// C): the enumeration's type widens to the smallest of unsigned int, unsigned long (no
// negative values) or int, long that holds every value, and such an enumerator takes the
// enumeration's type; enumerators that fit int stay int.
enum magic { MAGIC = 0x736f6d6570736575UL, SMALL = 1 };
typedef char magic_size[sizeof(enum magic) == 8 ? 1 : -1];
typedef char magic_type[sizeof(MAGIC) == 8 ? 1 : -1];
typedef char small_type[sizeof(SMALL) == 4 ? 1 : -1];
typedef char magic_unsigned[(enum magic)-1 > 0 ? 1 : -1];
typedef char magic_value[MAGIC == 0x736f6d6570736575UL ? 1 : -1];

enum uint_range { U_TOP = 0xffffffffu };
typedef char uint_range_size[sizeof(enum uint_range) == 4 ? 1 : -1];
typedef char uint_range_unsigned[(enum uint_range)-1 > 0 ? 1 : -1];

enum neg_long { NL_LOW = -1, NL_HIGH = 0x100000000L };
typedef char neg_long_size[sizeof(enum neg_long) == 8 ? 1 : -1];
typedef char neg_long_signed[(enum neg_long)-1 < 0 ? 1 : -1];
typedef char neg_long_high[NL_HIGH == 4294967296L ? 1 : -1];

// An implicit value past INT_MAX continues in a wider type.
enum next_past_int { P_MAX = 2147483647, P_NEXT };
typedef char next_past_int_value[P_NEXT == 2147483648L ? 1 : -1];
typedef char next_past_int_size[sizeof(enum next_past_int) == 4 ? 1 : -1];

kernel void k(global ulong *out) {
    out[0] = MAGIC;
    out[1] = NL_HIGH;
    out[2] = P_NEXT;
    enum magic m = MAGIC;
    out[3] = m >> 32;
}
