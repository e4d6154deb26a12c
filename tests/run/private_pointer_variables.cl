// RUN: --kernel walks --global 64 --local 16 --arg i32[64]=randu:31:-1000:1000 --arg i32[256]=zeros
// RUN: --kernel offsets --global 64 --local 16 --arg i32[64]=randu:32:-1000:1000 --arg i32[256]=zeros
// RUN: --kernel differences --global 64 --local 16 --arg i32[64]=randu:33:0:1000 --arg i32[256]=zeros
// RUN: --kernel nested --global 64 --local 16 --arg f32[64]=randu:34:-10:10 --arg f32[256]=zeros
// RUN: --kernel helpers --global 64 --local 16 --arg i32[64]=randu:35:-1000:1000 --arg i32[256]=zeros
// RUN: --kernel objects --global 64 --local 16 --arg i32[64]=randu:37:-1000:1000 --arg i32[512]=zeros
// RUN: --kernel cast_views --global 64 --local 16 --arg f32[64]=randu:38:-10:10 --arg f32[128]=zeros
// RUN: --kernel nulls --global 64 --local 16 --arg i32[64]=randu:36:-1000:1000 --arg i32[256]=zeros
// Pointers into private arrays kept in variables (on Vulkan, whose Function storage has no
// addresses, each such variable becomes an element index into its array): walks with
// `*p++` and `p < end`, offset-then-index, comparisons and differences, pointers into
// struct arrays and 2-D arrays, pointers into private arrays passed to helpers, and
// pointer variables that start out NULL.

// Walks forwards and backwards, `*p++`, `p != end`, `p >= x`.
__kernel void walks(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int x[8];
    for (int k = 0; k < 8; k++)
        x[k] = in[(i + k) & 63] * (k + 1);
    int s = 0;
    for (int *p = x; p < x + 8; p++)
        s += *p;
    int t = 0;
    int *q = x;
    int *end = x + 8;
    while (q != end)
        t = t * 3 + *q++;
    int u = 0;
    for (int *p = x + 7; p >= x; p -= 2)
        u += *p;
    int *w = &x[3];
    *w++ = 5;
    *w = *w + 1;
    out[i * 4] = s;
    out[i * 4 + 1] = t;
    out[i * 4 + 2] = u;
    out[i * 4 + 3] = x[3] + x[4];
}

// A pointer offset once, then indexed (also with computed indices), read and written.
__kernel void offsets(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int x[6] = {1, 2, 3, 4, 5, 6};
    x[i % 6] += in[i];
    int *q = x + 1;
    q[1] += 2;
    q += i & 1;
    q[2] = q[0] * 10 + q[-1];
    int *r = q;
    r = (i & 2) ? r + (i % 3) : x + 2;
    out[i * 4] = q[0];
    out[i * 4 + 1] = r[1] + x[3];
    out[i * 4 + 2] = x[0] + x[1] + x[2] + x[3] + x[4] + x[5];
    out[i * 4 + 3] = *(r - 1);
}

// Differences and comparisons of pointers into the same array, and into two arrays.
__kernel void differences(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int a[10];
    int b[4] = {0, 1, 2, 3};
    for (int k = 0; k < 10; k++)
        a[k] = in[(i * 3 + k) & 63];
    // Find the largest element with a walking pointer.
    int *best = a;
    for (int *p = a + 1; p < a + 10; p++)
        if (*p > *best)
            best = p;
    int *mid = a + 5;
    int *other = b + 2;
    long d = best - a;
    out[i * 4] = (int)d * 1000 + *best;
    out[i * 4 + 1] = (int)(mid - best) + 100 * (best < mid) + 200 * (best >= mid);
    out[i * 4 + 2] = (best == mid) + 2 * (best != a) + 4 * (other == b + 2) + 8 * (other - b);
    out[i * 4 + 3] = (int)(&a[9] - best) + (int)(&b[3] - other) * 100;
}

typedef struct {
    float x, y;
    int n;
} particle;

