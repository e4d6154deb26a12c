// #undef removes a macro (also one never defined); #error and #warning in skipped
// groups do nothing; an active #warning only warns; redefinition with an identical
// body is allowed; #ident and the null directive are accepted.
#define GONE 1
#undef GONE
#undef NEVER_DEFINED
#define SAME(x) ((x) * 2)
#define SAME(x) ((x) * 2)
#ifdef GONE
#error "GONE must be undefined"
#endif
#if 0
#warning "skipped"
#error "skipped"
#endif
#warning "an active warning does not stop compilation"
#
#ident "version 1"
#define GONE 3
typedef char check_redefined[(GONE == 3 && SAME(2) == 4) ? 1 : -1];

__kernel void undef_error(__global int *out) { out[0] = SAME(GONE); }
