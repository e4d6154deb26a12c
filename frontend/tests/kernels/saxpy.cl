__kernel void saxpy(float alpha, __global const float *x, __global float *y, int n) {
    size_t i = get_global_id(0);
    if (i < n) y[i] = fma(alpha, x[i], y[i]);
}
