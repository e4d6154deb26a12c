// A private array of 1 MiB per work-item (CPU code keeps private arrays on a thread's
// stack, sized for 512 KiB per function; PoCL crashes from 128 KiB at 64 work-items per
// group).
// MESSAGE: with `scratch`, the private variables of `k` (per work-item) take 1048584 bytes: oclc supports at most 524288 bytes (512 KiB)
// AT: private_array.cl:8:11
__kernel void k(__global float *out) {
    size_t i = get_global_id(0);
    float scratch[1 << 18];
    for (int j = 0; j < (1 << 18); j++)
        scratch[j] = (float)(i + j);
    out[i] = scratch[i % (1 << 18)];
}
