// Vector types of every element type and width 2, 3, 4, 8, 16: sizes (3 rounds up to
// 4), alignment and vec_step.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define CHECK_VEC(T, S)                                                                      \
    typedef char check_##T##2[(sizeof(T##2) == 2 * S && vec_step(T##2) == 2) ? 1 : -1];     \
    typedef char check_##T##3[(sizeof(T##3) == 4 * S && vec_step(T##3) == 4 && __alignof__(T##3) == 4 * S) ? 1 : -1]; \
    typedef char check_##T##4[(sizeof(T##4) == 4 * S && __alignof__(T##4) == 4 * S) ? 1 : -1]; \
    typedef char check_##T##8[(sizeof(T##8) == 8 * S && vec_step(T##8) == 8) ? 1 : -1];     \
    typedef char check_##T##16[(sizeof(T##16) == 16 * S && vec_step(T##16) == 16) ? 1 : -1];
CHECK_VEC(char, 1)
CHECK_VEC(uchar, 1)
CHECK_VEC(short, 2)
CHECK_VEC(ushort, 2)
CHECK_VEC(int, 4)
CHECK_VEC(uint, 4)
CHECK_VEC(long, 8)
CHECK_VEC(ulong, 8)
CHECK_VEC(float, 4)
CHECK_VEC(double, 8)

__kernel void widths(__global char16 *c, __global ushort8 *us, __global int3 *i3, __global ulong2 *ul,
                     __global float16 *f, __global double4 *d) {
    char16 a = c[0] + (char16)(1);
    ushort8 b = us[0] * (ushort)2;
    int3 e = i3[0] - 1;
    ulong2 g = ul[0] >> 1;
    float16 h = f[0] / 2.0f;
    double4 k = d[0] * 0.5;
    c[0] = a;
    us[0] = b;
    i3[0] = e;
    ul[0] = g;
    f[0] = h;
    d[0] = k;
}
