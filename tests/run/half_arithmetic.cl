// half arithmetic under cl_khr_fp16: each operation rounds to half (to nearest even).
// PoCL 3.1 has no cl_khr_fp16, so the results are hand-checked (f64 arithmetic, rounded to
// half after every operation):
//   x = 0 * 2 + 1.5 = 1.5; sqrt(1.5) = 1.2247.. -> 1.224609375; 1.5 + that = 2.724609375;
//   + 1 * 2 = 4.724609375 -> tie, even: 4.7265625; - 1 / 2 = 4.2265625
//   exp(1.5) = 4.4816.. -> 4.48046875; fma(1.5, 1, 2) = 3.5; sum 7.98046875
//   (half)(1.5f * 3.0f) = 4.5; 1.0h / 3.0h = 0.333251953125; 65504 * 2 overflows to inf;
//   2049 is not a half: (half)2049.0f = 2048 (tie, even), + 1.0h = 2049 -> tie, even: 2048
// RUN: --kernel k --global 1 --arg f16[4]=iota --arg f16[8]=zeros
// EXPECT: arg0 = 0 1 2 3
// EXPECT: arg1 = 4.2265625 7.98046875 4.5 0.333251953125 inf 2048 1 0
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
kernel void k(global half *p, global half *o) {
  half x = p[0] * 2.0h + (half)1.5f;
  half4 v = (half4)(x, p[1], p[2], p[3]);
  o[0] = x + sqrt(x) + v.y * v.z - (p[1] / p[2]);
  o[1] = fma(x, p[1], p[2]) + exp(x);
  o[2] = (half)((float)x * 3.0f);
  o[3] = 1.0h / 3.0h;
  o[4] = 65504.0h * p[2];
  o[5] = (half)2049.0f + 1.0h;
  o[6] = (half)(x > p[1]) - (half)(v.w < v.z);
}
