// Two private arrays of 320 KiB each in a helper: each is within the limit, their sum is not.
// MESSAGE: with `b`, the private variables of `fill` (per work-item) take 655360 bytes (640 KiB): oclc supports at most 524288 bytes (512 KiB)
// AT: private_total.cl:6:9
float fill(size_t i) {
    int a[80 << 10];
    int b[80 << 10];
    a[i] = 1;
    b[i] = 2;
    return a[i] + b[i];
}

__kernel void k(__global float *out) { out[get_global_id(0)] = fill(get_global_id(0)); }
