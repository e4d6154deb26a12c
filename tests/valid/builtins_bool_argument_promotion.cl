// A bool argument to a built-in undergoes integral promotion to int, so convert_T,
// abs and max resolve to their int overloads.
typedef char check_abs_uint[sizeof(abs(true)) == 4 ? 1 : -1];

__kernel void bool_arguments(__global int *out, int x) {
    bool flag = x > 0;
    out[0] = convert_int(true) + abs(flag) + max(flag, 1);
    float f = convert_float(flag) + convert_float_rtz(true);
    out[1] = (int)f + convert_uchar_sat(flag);
}
