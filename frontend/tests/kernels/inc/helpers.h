#ifndef HELPERS_H
#define HELPERS_H
#define SQUARE(x) ((x) * (x))
#define CAT(a, b) a##b
#define STR(x) #x
inline float scale(float v, float k) { return v * k; }
#endif
