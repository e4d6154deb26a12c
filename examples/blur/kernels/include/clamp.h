/* Index helpers shared by the blur kernels. */
#ifndef BLUR_CLAMP_H
#define BLUR_CLAMP_H

/* i clamped into [0, n). */
int clamp_index(int i, int n) { return i < 0 ? 0 : (i >= n ? n - 1 : i); }

#endif
