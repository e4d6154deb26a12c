#!/usr/bin/env python3
"""Writes the mpmath references of tests/vulkan_math_ulp_f64.rs, each value rounded to a
double-double (hi, lo):
- tests/data/f64_trig_huge.txt: sin, cos and tan of huge doubles (where glibc's own
  reduction is wrong in places, e.g. 6381956970095103 * 2^797), at 4000 bits;
- tests/data/f64_special.txt: erf, erfc, tgamma and lgamma (host libraries have no
  accurate enough double versions), at 200 bits.
Regenerate them with `pip install mpmath && python3 scripts/gen-f64-trig-refs.py`.

Arguments: the known worst case and its neighbours, the doubles nearest to k*pi/2 for
random k between 2^19 and 2^53 (remainders down to 2^-34), and random huge doubles.
"""
import random
import struct
from mpmath import mp, mpf, sin, cos, tan, pi, nint, erf, erfc, gamma, log, fabs

mp.prec = 4000
OUT = "tests/data/f64_trig_huge.txt"
SPECIAL_OUT = "tests/data/f64_special.txt"


def dd(v):
    hi = float(v)
    return hi, float(v - mpf(hi))


def bits(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def from_bits(b):
    return struct.unpack("<d", struct.pack("<Q", b))[0]


def near_multiples(count, rng):
    """The doubles m * 2^e (53-bit m, e in [-33, 0]) nearest to k pi/2 for the multiple
    k nearest to a random m0 * 2^e: their remainders are at most 2^(e-1)."""
    found = []
    while len(found) < count:
        e = rng.randrange(-33, 1)
        m0 = rng.randrange(1 << 52, 1 << 53)
        x = mpf(m0) * mpf(2) ** e
        k = nint(x * 2 / pi)
        m = int(nint(k * pi / 2 / mpf(2) ** e))
        if (1 << 52) <= m < (1 << 53):
            found.append(float(mpf(m) * mpf(2) ** e))
    return found


def main():
    rng = random.Random(2024)
    worst = 6381956970095103.0 * 2.0 ** 797
    xs = [worst, -worst]
    for d in range(1, 6):
        xs.append(from_bits(bits(worst) + d))
        xs.append(from_bits(bits(worst) - d))
    xs += near_multiples(150, rng)
    for _ in range(150):
        e = rng.randrange(19, 1024)
        m = rng.random() + 1.0
        xs.append(rng.choice([-1.0, 1.0]) * m * 2.0 ** (e - 1) * 1.0)
    with open(OUT, "w") as f:
        f.write("# x (hex bits), then sin, cos, tan of x as double-doubles (hi lo, hex bits)\n")
        for x in xs:
            v = mpf(x)
            row = [bits(x)]
            for fn in (sin, cos, tan):
                hi, lo = dd(fn(v))
                row += [bits(hi), bits(lo)]
            f.write(" ".join("%016x" % b for b in row) + "\n")


def special():
    """640 arguments: erf/erfc's range [-7, 30], gamma's [-180, 172], a few huge ones."""
    rng = random.Random(7)
    xs = [0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 10.0, 15.0, -0.5, -1.5, -2.5, 1e-20, -1e-20,
          171.5, 171.62, -170.5, 26.5, 27.2, 5.9, -5.9, 1e-300, 0.25, 7.5e-9]
    while len(xs) < 640:
        k = len(xs) % 4
        if k == 0:
            xs.append(rng.uniform(-7.0, 30.0))
        elif k == 1:
            xs.append(rng.uniform(-3.0, 3.0))
        elif k == 2:
            xs.append(rng.uniform(-180.0, 172.0))
        else:
            xs.append(2.0 ** rng.uniform(-40.0, 60.0))
    mp.prec = 200
    with open(SPECIAL_OUT, "w") as f:
        f.write("# x, then erf, erfc, tgamma, lgamma of x as double-doubles (hex bits)\n")
        for x in xs:
            v = mpf(x)
            row = [bits(x)]
            for fn in (erf, erfc):
                row += [bits(h) for h in dd(fn(v))]
            is_pole = x <= 0 and x == int(x)
            g = mpf("inf") if is_pole else gamma(v)
            lg = mpf("inf") if is_pole else log(fabs(g))
            row += [bits(h) for h in dd(g)] if fabs(g) < mpf(2) ** 1024 else [bits(float("inf")), 0]
            row += [bits(h) for h in dd(lg)]
            f.write(" ".join("%016x" % b for b in row) + "\n")


if __name__ == "__main__":
    main()
    special()
