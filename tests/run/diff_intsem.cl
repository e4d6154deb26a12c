// RUN: --kernel wrap_ops --global 64 --local 16 --arg u64[64]=rand:361 --arg u64[512]=zeros
// RUN: --kernel shift_mask --global 64 --local 16 --arg u64[64]=rand:362 --arg u64[640]=zeros
// RUN: --kernel div_neg --global 64 --local 16 --arg i32[64]=randu:363:-100000:100000 --arg i32[64]=randu:364:-50:50 --arg i64[512]=zeros
// Integer semantics: unsigned wrap-around and signed overflow (formally undefined as in
// C99, but two's complement in every implementation here; results are only stored, so no
// optimizer can exploit it) for +, -, * on every width, incl. LONG_MIN * -1 and -INT_MIN;
// integer promotion of char/short operands to int, shifts whose counts are out of range or
// negative (OpenCL masks the count to the bit width of the left operand, for scalars and
// per lane for vectors), and division/remainder with negative operands (truncating toward
// zero, the remainder taking the dividend's sign) on every width.
__kernel void wrap_ops(__global const ulong *in, __global ulong *out)
{
    int i = get_global_id(0);
    ulong r = in[i];
    long edge[4] = {LONG_MIN, LONG_MAX, -1, 0};
    long l = i < 4 ? edge[i] : (long)r;
    int w = i < 4 ? (int)(edge[i] >> 32) : (int)r;
    if (i == 4) w = INT_MIN;
    if (i == 5) w = INT_MAX;
    short s = (short)(r >> 16);
    char c = (char)(r >> 40);
    __global ulong *o = out + i * 8;
    o[0] = (ulong)(l + LONG_MAX) ^ (ulong)(l * -1) ^ (ulong)(l * 3);
    o[1] = (ulong)(uint)(w + INT_MAX) | (ulong)(uint)(w * -1) << 32;
    o[2] = (ulong)(uint)(w * w) | (ulong)(uint)(-w - 1) << 32;
    o[3] = (ulong)(uint)((uint)w * 0x9e3779b9u) | (ulong)((uint)w - 0xffffffffu) << 32;
    o[4] = (ulong)(s * s) ^ ((ulong)(short)(s * s) << 32);
    o[5] = (ulong)(c * c + c) ^ ((ulong)(char)(c * c + c) << 24) ^ ((ulong)(uchar)(c + 200) << 48);
    o[6] = (ulong)(ushort)(s + (short)30000) | (ulong)(ushort)((ushort)s * (ushort)7) << 16;
    o[7] = r * 0xff51afd7ed558ccdUL + (r >> 33) - ~r;
}

__kernel void shift_mask(__global const ulong *in, __global ulong *out)
{
    int i = get_global_id(0);
    ulong r = in[i];
    int n = i - 20;
    __global ulong *o = out + i * 10;
    o[0] = r << n;
    o[1] = r >> (n + 7);
    o[2] = (ulong)((long)r >> n);
    o[3] = (ulong)(uint)((uint)r << n) | (ulong)(uint)((int)r >> n) << 32;
    o[4] = (ulong)(ushort)((ushort)r >> (ushort)n) | (ulong)(ushort)((short)r << (short)n) << 16;
    uchar4 u4 = as_uchar4((uint)r);
    char4 c4 = as_char4((uint)(r >> 32));
    o[5] = as_uint(u4 << (uchar4)(n, n + 8, 9, 255)) | (ulong)as_uint(c4 >> (char4)(n, -1, 7, 8)) << 32;
    int4 w4 = as_int4((ulong2)(r, ~r));
    int4 s4 = w4 >> (int4)(n, 33, -1, 31) ^ w4 << (int4)(32, n, 64, -33);
    o[6] = as_ulong(s4.lo) ^ as_ulong(s4.hi);
    long2 l2 = (long2)((long)r, -(long)r) << (long2)(n, 64 + n);
    o[7] = as_ulong(l2.x) ^ (ulong)l2.y;
    short8 h8 = as_short8((ulong2)(r, r * 3));
    short8 hs = (h8 >> (short8)(16, 17, -1, n, 0, 15, 31, 32)) + (h8 << (short)(n & 255));
    o[8] = as_ulong(hs.lo) + as_ulong(hs.hi);
    uint u = (uint)r;
    o[9] = (ulong)(u >> (n & 31)) + (ulong)(u << 31 >> 31);
}

__kernel void div_neg(__global const int *a, __global const int *b, __global long *out)
{
    int i = get_global_id(0);
    int x = a[i];
    int y = b[i];
    if (y == 0) y = -7;
    if (i == 0) { x = INT_MIN; y = 2; }
    if (i == 1) { x = INT_MAX; y = -1; }
    if (i == 2) { x = -1; y = INT_MIN; }
    __global long *o = out + i * 8;
    o[0] = x / y;
    o[1] = x % y;
    o[2] = (long)x * 1000000007L / (long)y + (long)x * 1000000007L % (long)y;
    short sy = (short)y == 0 ? (short)-3 : (short)y;
    o[3] = (short)x / sy * 100000 + (short)x % sy;
    o[4] = (char)x / (char)(y | 1) * 1000 + (char)x % (char)(y | 1);
    o[5] = (long)((uint)x / (uint)y) + ((long)((uint)x % (uint)y) << 32);
    int4 v = (int4)(x, -x, x >> 3, 17);
    int4 d = (int4)(y, y, -y, -5);
    int4 q = v / d + (v % d) * 1000;
    o[6] = (long)q.x + q.y + q.z + q.w;
    o[7] = (long)((ulong)x / (ulong)(long)y);
}
