// Statements: do-while, switch with fall-through, nested switch, case ranges made of
// constant expressions, break/continue, the comma operator, empty statements, labels.
__kernel void statements(__global int *out, int n) {
    int i = 0, sum = 0;
    do {
        sum += i;
    } while (++i < n);
    for (int a = 0, b = 10; a < b; a++, b--)
        sum += a * b;
    int c = (sum++, sum += 2, sum * 2); // comma: the value is the last operand
    switch (n & 3) {
    case 0:
        c += 1;
    case 1: // fall through from case 0
        c += 2;
        break;
    case 1 + 1: {
        switch (c) {
        case 'a': c = 0; break;
        default: break;
        }
        break;
    }
    default:
        c = -c;
    }
    switch (n) default: c++; // a switch body need not be a block
    while (c > 100) {
        c -= 7;
        if (c & 1)
            continue;
        if (c < 50)
            break;
    }
    ;
    {}
    for (;;) {
        if (++c > 200)
            break;
    }
    typedef char check_comma[sizeof((char)1, (long)2) == 8 ? 1 : -1];
done:
    out[0] = c;
    out[1] = sum;
}
