// half values under cl_khr_fp16: variables, literals, vectors, casts, math built-ins; and
// without the pragma, half behind pointers for vload_half/vstore_half and half vectors.
kernel void no_pragma(global half *p, global float *o) {
  o[0] = vload_half(0, p);
  vstore_half(o[1], 1, p);
  o[2] = sizeof(half);
}
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
half scale(half x, half2 y) { return x * y.x + y.y; }
kernel void with_pragma(global half *p, global half4 *q) {
  half x = p[0] * 0.5h - (half)1;
  half4 v = q[0] + (half4)(x, 1.0h, 2.0h, 3.0h);
  q[1] = sqrt(v) + fabs(v) * mix(v, v, 0.5h);
  p[1] = scale(x, v.xy) + dot(v, v) + length(v.xyz) + (half)convert_float(x);
  p[2] = p[1] > x ? x : -x;
}
