// Found through the -I search path by #include <angle.h>.
#ifndef ANGLE_H
#define ANGLE_H
#define ANGLE_VALUE 100
// __LINE__ counts lines of this header.
typedef char check_header_line[(__LINE__ == 6) ? 1 : -1];
int angle_helper(int v) { return v * 2; }
#endif
