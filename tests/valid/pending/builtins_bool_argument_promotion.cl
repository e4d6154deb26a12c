// PENDING (oclc gap): a bool argument to an overloaded built-in undergoes integral
// promotion to int in clang (so convert_int(true) and abs(flag) resolve to the int
// overloads); oclc reports "no matching overload ... for arguments (bool)".
__kernel void k(__global int *out, int x) {
    bool flag = x > 0;
    out[0] = convert_int(true) + abs(flag);
}
