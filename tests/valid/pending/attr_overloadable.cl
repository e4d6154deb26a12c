// PENDING (oclc gap): clang's __attribute__((overloadable)) on user functions; oclc
// reports "conflicting types" for the second declaration.
__attribute__((overloadable)) int twice(int x) { return 2 * x; }
__attribute__((overloadable)) float twice(float x) { return 2 * x; }

__kernel void k(__global int *out) { out[1] = twice(2) + (int)twice(1.5f); }
