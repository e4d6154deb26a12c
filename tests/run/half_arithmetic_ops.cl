// half operators under cl_khr_fp16 (no math built-ins, so Vulkan runs it too), results
// hand-checked with rounding to half after every operation:
//   x = 1 * 2 + 1.5 = 3.5; 3.5 / 3 = 1.1666.. -> 1.1669921875; - 2 = -0.8330078125
//   (half)(3.5f * 3.0f) = 10.5; x > 1 gives x = 3.5; 0.1h = 0.0999755859375, * 3 =
//   0.2999267578125 = 1228.5 * 2^-12, a tie -> even: 0.2998046875; 2048 + 1 = 2049 is a
//   tie between 2048 and 2050 -> even: 2048
// RUN: --kernel k --global 1 --arg f16[4]=iota --arg f16[6]=zeros
// EXPECT: arg0 = 0 1 2 3
// EXPECT: arg1 = -0.8330078125 10.5 3.5 0.2998046875 2048 -3.5
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
kernel void k(global half *p, global half *o) {
  half x = p[1] * 2.0h + (half)1.5f;
  o[0] = x / 3.0h - p[2];
  o[1] = (half)((float)x * 3.0f);
  o[2] = x > p[1] ? x : -x;
  o[3] = 0.1h * p[3];
  o[4] = (half)2048.0f + p[1];
  o[5] = -x;
}
