// Enumerations: implicit and explicit values, values from earlier enumerators, a
// trailing comma, anonymous enums, enum constants in constant expressions.
enum color { RED, GREEN = 5, BLUE, ALPHA = GREEN * 2 + RED, };
enum { ANON_A = -3, ANON_B, ANON_C };
typedef enum { LOW = 1 << 0, HIGH = 1 << 4, BOTH = LOW | HIGH } flags_t;
enum big { BIG = 0x7fffffff };

typedef char check_values[(RED == 0 && GREEN == 5 && BLUE == 6 && ALPHA == 10) ? 1 : -1];
typedef char check_anon[(ANON_B == -2 && ANON_C == -1) ? 1 : -1];
typedef char check_flags[(BOTH == 17) ? 1 : -1];
typedef char check_size[sizeof(enum color) == sizeof(int) ? 1 : -1];
__constant int by_color[BLUE + 1] = {[GREEN] = 1, [BLUE] = 2};

int classify(enum color c) {
    switch (c) {
    case RED: return 0;
    case GREEN: return 1;
    default: return 2;
    }
}

__kernel void enums(__global int *out) {
    enum color c = BLUE;
    flags_t f = HIGH;
    int as_int = c + f; // enums convert to int
    c = (enum color)1;
    out[0] = classify(c) + as_int + by_color[BLUE] + BIG % 7 + ANON_A;
}
