// RUN: --kernel nested_cases --global 256 --arg i32[256]=randu:5:-3:200 --arg i32[256]=zeros
// RUN: --kernel duff_copy --global 64 --arg i32[4096]=randu:6:-1000:1000 --arg i32[4096]=zeros
// Case labels inside other statements of their switch body, which C allows: Duff's device
// (case labels inside a do-while), a coroutine in the style of miniz's TINFL_CR_RETURN
// (`case N:` inside `do { ... } while (0)` within a loop that re-enters the switch), a
// default label inside an if, and a plain switch nested in such a body (its labels are its
// own).

int duff(int s, int n)
{
    int r = 0;
    switch (s) {
    case 0:
        do {
            r = r * 3 + 1;
    case 1:
            r += 2;
    case 2:
            r ^= 5;
        } while (--n > 0);
        break;
    case 3:
        if (n > 3) {
    default:
            r = -n;
            break;
        }
        r = 100 + n;
    }
    return r;
}

/// Produces 1, 2, 3, ... from a resumable state machine, `steps` times, summing them.
int coroutine(int steps, int start_state)
{
    int state = start_state, counter = 0, sum = 0;
    for (int k = 0; k < steps; k++) {
        switch (state) {
        case 0:
            counter = 1;
            do { state = 1; sum += counter; continue; case 1:; } while (0);
            counter += 1;
            do { state = 2; sum += counter * 10; continue; case 2:; } while (0);
            switch (counter & 1) {
            case 0: sum += 1000; break;
            default: sum -= 1; break;
            }
            state = 0;
            break;
        }
    }
    return sum * 4 + state;
}

__kernel void nested_cases(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int v = in[i];
    out[i] = duff(v % 5, (v / 5) % 6 + 1) + coroutine(v % 17, v % 3) * 1000;
}

/// Copies `count` ints eight to a loop iteration, the remainder entering the loop's body
/// in the middle (the classic Duff's device); `count` varies with the work-item.
__kernel void duff_copy(__global const int *from, __global int *to)
{
    int i = get_global_id(0);
    int count = i + 1;
    __global const int *src = from + i * 64;
    __global int *dst = to + i * 64;
    int n = (count + 7) / 8;
    switch (count % 8) {
    case 0: do { *dst++ = *src++;
    case 7:      *dst++ = *src++;
    case 6:      *dst++ = *src++;
    case 5:      *dst++ = *src++;
    case 4:      *dst++ = *src++;
    case 3:      *dst++ = *src++;
    case 2:      *dst++ = *src++;
    case 1:      *dst++ = *src++;
            } while (--n > 0);
    }
}
