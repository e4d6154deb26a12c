// Structs: nested, pointers, by-value helpers, __constant data, sizeof/alignof.
typedef struct {
    float x, y;
} point;

struct particle {
    point pos;
    float4 vel;
    int id;
    union {
        float f;
        uint u;
    };
};

typedef struct __attribute__((packed)) { char c; int i; } packed_t;

__constant point origin = { 1.0f, 2.0f };
__constant struct particle seed = { .pos = { .y = 3.0f }, .id = 7 };

float dist2(point a, point b) {
    float dx = a.x - b.x, dy = a.y - b.y;
    return dx * dx + dy * dy;
}

void move(struct particle *p, float dt) {
    p->pos.x += p->vel.x * dt;
    p->pos.y += p->vel.y * dt;
}

__kernel void advance(__global struct particle *ps, __global float *out, float dt) {
    size_t i = get_global_id(0);
    struct particle p = ps[i];
    move(&p, dt);
    ps[i] = p;
    out[i] = dist2(p.pos, origin) + seed.id + sizeof(struct particle) + __alignof__(float4)
        + sizeof(packed_t);
    __local point tile[16];
    tile[i % 16].x = p.pos.x;
    point q = { .x = 1.0f };
    q = tile[0];
    out[i] += q.x;
}
