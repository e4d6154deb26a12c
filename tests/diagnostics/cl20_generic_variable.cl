// CL-STD: CL2.0
// Only pointees can be __generic; a variable cannot.
kernel void k(global int *o) { __generic int x = 1; o[0] = x; }
