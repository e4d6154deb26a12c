// Images and samplers as parameters of helper functions (SPIR-V function parameters).
// -O0 keeps the helpers as SPIR-V functions taking images (-O2 inlines them).
// RUN-OPTIONS: -O0
float4 tap(read_only image2d_t img, sampler_t s, int2 at)
{
    return read_imagef(img, s, at);
}

void put(write_only image2d_t img, int2 at, float4 v)
{
    write_imagef(img, at, v);
}

__kernel void blur(read_only image2d_t in, write_only image2d_t out, sampler_t s)
{
    int2 at = (int2)(get_global_id(0), get_global_id(1));
    float4 v = tap(in, s, at) + tap(in, CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST, at + (int2)(1, 0));
    put(out, at, 0.5f * v);
}
