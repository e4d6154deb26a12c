// A typedef name may be reused as a variable name in an inner scope.
typedef float real;
typedef int T;
real twice(real v) { return v * 2; }
__kernel void k(__global real *p) {
    real r = twice(p[0]);
    {
        int T = 3;
        r += T;
    }
    T t2 = 1;
    p[0] = r + t2;
}
