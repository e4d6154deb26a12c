// BENCH: nbody | --kernel nbody --global 8192 --local 128 --arg f32x4[8192]=randu:8:-10:10 --arg f32x4[8192]=randu:9:-1:1 --arg f32x4[8192]=zeros --arg f32x4[8192]=zeros --arg i32:8192 --arg f32:0.01 --arg f32:0.1
// BENCH-TINY: --kernel nbody --global 128 --local 128 --arg f32x4[128]=randu:8:-10:10 --arg f32x4[128]=randu:9:-1:1 --arg f32x4[128]=zeros --arg f32x4[128]=zeros --arg i32:128 --arg f32:0.01 --arg f32:0.1
// BENCH-GPU: nbody | --kernel nbody --global 16384 --local 128 --arg f32x4[16384]=randu:8:-10:10 --arg f32x4[16384]=randu:9:-1:1 --arg f32x4[16384]=zeros --arg f32x4[16384]=zeros --arg i32:16384 --arg f32:0.01 --arg f32:0.1
// TOLERANCE: 1e-3 1e-4
// One N-body step: all-pairs gravity with softening (w of a position is its mass).
__kernel void nbody(__global const float4 *pos, __global const float4 *vel,
                    __global float4 *new_pos, __global float4 *new_vel,
                    int n, float dt, float eps2)
{
    int i = get_global_id(0);
    float4 p = pos[i];
    float3 acc = (float3)(0.0f, 0.0f, 0.0f);
    for (int j = 0; j < n; j++) {
        float4 q = pos[j];
        float3 d = q.xyz - p.xyz;
        float r2 = dot(d, d) + eps2;
        float inv = rsqrt(r2);
        float s = fabs(q.w) * inv * inv * inv;
        acc += s * d;
    }
    float4 v = vel[i];
    v.xyz += acc * dt;
    new_vel[i] = v;
    new_pos[i] = (float4)(p.xyz + v.xyz * dt, p.w);
}
