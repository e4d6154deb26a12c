// sizeof, vec_step and alignof on types and expressions, including 3-component
// vectors (size, alignment and vec_step of a 4-vector).
typedef char check_scalars[(sizeof(char) == 1 && sizeof(short) == 2 && sizeof(int) == 4 && sizeof(long) == 8 && sizeof(float) == 4 && sizeof(double) == 8) ? 1 : -1];
typedef char check_vec3[(sizeof(float3) == 16 && __alignof__(float3) == 16 && vec_step(float3) == 4) ? 1 : -1];
typedef char check_vec16[(sizeof(char16) == 16 && sizeof(double16) == 128 && vec_step(int16) == 16) ? 1 : -1];
typedef char check_vec_step_scalar[(vec_step(float) == 1 && vec_step(int2) == 2) ? 1 : -1];
typedef char check_align[(__alignof__(long) == 8 && __alignof__(char2) == 2 && __alignof__(short3) == 8) ? 1 : -1];
typedef struct { char c; int i; double d; } padded;
typedef char check_struct[(sizeof(padded) == 16 && __alignof__(padded) == 8) ? 1 : -1];
typedef char check_array[(sizeof(float4[3]) == 48) ? 1 : -1];
typedef char check_size_t[(sizeof(size_t) == 8 && sizeof(sizeof(int)) == 8) ? 1 : -1];

__kernel void sizes(__global int *out, float3 v, __global double *d) {
    int arr[5];
    out[0] = sizeof v + sizeof(arr) + sizeof arr[0] + sizeof(*d) + sizeof(out);
    out[1] = vec_step(v) + vec_step(v.xy) + vec_step(out[0]);
    out[2] = __alignof__(float4) + _Alignof(int) + sizeof(v.x + 1.0);
}
