// Found through the -I search path by #include <angle.h>.
#ifndef ANGLE_H
#define ANGLE_H
#define ANGLE_VALUE 100
int angle_helper(int v) { return v * 2; }
#endif
