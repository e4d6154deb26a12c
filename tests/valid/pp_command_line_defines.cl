// -D defines object-like macros (NAME means NAME=1) and function-like ones.
// RUN-OPTIONS: -D PLAIN -D VALUE=42 -D 'STR(x)=#x' -D 'ADD(a,b)=((a)+(b))'
typedef char check_plain[(PLAIN == 1) ? 1 : -1];
typedef char check_value[(VALUE == 42) ? 1 : -1];
typedef char check_str[sizeof(STR(hello)) == 6 ? 1 : -1];
typedef char check_add[(ADD(VALUE, 8) == 50) ? 1 : -1];

__kernel void command_line_defines(__global int *out) { out[0] = ADD(out[1], VALUE); }
