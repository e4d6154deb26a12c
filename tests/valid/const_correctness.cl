// Const correctness: adding const to a pointee is implicit, const objects are
// initialized once, const pointers can point to mutable data, and casts may remove
// const explicitly.
int read_only_arg(const int *p) { return *p; }
int read_global(__global const int *p) { return p[0]; }

__kernel void constness(__global int *out, __global const int *in, const int n) {
    const int k = 3;
    int x = k + n;
    const int *pc = &x; // int * -> const int * is implicit
    int *const cp = &x; // const pointer to mutable int
    *cp = 5;
    int y = read_only_arg(&x) + read_only_arg(pc) + read_global(in) + read_global(out);
    __global const int *gc = out;
    int *mutable_again = (int *)pc; // an explicit cast may drop const
    *mutable_again += 1;
    const int arr[3] = {1, 2, 3};
    out[0] = y + gc[0] + arr[2] + *cp;
    const float4 cv = (float4)(1.0f);
    out[1] = (int)cv.y;
}
