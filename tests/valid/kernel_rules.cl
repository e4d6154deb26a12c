// Kernel and function rules: kernels return void and may call helpers and other
// kernels; functions are declared (prototypes) before use; helpers may return values,
// take private pointers and structs by value; static functions and extern prototypes.
typedef struct { float x, y; } vec2_t;

float scale(float v, float k);
static int helper_count(void);
extern float4 combine(float4 a, vec2_t b);

__kernel void inner(__global float *out, float k) { out[0] = scale(out[0], k); }

__kernel void outer(__global float *out, float k) {
    inner(out, k); // a kernel called as an ordinary function
    vec2_t b = {1.0f, 2.0f};
    float4 c = combine((float4)(k), b);
    out[1] = c.x + helper_count();
    return;
}

float scale(float v, float k) { return v * k; }
static int helper_count(void) { return 3; }
float4 combine(float4 a, vec2_t b) { return a + (float4)(b.x, b.y, 0.0f, 0.0f); }

void no_result(float *p) {
    if (*p > 0.0f)
        return;
    *p = 0.0f;
}
__kernel void empty_params() {}
__kernel void void_params(void) {
    float v = 1.0f;
    no_result(&v);
}
