// half math built-ins under cl_khr_fp16, on scalars and vectors. PoCL 3.1 has no
// cl_khr_fp16, so the results are the double-precision values (Python's math module)
// rounded to half by Python's struct 'e' (round to nearest even); each exact value lies at
// least 0.02 ulp from a half midpoint, so any implementation within OpenCL's half limits
// that rounds a float result (as oclc does) gives these:
//   sin(1, 2, 3, 0.5) = 0.84130859375 0.9091796875 0.14111328125 0.4794921875
//   exp(1, 2, 3, 0.5) = 2.71875 7.390625 20.078125 1.6484375
//   fma(2, 3, 0.5) = 6.5
//   copysign(3, -1) = -3; fdim(3, 1) = 2
//   rsqrt(2) = 0.70703125; pow(2, 0.5) = 1.4140625; pown(3, 3) = 27
//   ldexp(3, -20) = 3 * 2^-20 (a subnormal half) = 2.86102294921875e-06
//   atan2(1, -2) = 2.677734375; log(3) = 1.0986328125; sqrt(3) = 1.732421875
//   1 / 3 = 0.333251953125; tgamma(3.5) = 3.32421875
//   isnormal(1) = 1, isnormal(0) = 0; on half2 true is -1; signbit(-0.0h) = 1
// (the Vulkan-only half test, tests/vulkan_math_ulp_f16.rs, covers the cases where
// computing in float is not enough: fma's ties, nextafter and isnormal on subnormals)
// RUN: --kernel k --global 1 --arg f16[4]=iota --arg f16[20]=zeros --arg i16[6]=zeros
// EXPECT: arg0 = 0 1 2 3
// EXPECT: arg1 = 0.84130859375 0.9091796875 0.14111328125 0.4794921875 2.71875 7.390625 20.078125 1.6484375 6.5 -3 2 0.70703125 1.4140625 27 2.86102294921875e-06 2.677734375 1.0986328125 1.732421875 0.333251953125 3.32421875
// EXPECT: arg2 = 1 0 0 -1 1 0
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
kernel void k(global half *p, global half *o, global short *r) {
  half4 v = (half4)(p[1], p[2], p[3], 0.5h);
  ((global half4 *)o)[0] = sin(v);
  ((global half4 *)o)[1] = exp(v);
  o[8] = fma(p[2], p[3], 0.5h);
  o[9] = copysign(p[3], -p[1]);
  o[10] = fdim(p[3], p[1]);
  o[11] = rsqrt(p[2]);
  o[12] = pow(p[2], 0.5h);
  o[13] = pown(p[3], 3);
  o[14] = ldexp(p[3], -20);
  o[15] = atan2(p[1], -p[2]);
  o[16] = log(p[3]);
  o[17] = sqrt(p[3]);
  o[18] = p[1] / p[3];
  o[19] = tgamma(p[3] + 0.5h);
  r[0] = (short)isnormal(p[1]);
  r[1] = (short)isnormal(p[0]);
  ((global short2 *)r)[1] = isnormal((half2)(p[0], p[1]));
  r[4] = (short)signbit(-p[0]);
  r[5] = 0;
}
