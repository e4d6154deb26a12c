// RUN: --kernel stream --global 64 --local 16 --arg i32[576]=randu:41:-1000:1000 --arg i32[512]=zeros
// RUN: --kernel nested --global 64 --local 16 --arg i32[64]=randu:42:-1000:1000 --arg i32[128]=zeros
// Private structs holding private pointers, reached field by field, as zlib's `z_stream`
// is (hashcat's pkzip kernels): a stream whose `next_out` walks an output array and whose
// `state` points at a second struct, driven through helpers taking `&stream`; a NULL
// `opaque` and `msg` compared with 0; a struct inside a struct holding a pointer. On
// Vulkan, where private pointers cannot be stored, each such struct becomes one variable
// per field and the pointer fields element indices.

typedef struct {
    int buf[16];
    int pos;
} state_t;

typedef struct {
    __global const int *next_in;
    int *next_out;
    uint avail;
    void *opaque;
    state_t *state;
    char *msg;
} stream_t;

void stream_init(stream_t *s, state_t *p)
{
    s->state = p;
    p->pos = 0;
    s->msg = 0;
}

int stream_advance(stream_t *s)
{
    state_t *p = s->state;
    p->buf[p->pos++] = *s->next_in++;
    *s->next_out++ = p->pos * 1000 + p->buf[p->pos - 1];
    s->avail--;
    return (int)s->avail;
}

__kernel void stream(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int tmp[8];
    stream_t s;
    state_t p;
    s.opaque = 0;
    s.next_in = in + i * 9;
    s.next_out = tmp;
    s.avail = 8;
    stream_init(&s, &p);
    while (stream_advance(&s) > 0)
        ;
    for (int k = 0; k < 8; k++)
        out[i * 8 + k] = tmp[k] + (s.msg == 0) + (s.opaque == 0) * 2 + (int)(s.next_out - tmp) * 4;
}

typedef struct {
    int *cursor;
    int count;
} inner_t;

typedef struct {
    inner_t in;
    float scale;
} outer_t;

__kernel void nested(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int x[4] = {in[i], in[(i + 1) & 63], in[(i + 2) & 63], in[(i + 3) & 63]};
    outer_t o;
    o.in.cursor = x;
    o.in.count = 0;
    o.scale = 2.0f;
    while (o.in.count < 4) {
        *o.in.cursor = (int)((float)*o.in.cursor * o.scale) + o.in.count;
        o.in.cursor++;
        o.in.count++;
    }
    out[i * 2] = x[0] + x[1] + x[2] + x[3];
    out[i * 2 + 1] = (int)(o.in.cursor - x);
}
