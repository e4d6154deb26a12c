// Vector compound literals and GNU statement expressions.
__kernel void compound_literals(__global float4 *out, float v, int kind) {
    out[0] = (float4){v, v, v, 1.0f};
    out[1] = (float4){(float2)(v, 2.0f), v, 3.0f};
    int x = ({ int t = kind * 2; t + 1; });
    ({ switch (kind) { case 0: out[2] = (float4)(x); break; default: out[2] = (float4)(0.0f); } });
    bool flag = true;
    const unsigned int key[] = {1u, 2u, 3u};
    if (flag != false)
        out[3] = (float4)(key[kind & 1]);
}
