#!/usr/bin/env python3
"""Writes tests/data/f64_trig_huge.txt: sin, cos and tan of huge doubles (where glibc's
own reduction is wrong in places, e.g. 6381956970095103 * 2^797) computed with mpmath at
4000 bits, each rounded to a double-double. tests/vulkan_math_ulp_f64.rs reads the file;
regenerate it with `pip install mpmath && python3 scripts/gen-f64-trig-refs.py`.

Arguments: the known worst case and its neighbours, the doubles nearest to k*pi/2 for
random k between 2^19 and 2^53 (remainders down to 2^-34), and random huge doubles.
"""
import random
import struct
from mpmath import mp, mpf, sin, cos, tan, pi, nint

mp.prec = 4000
OUT = "tests/data/f64_trig_huge.txt"


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


if __name__ == "__main__":
    main()
