#!/usr/bin/env python3
"""Fits and checks the CPU inline tanh's rational approximation (backend-cpu/src/codegen/
fast_hyperbolic.rs): tanh(a) / a ~ P(z) / Q(z), z = a^2, on [0, CLAMP], P of degree NP and
Q of degree NQ, both with constant term 1.

Fit: the linearised problem P(z) - f Q(z) = f - 1 (f = tanh(a) / a) by least squares on
Chebyshev nodes, weighted by 1 / (Q_previous f) so that it measures relative error (Loeb),
then reweighted towards equal error (Lawson); the iterate with the smallest worst error wins.

Check: every float a of [2^-30, 12] (clamped to CLAMP), evaluated in double precision as the
generated code does and rounded to float, against double-precision tanh, in ulp.

    python3 scripts/fit-tanh-rational.py [NP NQ CLAMP]     (default 4 4 9.2; needs numpy)

Degrees 5/4 give 0.528 ulp; 4/4 (0.941 ulp) were chosen for speed: two fewer fmas per
vector ran c = a + tanh(b) 15% faster on one thread.
"""
import sys

import numpy as np

NP, NQ = (int(sys.argv[1]), int(sys.argv[2])) if len(sys.argv) > 2 else (4, 4)
CLAMP = float(sys.argv[3]) if len(sys.argv) > 3 else 9.2


def fit(rounds=60):
    scale = CLAMP * CLAMP
    t = np.cos(np.pi * (np.arange(20000) + 0.5) / 20000)
    a = (t + 1) / 2 * CLAMP
    a = a[a > 1e-3]
    s = a * a / scale  # z scaled to [0, 1] for conditioning
    f = np.tanh(a) / a
    powers_p = np.stack([s**i for i in range(1, NP + 1)], 1)
    powers_q = np.stack([f * s**j for j in range(1, NQ + 1)], 1)
    system = np.concatenate([powers_p, -powers_q], 1)
    q_prev, lawson, best = np.ones_like(s), np.ones_like(s), None
    for it in range(rounds):
        w = lawson / (q_prev * f)
        sol, *_ = np.linalg.lstsq(system * w[:, None], (f - 1) * w, rcond=None)
        p = np.concatenate([[1.0], sol[:NP]])
        q = np.concatenate([[1.0], sol[NP:]])
        big_q = np.polyval(q[::-1], s)
        err = np.polyval(p[::-1], s) / big_q / f - 1
        worst = np.abs(err).max()
        if big_q.min() > 0 and (best is None or worst < best[0]):
            best = (worst, p.copy(), q.copy())
        q_prev = big_q
        if it >= 5:
            lawson = lawson * np.abs(err) ** 0.5
            lawson /= lawson.mean()
    worst, p, q = best
    return worst, p / scale ** np.arange(NP + 1), q / scale ** np.arange(NQ + 1)


def ulp(r):
    e = np.floor(np.log2(np.maximum(np.abs(r), 1e-45)))
    return np.exp2(np.maximum(e, -126) - 23)


def check(p, q):
    lo = int(np.float32(2.0**-30).view(np.uint32))
    hi = int(np.float32(12.0).view(np.uint32))
    worst, at, wrong = 0.0, None, 0
    for start in range(lo, hi + 1, 1 << 24):
        a = np.arange(start, min(start + (1 << 24), hi + 1), dtype=np.uint32).view(np.float32)
        c = np.minimum(a, np.float32(CLAMP)).astype(np.float64)
        z = c * c
        y = (c * np.polyval(p[::-1], z) / np.polyval(q[::-1], z)).astype(np.float32)
        ref = np.tanh(a.astype(np.float64))
        e = np.abs(y.astype(np.float64) - ref) / ulp(ref)
        i = int(np.argmax(e))
        wrong += int((e > 0.5).sum())
        if e[i] > worst:
            worst, at = float(e[i]), float(a[i])
    return worst, at, wrong


rel, p, q = fit()
print(f"P/Q degrees {NP}/{NQ} on [0, {CLAMP}]: worst relative error {rel:.3e}")
print("P, highest degree first:", [repr(float(x)) for x in p[::-1]])
print("Q, highest degree first:", [repr(float(x)) for x in q[::-1]])
worst, at, wrong = check(p, q)
print(f"every float of [2^-30, 12]: worst {worst:.4f} ulp at {at!r}; {wrong} not correctly rounded")
