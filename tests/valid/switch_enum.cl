// Enums, switch with fall-through and default, the comma operator, goto-free labels.
enum mode { MODE_ADD, MODE_SUB = 4, MODE_MUL };
typedef enum { RED, GREEN } color;

int apply(enum mode m, int a, int b) {
    int r = 0;
    switch (m) {
    case MODE_ADD:
        r = a + b;
        break;
    case MODE_SUB:
    case MODE_SUB + 10:
        r = a - b;
        /* fall through */
    case MODE_MUL: {
        r += a * b;
        break;
    }
    default:
        r = -1;
    }
    return r;
}

__kernel void k(__global int *out) {
    int i = get_global_id(0), j;
    color c = GREEN;
    for (j = 0, i = i; j < 3; j++, i++)
        out[i] = apply((enum mode)(j * 4), i, c);
    switch (i & 3) {
    case 0: out[0] = 1;
    }
}
