// BENCH: blackscholes | --kernel blackscholes --global 1048576 --local 256 --arg f32[1048576]=randu:10:5:30 --arg f32[1048576]=randu:11:1:100 --arg f32[1048576]=randu:12:0.25:10 --arg f32[1048576]=zeros --arg f32[1048576]=zeros --arg f32:0.02 --arg f32:0.30
// BENCH-TINY: --kernel blackscholes --global 256 --local 256 --arg f32[256]=randu:10:5:30 --arg f32[256]=randu:11:1:100 --arg f32[256]=randu:12:0.25:10 --arg f32[256]=zeros --arg f32[256]=zeros --arg f32:0.02 --arg f32:0.30
// BENCH-GPU: blackscholes | --kernel blackscholes --global 67108864 --local 256 --arg f32[67108864]=randu:10:5:30 --arg f32[67108864]=randu:11:1:100 --arg f32[67108864]=randu:12:0.25:10 --arg f32[67108864]=zeros --arg f32[67108864]=zeros --arg f32:0.02 --arg f32:0.30
// TOLERANCE: 1e-4 1e-4
// Black-Scholes call and put prices, with the usual polynomial cumulative normal.
float cnd(float d)
{
    const float a1 = 0.31938153f, a2 = -0.356563782f, a3 = 1.781477937f;
    const float a4 = -1.821255978f, a5 = 1.330274429f, rsqrt2pi = 0.39894228040143267794f;
    float k = 1.0f / (1.0f + 0.2316419f * fabs(d));
    float c = rsqrt2pi * exp(-0.5f * d * d) *
              (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));
    return d > 0 ? 1.0f - c : c;
}

__kernel void blackscholes(__global const float *price, __global const float *strike,
                           __global const float *years, __global float *call,
                           __global float *put, float r, float v)
{
    int i = get_global_id(0);
    float s = price[i], x = strike[i], t = years[i];
    float sqrt_t = sqrt(t);
    float d1 = (log(s / x) + (r + 0.5f * v * v) * t) / (v * sqrt_t);
    float d2 = d1 - v * sqrt_t;
    float e = exp(-r * t);
    call[i] = s * cnd(d1) - x * e * cnd(d2);
    put[i] = x * e * cnd(-d2) - s * cnd(-d1);
}
