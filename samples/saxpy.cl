// RUN: --kernel saxpy --global 1000 --arg f32:2.5 --arg f32[1000]=randu:3:-10:10 --arg f32[1000]=rand:4 --arg i32:1000
// RUN: --kernel saxpy --global 1024 --local 64 --arg f32:-0.5 --arg f32[1024]=rand:5 --arg f32[1024]=rand:6 --arg i32:1000
// Single-precision a*x plus y, guarded so the global size may exceed n.
__kernel void saxpy(float alpha,
                    __global const float *x,
                    __global float *y,
                    int n)
{
    size_t i = get_global_id(0);
    if (i < n)
        y[i] = fma(alpha, x[i], y[i]);
}
