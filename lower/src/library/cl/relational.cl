// Relational (classification) built-ins of oclc's built-in library, by bit tests on the
// IEEE representation, so that they hold for NaN, infinities and subnormals whatever the
// target's float comparisons do with them. Scalar forms: 1 for true, 0 for false (the link
// pass turns vector lanes into OpenCL's -1/0).

#define ABS_BITS_F32(x) (as_uint(x) & 0x7fffffffu)
#define ABS_BITS_F64(x) (as_ulong(x) & 0x7fffffffffffffffUL)

int __oclc_isnan_f32(float x) { return ABS_BITS_F32(x) > 0x7f800000u; }
int __oclc_isinf_f32(float x) { return ABS_BITS_F32(x) == 0x7f800000u; }
int __oclc_isfinite_f32(float x) { return ABS_BITS_F32(x) < 0x7f800000u; }
int __oclc_isnormal_f32(float x)
{
    uint a = ABS_BITS_F32(x);
    return a >= 0x00800000u && a < 0x7f800000u;
}
int __oclc_signbit_f32(float x) { return (int)(as_uint(x) >> 31); }

int __oclc_isnan_f64(double x) { return ABS_BITS_F64(x) > 0x7ff0000000000000UL; }
int __oclc_isinf_f64(double x) { return ABS_BITS_F64(x) == 0x7ff0000000000000UL; }
int __oclc_isfinite_f64(double x) { return ABS_BITS_F64(x) < 0x7ff0000000000000UL; }
int __oclc_isnormal_f64(double x)
{
    ulong a = ABS_BITS_F64(x);
    return a >= 0x0010000000000000UL && a < 0x7ff0000000000000UL;
}
int __oclc_signbit_f64(double x) { return (int)(as_ulong(x) >> 63); }
