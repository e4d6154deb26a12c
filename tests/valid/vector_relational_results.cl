// Relational, equality and logical operators on vectors give signed integer vectors
// of the same width and element size (-1 true, 0 false); on scalars they give int.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef char check_scalar[(sizeof(1.0 < 2.0) == 4 && (1 < 2) == 1 && (2 == 3) == 0 && sizeof(!1.0f) == 4) ? 1 : -1];
typedef char check_float4[(sizeof((float4)(1.0f) < (float4)(2.0f)) == 16 && vec_step((float4)(0.0f) == (float4)(0.0f)) == 4) ? 1 : -1];
typedef char check_double2[sizeof((double2)(1.0) >= (double2)(1.0)) == 16 ? 1 : -1];
typedef char check_char8[sizeof((uchar8)(1) != (uchar8)(0)) == 8 ? 1 : -1];
typedef char check_short3[sizeof((short3)(1) && (short3)(0)) == 8 ? 1 : -1];
typedef char check_not[sizeof(!(long2)(1)) == 16 ? 1 : -1];

__kernel void relational(__global float4 *f, __global int4 *r, __global double2 *d, __global long2 *rl,
                         __global uchar8 *u, __global char8 *rc) {
    int4 lt = f[0] < f[1];
    int4 eq = f[0] == 1.0f; // the scalar is widened first
    int4 both = lt && eq;
    int4 either = lt || !eq;
    r[0] = lt + eq + both + either;
    long2 dl = d[0] > d[1];
    rl[0] = dl;
    char8 ne = u[0] != u[1];
    rc[0] = ne;
    r[1] = select(r[0], (int4)(7), lt); // the mask selects where its top bit is set
    r[2] = any(lt) + all(eq) + (int4)(0);
}
