//! IEEE binary16 (`half`) conversions for the CPU backend. Half values live in registers and
//! memory as their 16-bit patterns; the generated code widens them to `float` (exactly) and
//! narrows `float`/`double` to them with one rounding in the requested mode, through these
//! routines.

/// The largest finite half, as bits.
const HALF_MAX_BITS: u16 = 0x7bff;

/// How a value is rounded to half.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HalfRounding {
    /// To nearest, ties to even.
    NearestEven,
    /// Toward zero.
    TowardZero,
    /// Toward positive infinity.
    Up,
    /// Toward negative infinity.
    Down,
}

/// Rounds `x` to the nearest representable half in `mode` and returns its bits (one
/// rounding: every `f32` and `f64` is exact in the double-precision arithmetic used here).
pub fn f64_to_half_bits(x: f64, mode: HalfRounding) -> u16 {
    let sign: u16 = if x.is_sign_negative() { 0x8000 } else { 0 };
    if x.is_nan() {
        return sign | 0x7e00;
    }
    let a = x.abs();
    if a == 0.0 {
        return sign;
    }
    // Whether the magnitude is rounded away from zero when it is not exact.
    let away = match mode {
        HalfRounding::NearestEven | HalfRounding::TowardZero => false,
        HalfRounding::Up => sign == 0,
        HalfRounding::Down => sign != 0,
    };
    if a >= 65536.0 {
        // Beyond every finite half (infinities included).
        let inf = a.is_infinite() || mode == HalfRounding::NearestEven || away;
        return sign | if inf { 0x7c00 } else { HALF_MAX_BITS };
    }
    // Binary exponent of a (a is a normal double here: it is at least 2^-1074 and below
    // 2^16, and subnormal doubles are far below half's rounding step anyway).
    let e = if a < f64::MIN_POSITIVE {
        -1023
    } else {
        ((a.to_bits() >> 52) & 0x7ff) as i32 - 1023
    };
    // Quantum of half at this magnitude: 2^-24 for subnormals, else 2^(e-10).
    let q_exp = if e < -14 { -24 } else { e - 10 };
    let q = a * 2f64.powi(-q_exp); // exact: a power-of-two scaling without overflow
    let n = q.floor();
    let frac = q - n; // exact: q < 2^11
    let mut n = n as u32;
    let up = match mode {
        HalfRounding::NearestEven => frac > 0.5 || (frac == 0.5 && n & 1 == 1),
        HalfRounding::TowardZero => false,
        HalfRounding::Up | HalfRounding::Down => away && frac > 0.0,
    };
    if up {
        n += 1;
    }
    let bits = if e < -14 {
        // n <= 1024; 1024 is the smallest normal's bit pattern.
        n
    } else {
        // n in [1024, 2048]; 2048 carries into the next exponent (or infinity).
        (((e + 15) as u32) << 10) + n - 1024
    };
    if bits >= 0x7c00 && !(mode == HalfRounding::NearestEven || away) {
        return sign | HALF_MAX_BITS;
    }
    sign | bits as u16
}

/// Widens half bits to `f32` (exact).
pub extern "C" fn half_to_f32(bits: i32) -> f32 {
    oclc_ir::op::f16_bits_to_f32(bits as u16)
}

/// `f64` to half bits, rounding to nearest even (the bits zero-extended to `i32`).
pub extern "C" fn f64_to_half_rte(x: f64) -> i32 {
    f64_to_half_bits(x, HalfRounding::NearestEven) as i32
}

/// `f64` to half bits, rounding toward zero.
pub extern "C" fn f64_to_half_rtz(x: f64) -> i32 {
    f64_to_half_bits(x, HalfRounding::TowardZero) as i32
}

/// `f64` to half bits, rounding toward positive infinity.
pub extern "C" fn f64_to_half_rtp(x: f64) -> i32 {
    f64_to_half_bits(x, HalfRounding::Up) as i32
}

