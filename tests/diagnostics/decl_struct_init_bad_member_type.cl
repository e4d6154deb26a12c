// Initializing a struct member of type int with a struct.
struct A { int x; };
struct B { int y; };
__kernel void k(__global int *o) { struct A a = {1}; struct B b = {a}; o[0] = b.y; }
