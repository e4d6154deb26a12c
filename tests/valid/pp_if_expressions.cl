// #if/#elif expressions: defined, integer arithmetic in (u)intmax_t, ternary,
// character constants, undefined identifiers as 0, short-circuit evaluation.
#define A 3
#define B (A * 2)
#define F(x) ((x) + 1)

#if defined(A) && defined B && !defined(C)
#define R1 1
#else
#define R1 0
#endif
typedef char check_defined[(R1 == 1) ? 1 : -1];

#if B == 6 && F(B) == 7 && (1 << 4) == 16 && -1 < 0 && 7 / 2 == 3 && -7 % 3 == -1
#define R2 1
#endif
typedef char check_arith[(R2 == 1) ? 1 : -1];

// Unsigned arithmetic: -1 converted to unsigned is the largest value.
#if -1 > 0u
#define R3 1
#else
#define R3 0
#endif
typedef char check_unsigned[(R3 == 1) ? 1 : -1];
// The arms of ?: take their common type, so -1 here is unsigned.
#if (1 ? -1 : 0u) > 0 && (-2 >> 1) == -1 && 10u / 3 == 3
#define R3B 1
#endif
typedef char check_unsigned_ternary[(R3B == 1) ? 1 : -1];

#if 'A' == 65 && '\n' == 10 && '\x41' == 'A' && '\0' == 0
#define R4 1
#endif
typedef char check_chars[(R4 == 1) ? 1 : -1];

#if UNDEFINED_NAME == 0 && !UNDEFINED_NAME
#define R5 1
#endif
typedef char check_undefined_is_zero[(R5 == 1) ? 1 : -1];

#if (A > 2 ? 10 : 20) == 10 && (0 ? 1 : 2) == 2
#define R6 1
#endif
typedef char check_ternary[(R6 == 1) ? 1 : -1];

// Short-circuit: the division by zero is never evaluated.
#if 0 && (1 / 0)
#error "unreachable"
#elif 1 || (1 / 0)
#define R7 7
#endif
typedef char check_short_circuit[(R7 == 7) ? 1 : -1];

#if 0
#elif 0
#elif A == 3
#define R8 8
#else
#error "wrong #elif branch"
#endif
typedef char check_elif[(R8 == 8) ? 1 : -1];

#ifdef A
#ifndef C
#define R9 9
#endif
#endif
typedef char check_ifdef[(R9 == 9) ? 1 : -1];

// Skipped groups may contain anything that lexes, even unknown directives.
#if 0
#unknown_directive whatever
this is not C at all: 1abc @ $$ ?
#endif

#if 0x10 == 16 && 010 == 8
#define R10 1
#endif
#if ~0 == -1 && (5 ^ 3) == 6 && (5 | 2) == 7 && (6 & 3) == 2 && (-16 >> 2) == -4
#define R11 1
#endif
typedef char check_bits[(R10 + R11 == 2) ? 1 : -1];

#if 18446744073709551615u == 0xFFFFFFFFFFFFFFFF && 9223372036854775807 > 0
#define R12 1
#endif
typedef char check_wide[(R12 == 1) ? 1 : -1];

__kernel void if_expressions(__global int *out) { out[0] = R1 + R7; }