/// `f64` to half bits, rounding toward negative infinity.
pub extern "C" fn f64_to_half_rtn(x: f64) -> i32 {
    f64_to_half_bits(x, HalfRounding::Down) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rte(x: f64) -> u16 {
        f64_to_half_bits(x, HalfRounding::NearestEven)
    }

    #[test]
    fn nearest_even_matches_the_ir_conversion_on_many_floats() {
        // The IR's f32 -> f16 (round to nearest even) is an independent implementation.
        let mut s: u32 = 12345;
        for _ in 0..200_000 {
            s = s.wrapping_mul(1664525).wrapping_add(1013904223);
            let x = f32::from_bits(s);
            if x.is_nan() {
                continue;
            }
            assert_eq!(rte(x as f64), oclc_ir::op::f32_to_f16_bits(x), "{x:e}");
        }
    }

    #[test]
    fn directed_modes_bracket_the_value() {
        let mut s: u64 = 99;
        for _ in 0..100_000 {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let x = ((s >> 11) as f64 / (1u64 << 53) as f64 - 0.5)
                * 140000.0
                * 2f64.powi(-((s & 31) as i32));
            let down = oclc_ir::op::f16_bits_to_f32(f64_to_half_bits(x, HalfRounding::Down)) as f64;
            let up = oclc_ir::op::f16_bits_to_f32(f64_to_half_bits(x, HalfRounding::Up)) as f64;
            let zero =
                oclc_ir::op::f16_bits_to_f32(f64_to_half_bits(x, HalfRounding::TowardZero)) as f64;
            assert!(down <= x && x <= up, "{x}: {down} {up}");
            assert!(
                zero.abs() <= x.abs() && (zero == down || zero == up),
                "{x}: {zero}"
            );
            if down.is_finite() && up.is_finite() && down != up {
                // Adjacent halves: their bit patterns differ by one.
                let (a, b) = (
                    f64_to_half_bits(x, HalfRounding::Down),
                    f64_to_half_bits(x, HalfRounding::Up),
                );
                assert_eq!((a as i32 - b as i32).abs(), 1, "{x}");
            }
        }
    }

    #[test]
    fn edges() {
        assert_eq!(rte(65504.0), 0x7bff);
        assert_eq!(rte(65519.99), 0x7bff);
        assert_eq!(rte(65520.0), 0x7c00);
        assert_eq!(f64_to_half_bits(1e9, HalfRounding::TowardZero), 0x7bff);
        assert_eq!(f64_to_half_bits(-1e9, HalfRounding::Up), 0xfbff);
        assert_eq!(f64_to_half_bits(-1e9, HalfRounding::Down), 0xfc00);
        assert_eq!(f64_to_half_bits(65505.0, HalfRounding::Up), 0x7c00);
        assert_eq!(
            f64_to_half_bits(f64::INFINITY, HalfRounding::TowardZero),
            0x7c00
        );
        assert_eq!(rte(2f64.powi(-25)), 0); // a tie with 0: even
        assert_eq!(rte(3.0 * 2f64.powi(-26)), 1);
        assert_eq!(f64_to_half_bits(1e-30, HalfRounding::Up), 1);
        assert_eq!(f64_to_half_bits(-1e-30, HalfRounding::Up), 0x8000);
        assert_eq!(rte(1.0 + 2f64.powi(-11)), 0x3c00); // tie: even
        assert_eq!(rte(6.103515625e-5), 0x0400); // the smallest normal
        assert_eq!(f64_to_half_bits(6.1e-5, HalfRounding::Up), 0x0400);
        assert_eq!(f64_to_half_bits(6.1e-5, HalfRounding::Down), 0x03ff);
        assert_eq!(rte(f64::NAN) & 0x7e00, 0x7e00);
    }
}

/// `fma` of three halves (passed as the floats they widen to), rounded to half once and
/// returned as that half's float value. The product is exact in double; the sum's rounding
/// error (two-sum) makes the double round to odd, which no later rounding to half can
/// mistake for a tie.
pub extern "C" fn fma_f16(a: f32, b: f32, c: f32) -> f32 {
    let p = a as f64 * b as f64;
    let c = c as f64;
    let s = p + c;
    let bb = s - p;
    let e = (p - (s - bb)) + (c - bb);
    let s = if s.is_finite() && e.is_finite() && e != 0.0 {
        let sign = s.to_bits() & (1 << 63);
        let mut magnitude = s.to_bits() & !(1 << 63);
        if (e > 0.0) != (s > 0.0) {
            // The exact value lies below |s|: truncation is one ulp down.
            magnitude -= 1;
        }
        f64::from_bits(sign | magnitude | 1)
    } else {
        s
    };
    half_to_f32(f64_to_half_bits(s, HalfRounding::NearestEven) as i32)
}

/// `nextafter` of two halves (passed as the floats they widen to): the next half after `x`
/// toward `y`, as that half's float value.
pub extern "C" fn nextafter_f16(x: f32, y: f32) -> f32 {
    if x.is_nan() || y.is_nan() {
        return x + y;
    }
    if x == y {
        return y;
    }
    let bits = f64_to_half_bits(x as f64, HalfRounding::NearestEven);
    let next = if x == 0.0 {
        if y > 0.0 {
            0x0001
        } else {
            0x8001
        }
    } else if (x < y) == (x > 0.0) {
        bits + 1
    } else {
        bits - 1
    };
    half_to_f32(next as i32)
}

#[cfg(test)]
mod exactness_tests {
    use super::*;

    #[test]
    fn fma_rounds_once_near_a_tie() {
        // 683 * 3 = 2049, a tie between the halves 2048 and 2050 (ulp 2 there); a tiny c
        // breaks it (float arithmetic would round 2049 + 2^-24 back to the tie first).
        let tiny = 2f32.powi(-24);
        assert_eq!(fma_f16(683.0, 3.0, tiny), 2050.0);
        assert_eq!(fma_f16(683.0, 3.0, -tiny), 2048.0);
        assert_eq!(fma_f16(683.0, 3.0, 0.0), 2048.0);
        assert_eq!(fma_f16(2.0, 3.0, 1.0), 7.0);
        assert_eq!(fma_f16(256.0, 256.0, 0.0), f32::INFINITY);
    }

    #[test]
    fn nextafter_steps_on_the_half_grid() {
        assert_eq!(nextafter_f16(1.0, 2.0), 1.0 + 2f32.powi(-10));
        assert_eq!(nextafter_f16(1.0, 0.0), 1.0 - 2f32.powi(-11));
        assert_eq!(nextafter_f16(0.0, 1.0), 2f32.powi(-24));
        assert_eq!(nextafter_f16(0.0, -1.0), -(2f32.powi(-24)));
        assert_eq!(nextafter_f16(-1.0, -2.0), -(1.0 + 2f32.powi(-10)));
        assert_eq!(nextafter_f16(65504.0, f32::INFINITY), f32::INFINITY);
        assert!(nextafter_f16(f32::NAN, 1.0).is_nan());
    }
}
