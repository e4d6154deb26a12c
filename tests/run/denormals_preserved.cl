// RUN: --kernel denormals --global 64 --arg f32[64]=iota --arg f32[64]=zeros --arg f32[64]=zeros --arg f32[64]=zeros
// Float denormals kept as OpenCL's full profile does (PoCL keeps them): products,
// sums and quotients with denormal results and operands. A device that flushes gives
// zeros in y and nonzero values where the denormal operands were read as zeros; on
// Vulkan, `oclc run` asks for DenormPreserve where the device supports it (lavapipe
// keeps denormals without the execution mode).
__kernel void denormals(__global const float *i, __global float *y, __global float *z,
                        __global float *w)
{
    int k = get_global_id(0);
    float t = 0x1p-120f * (i[k] + 1.0f);
    // A normal times a small factor: a denormal result.
    y[k] = t * 0x1p-10f;
    // A denormal operand scaled back up into the normal range.
    z[k] = (y[k] * 0x1p20f) / (i[k] + 1.0f);
    // A difference of nearby normals that is denormal (+-2^-149), scaled up: +-2^-49.
    float a = 0x1.000002p-126f * (k & 1 ? -1.0f : 1.0f);
    float b = 0x1p-126f * (k & 1 ? -1.0f : 1.0f);
    w[k] = (a - b) * 0x1p100f;
}
