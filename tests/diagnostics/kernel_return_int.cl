// A kernel must return void (int here).
__kernel int k(__global int *o) { o[0] = 1; return 0; }
