// half built-ins where computing in float and rounding once to half is not enough, so the
// half grid itself matters (PoCL 3.1 has no cl_khr_fp16; values hand-checked):
//   fma(683, 3, c): 683 * 3 = 2049, a tie between the halves 2048 and 2050 (ulp 2):
//     c = 2^-24 gives 2050, c = -2^-24 gives 2048, c = 0 gives 2048 (to even)
//     (float arithmetic rounds 2049 + 2^-24 back to the tie, then to 2048);
//   nextafter(1, 2) = 1 + 2^-10 = 1.0009765625; nextafter(1, 0) = 1 - 2^-11 = 0.99951171875;
//   nextafter(0, 1) = 2^-24 = 5.960464477539063e-08; nextafter(-1, -2) = -1.0009765625;
//   isnormal(2^-14) = 1 (half's smallest normal), isnormal(2^-15) = 0 (a half subnormal,
//   a normal float), isnormal(65504) = 1.
// RUN: --kernel k --global 1 --arg f16[8]=zeros --arg i32[3]=zeros
// EXPECT: arg0 = 2050 2048 2048 1.0009765625 0.99951171875 5.960464477539063e-08 -1.0009765625 0
// EXPECT: arg1 = 1 0 1
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
kernel void k(global half *o, global int *n) {
  half tiny = 0x1p-24h;
  volatile half a = 683.0h;
  o[0] = fma(a, 3.0h, tiny);
  o[1] = fma(a, 3.0h, -tiny);
  o[2] = fma(a, 3.0h, 0.0h);
  o[3] = nextafter((half)1.0h, (half)2.0h);
  o[4] = nextafter((half)1.0h, (half)0.0h);
  o[5] = nextafter((half)0.0h, (half)1.0h);
  o[6] = nextafter((half)-1.0h, (half)-2.0h);
  volatile half small = 0x1p-14h;
  n[0] = isnormal(small);
  n[1] = isnormal(small * 0.5h);
  n[2] = isnormal((half)65504.0h);
}
