// RUN: --kernel volatile_terms --global 16 --local 4 --arg f32[64]=randu:918:-1:1 --arg f32[16]=zeros --enable-pass slp
// A program that spells volatile: the SLP vectoriser leaves every load of it alone (the
// module is marked volatile_memory), and the results stay those of the scalar code.
// volatile: no load is merged.
__kernel void volatile_terms(volatile __global float *a, __global float *out)
{
    int x = get_global_id(0) * 4;
    out[get_global_id(0)] = a[x] * 3.0f + a[x + 1] * 3.0f + a[x + 2] * 3.0f + a[x + 3] * 3.0f;
}

