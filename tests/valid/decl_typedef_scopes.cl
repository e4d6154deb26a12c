// Typedef names are scoped: an inner scope may redeclare a typedef name as a variable
// or as another type, and a typedef declared later at file scope is visible afterwards.
typedef float real;
typedef char check_real[sizeof(real) == 4 ? 1 : -1];

real twice(real x) { return x * 2; }

__kernel void typedef_scopes(__global float *out) {
    out[0] = twice(1.5f);
    {
        typedef int real; // shadows the file-scope typedef
        real i = 3;
        typedef char check_inner[sizeof(real) == 4 && (real)2.9f == 2 ? 1 : -1];
        out[1] = i;
    }
    {
        int real = 5; // a variable named like the typedef
        out[2] = real * 2;
    }
    real back = 0.5f; // the outer typedef again
    out[3] = back;
    for (int real = 0; real < 2; real++)
        out[4 + real] = real;
}

// `counter` is a variable in this function and a typedef name declared after it.
int uses_name_first(int x) {
    int counter = x;
    return counter + 1;
}
typedef uint counter;
counter next(counter c) { return c + 1; }
typedef char check_late_typedef[sizeof(counter) == 4 ? 1 : -1];

typedef struct later_s { real value; } later_t;
later_t make_later(real v) {
    later_t t = {v};
    return t;
}
