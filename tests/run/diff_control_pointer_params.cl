// RUN: --kernel call_chain --global 128 --local 32 --arg i32[128]=randu:346:-1000:1000 --arg i32[384]=zeros
// RUN: --kernel early_return --global 128 --local 32 --arg i32[128]=randu:343:-100:100 --arg i32[128]=zeros
// Early returns from a kernel (before and after stores, in divergent branches) and from a
// helper function inside its loop (the helper searches a private array through a pointer);
// call chains several levels deep with helpers taking private and __global pointers and
// arrays.
int find_first(const int *arr, int n, int key)
{
    for (int k = 0; k < n; k++) {
        if (arr[k] == key) return k;
        if (arr[k] > 1000) return -2;
    }
    return -1;
}

__kernel void early_return(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int v = in[i];
    if (v < -90) {
        out[i] = -90;
        return;
    }
    int table[10];
    for (int k = 0; k < 10; k++) table[k] = (k * 37 + v) % 21;
    int pos = find_first(table, 10, v % 21);
    if (pos < 0) {
        out[i] = pos * 1000 + v;
        return;
    }
    if (v > 90) return;
    out[i] = pos + table[9 - pos] * 100;
}

void accumulate(__global int *dst, const int *src, int n)
{
    for (int k = 0; k < n; k++) dst[k] += src[k];
}

int level3(int x) { return x * 2 + 1; }
int level2(int x) { return level3(x) - level3(x >> 1); }
int level1(int x, int *aux)
{
    *aux = level2(x) ^ x;
    return level2(*aux) + level3(x);
}

void fill(int arr[4], int base)
{
    for (int k = 0; k < 4; k++) arr[k] = base + k * level3(k);
}

__kernel void call_chain(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int v = in[i];
    int aux;
    int a = level1(v, &aux);
    int arr[4];
    fill(arr, v);
    __global int *o = out + 3 * i;
    o[0] = a;
    o[1] = aux;
    o[2] = 0;
    accumulate(o + 2, arr + 1, 1);
    accumulate(o + 2, arr + 3, 1);
}
