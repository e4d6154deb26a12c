// RUN: --kernel sw --global 40 --local 20 --arg f32[40]=rand:61 --arg f32[40]=zeros --arg i32:2
// RUN: --kernel sw --global 40 --local 20 --arg f32[40]=rand:61 --arg f32[40]=zeros --arg i32:5
// A switch on a uniform value inside a vectorised region: fall-through, break, a default,
// a loop with continue and break around it, and a varying if inside a case.
__kernel void sw(__global const float *in, __global float *out, int mode)
{
    int i = get_global_id(0);
    float x = in[i];
    for (int k = 0; k < 4; k++) {
        switch ((mode + k) % 6) {
        case 0:
            x = x * 2.0f;
        case 1:
            x = x + 1.0f;
            break;
        case 2:
            if (x > 0.5f)
                x = -x;
            break;
        case 3:
            continue;
        default:
            x = x * 0.5f + (float)i;
        }
        if (k == mode)
            break;
        x += 0.25f;
    }
    out[i] = x;
}
