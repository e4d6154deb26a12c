// RUN: --kernel switches --global 256 --local 32 --arg i32[256]=randu:12:-20:20 --arg i32[256]=zeros --arg i64[256]=zeros
// switch statements: fall-through between cases, break, default in the middle, a case with
// several labels, a switch without default, continue from a switch inside a loop, a
// 64-bit selector with large case values. (mem_fence is left out: llvm-spirv-14 reads
// OpMemoryBarrier back as a call of mem_fence(uint), which PoCL 3.1's kernel library lacks,
// so the SPIR-V path could not run it; backend-spirv's own tests validate fences.)
long classify(long x)
{
    switch (x) {
    case 0x100000000L: return 7;
    case -5: return 3;
    case 1: case 2: case 3: return 1;
    default: return -1;
    }
}

__kernel void switches(__global const int *in, __global int *out, __global long *wide)
{
    int i = get_global_id(0);
    int v = in[i];
    int acc = 0;
    switch (v & 7) {
    case 0:
        acc += 1;
    case 1:
        acc += 10;
        break;
    default:
        acc += 100;
    case 5:
    case 6:
        acc += 1000;
        break;
    case 7:
        acc -= 3;
    }
    switch (v) {
    case -20: acc *= 2; break;
    case 19: acc *= 3;
    }
    for (int k = 0; k < 6; k++) {
        switch ((v + k) % 3) {
        case 0: continue;
        case 1: acc += k; break;
        default: acc ^= k << 4; break;
        }
        acc += 1;
    }
    out[i] = acc;
    long big = (v > 10) ? 0x100000000L : (long)(v % 6) - 2;
    wide[i] = classify(big) + (v < 0 ? classify(-5) : 0);
}