// Pointers to elements of a private struct array and to rows of a 2-D array.
__kernel void nested(__global const float *in, __global float *out)
{
    int i = get_global_id(0);
    particle ps[4];
    for (int k = 0; k < 4; k++) {
        ps[k].x = in[(i + k) & 63];
        ps[k].y = in[(i + 2 * k) & 63];
        ps[k].n = k;
    }
    float sum = 0.0f;
    for (particle *p = ps; p != ps + 4; ++p)
        sum += p->x * (float)p->n - p->y;
    particle *last = &ps[3];
    last->y = 1.5f;
    float m[3][4];
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 4; c++)
            m[r][c] = in[(i + r * 4 + c) & 63];
    float *row = m[1];
    float rs = 0.0f;
    for (float *c = row; c < row + 4; c++)
        rs += *c;
    float *cell = &m[2][1];
    cell[1] = cell[0] + cell[2];
    out[i * 4] = sum;
    out[i * 4 + 1] = ps[3].x + ps[3].y + (float)(last - ps);
    out[i * 4 + 2] = rs;
    out[i * 4 + 3] = m[2][2] + (float)(cell - m[2]);
}

int sum_range(const int *begin, const int *end)
{
    int s = 0;
    while (begin < end)
        s += *begin++;
    return s;
}

int *find_first(int *p, int n, int value)
{
    for (int *q = p; q < p + n; q++)
        if (*q >= value)
            return q;
    return p + n;
}

// Pointers into private arrays passed to and returned from helpers (inlined on Vulkan).
__kernel void helpers(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int x[8];
    for (int k = 0; k < 8; k++)
        x[k] = in[(i + 5 * k) & 63];
    int *f = find_first(x, 8, 0);
    out[i * 4] = sum_range(x, x + 8);
    out[i * 4 + 1] = sum_range(x + 2, x + 5);
    out[i * 4 + 2] = (int)(f - x);
    out[i * 4 + 3] = f < x + 8 ? *f : -1;
}

typedef struct {
    float x;
    int n[3];
} tagged;

// Pointers to a scalar variable, to struct fields and into a struct's array member; byte
// differences through `char *` casts.
__kernel void objects(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int v = in[i];
    int *p = &v;
    *p += 1;
    tagged s;
    s.x = (float)in[(i + 1) & 63] * 0.5f;
    for (int k = 0; k < 3; k++)
        s.n[k] = in[(i + 2 + k) & 63];
    int *q = s.n;
    q++;
    *q += 10;
    float *f = &s.x;
    *f *= 2.0f;
    int *e = &s.n[2];
    int *w = q + (i & 1);
    out[i * 8] = v;
    out[i * 8 + 1] = s.n[1];
    out[i * 8 + 2] = (int)s.x;
    out[i * 8 + 3] = (int)(e - q);
    out[i * 8 + 4] = (int)((char *)e - (char *)q);
    out[i * 8 + 5] = (int)((char *)q - (char *)f);
    out[i * 8 + 6] = (w == e) + 2 * (w > q) + 4 * ((char *)f < (char *)w);
    out[i * 8 + 7] = *w;
}

// A pointer variable set once to a cast of a vector's address, then indexed (darktable's
// `float *rgb = (float *)&pixel; rgb[c]`), at the top level and inside a branch.
__kernel void cast_views(__global const float *in, __global float *out)
{
    int i = get_global_id(0);
    float4 v = (float4)(in[i], in[(i + 1) & 63], in[(i + 2) & 63], in[(i + 3) & 63]);
    const float *rgb = (const float *)&v;
    out[i * 2] = rgb[i & 3] * 2.0f;
    if (i & 1) {
        float *w = (float *)&v;
        w[(i >> 1) & 3] = 0.5f;
        out[i * 2 + 1] = w[0] + w[1] + w[2] + w[3];
    } else {
        out[i * 2 + 1] = -1.0f;
    }
}

// Pointer variables that start out NULL and may stay NULL.
__kernel void nulls(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int x[6];
    for (int k = 0; k < 6; k++)
        x[k] = in[(i + 7 * k) & 63];
    int *best = 0;
    for (int *p = x; p < x + 6; p++)
        if (*p > 0 && (!best || *p > *best))
            best = p;
    int *big = NULL;
    int *some = (i & 4) ? &x[i % 6] : 0;
    for (int k = 0; k < 6; k++)
        if (x[k] > 900)
            big = &x[k];
    out[i * 4] = best ? *best : -1;
    out[i * 4 + 1] = best != 0 ? (int)(best - x) : -1;
    out[i * 4 + 2] = big == NULL ? -5 : *big;
    out[i * 4 + 3] = (big != best) + 2 * (best == 0) + 4 * (big == 0) + 8 * (some != 0)
                   + 16 * (some && *some == x[i % 6]);
}
