// RUN: --kernel lookup --global 256 --local 64 --arg i32[256]=rand:5 --arg f32x4[4]=randu:6:-2:2 --arg f32[256]=zeros --arg i32[256]=zeros
// RUN: --kernel crc --global 64 --local 32 --arg u8[1024]=rand:7 --arg u32[64]=zeros
// Program-scope __constant data with initializers: scalar, float and int tables, a
// struct array, vectors, a byte string and a CRC-32 nibble table; read directly, through
// pointer variables and helper functions taking __constant pointers; plus a __constant
// kernel argument. Two kernels share the module's constants.
typedef struct {
    float scale;
    int offset;
    short taps[3];
    uchar flag;
} Coef;

__constant float pi_ish = 3.25f;
__constant float table[8] = {0.5f, 1.5f, 2.5f, 3.5f, -1.0f, -2.0f, 1e-3f, 7.0f};
__constant int primes[5] = {2, 3, 5, 7, 11};
__constant Coef coefs[3] = {{2.0f, 1, {1, 2, 3}, 1}, {0.5f, -3, {4, 5, 6}, 0}, {-1.0f, 7, {7, 8, 9}, 1}};
__constant float4 axes[2] = {(float4)(1.0f, 0.0f, 0.0f, 2.0f), (float4)(0.0f, -1.0f, 0.5f, 0.25f)};
__constant char word[6] = "oclc!";
__constant ulong big = 0x0123456789abcdefUL;
__constant uint crc_nibble[16] = {
    0x00000000u, 0x1DB71064u, 0x3B6E20C8u, 0x26D930ACu, 0x76DC4190u, 0x6B6B51F4u,
    0x4DB26158u, 0x5005713Cu, 0xEDB88320u, 0xF00F9344u, 0xD6D6A3E8u, 0xCB61B38Cu,
    0x9B64C2B0u, 0x86D3D2D4u, 0xA00AE278u, 0xBDBDF21Cu};

float at(__constant float *t, int i) { return t[i & 7]; }

int tap(__constant Coef *c, int k) { return c->taps[k % 3] * (c->flag ? 1 : -1); }

__kernel void lookup(__global const int *a, __constant float4 *weights, __global float *out,
                     __global int *iout)
{
    int i = get_global_id(0);
    int x = a[i];
    int m = x % 3 < 0 ? -(x % 3) : x % 3;
    __constant Coef *c = &coefs[m];
    __constant float *t = table + (i & 3);
    float4 w = weights[i & 3] * axes[(x >> 8) & 1];
    out[i] = table[x & 7] * c->scale + (float)c->offset + pi_ish + at(table, x >> 3) + t[2]
           + w.x + w.y + w.z + w.w;
    iout[i] = primes[(uint)x % 5] + tap(c, x >> 4) + word[i % 5] + (int)(big >> (i & 63))
            + (int)sizeof(word);
}

__kernel void crc(__global const uchar *data, __global uint *out)
{
    int i = get_global_id(0);
    uint r = 0xffffffffu;
    for (int k = 0; k < 16; k++) {
        uint b = data[16 * i + k];
        r = crc_nibble[(r ^ b) & 0xf] ^ (r >> 4);
        r = crc_nibble[(r ^ (b >> 4)) & 0xf] ^ (r >> 4);
    }
    out[i] = ~r;
}
