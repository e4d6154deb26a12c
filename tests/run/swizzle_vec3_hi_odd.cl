// RUN: --kernel k --global 16 --local 4 --arg f32[48]=randu:441:-100:100 --arg f32[64]=zeros
// .hi/.odd of 3-component vectors (OpenCL C 1.2 6.1.7: a 4-vector whose w is undefined):
// reads of the defined lanes, and writes whose undefined-w part goes nowhere.
__kernel void k(__global const float *in, __global float *out)
{
    int i = get_global_id(0);
    float3 v = vload3(i, in);
    float2 h = v.hi, o = v.odd;
    float3 w = v;
    w.hi = (float2)(h.x + 10.0f, 99.0f);
    w.odd = (float2)(o.x * 2.0f, 98.0f);
    out[i * 4] = h.x + o.x;
    out[i * 4 + 1] = v.hi.x - v.odd.x + v.lo.y + v.even.y;
    vstore3(w, 0, out + i * 4 + 1);
}
