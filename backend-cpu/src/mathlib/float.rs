//! Double-precision implementations of the OpenCL float built-ins that have no std
//! counterpart (the single-precision routines evaluate these in double and round once).
//! Each is accurate to a few ulp in double, well inside OpenCL's limits.

use std::f64::consts::PI;

/// sin(pi x), exact argument reduction: |x| mod 2 and symmetries bring the argument to
/// [0, 1/4] before multiplying by pi.
pub fn sinpi(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let mut y = x.abs() % 2.0;
    let mut s = sign;
    if y >= 1.0 {
        y -= 1.0;
        s = -s;
    }
    if y > 0.5 {
        y = 1.0 - y;
    }
    let r = if y <= 0.25 {
        (PI * y).sin()
    } else {
        (PI * (0.5 - y)).cos()
    };
    if r == 0.0 {
        // sinpi(+-n) is +-0 by the sign of x.
        return 0f64.copysign(x);
    }
    s * r
}

/// cos(pi x) with the reduction of [`sinpi`].
pub fn cospi(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    let mut y = x.abs() % 2.0;
    if y > 1.0 {
        y = 2.0 - y;
    }
    let mut s = 1.0;
    if y > 0.5 {
        y = 1.0 - y;
        s = -1.0;
    }
    let r = if y <= 0.25 {
        (PI * y).cos()
    } else {
        (PI * (0.5 - y)).sin()
    };
    // cospi(n + 0.5) is +0.
    if r == 0.0 {
        return 0.0;
    }
    s * r
}

/// tan(pi x) = sinpi / cospi; odd multiples of 1/2 give infinities.
pub fn tanpi(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    let s = sinpi(x);
    let c = cospi(x);
    if c == 0.0 {
        // tanpi(n + 1/2) is +inf for even n and -inf for odd n.
        let n = (x - 0.5).round();
        let even = (n % 2.0) == 0.0;
        return if even {
            f64::INFINITY
        } else {
            f64::NEG_INFINITY
        };
    }
    let r = s / c;
    if r == 0.0 {
        // tanpi(+-n) is +-0 by the sign of x for even n, the opposite for odd n.
        let odd = (x % 2.0).abs() == 1.0;
        return if (x.is_sign_negative()) ^ odd {
            -0.0
        } else {
            0.0
        };
    }
    r
}

/// acos(x) / pi.
pub fn acospi(x: f64) -> f64 {
    x.acos() / PI
}

/// asin(x) / pi.
pub fn asinpi(x: f64) -> f64 {
    x.asin() / PI
}

/// atan(x) / pi.
pub fn atanpi(x: f64) -> f64 {
    x.atan() / PI
}

/// atan2(y, x) / pi.
pub fn atan2pi(y: f64, x: f64) -> f64 {
    y.atan2(x) / PI
}

/// 10^x.
pub fn exp10(x: f64) -> f64 {
    10f64.powf(x)
}

/// The exponent of x as an integer (`FP_ILOGB0` = `INT_MIN` for 0, `INT_MAX` for NaN and
/// infinities, as clang's OpenCL headers define them).
pub fn ilogb(x: f64) -> i32 {
    if x == 0.0 {
        return i32::MIN;
    }
    if !x.is_finite() {
        return i32::MAX;
    }
    let bits = x.to_bits();
    let e = ((bits >> 52) & 0x7ff) as i32;
    if e == 0 {
        let m = bits & ((1u64 << 52) - 1);
        return -1022 - (m.leading_zeros() as i32 - 12) - 1;
    }
    e - 1023
}

/// The exponent of x as a float (-inf for 0, +inf for infinities).
pub fn logb(x: f64) -> f64 {
    if x == 0.0 {
        return f64::NEG_INFINITY;
    }
    if !x.is_finite() {
        return x * x;
    }
    ilogb(x) as f64
}

/// x - y if x > y, +0 otherwise (NaN if either is NaN).
pub fn fdim(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if x > y {
        x - y
    } else {
        0.0
    }
}

/// The argument of larger magnitude (fmax on ties).
pub fn maxmag(x: f64, y: f64) -> f64 {
    let (ax, ay) = (x.abs(), y.abs());
    if ax > ay {
        x
    } else if ay > ax {
        y
    } else {
        x.max(y)
    }
}

/// The argument of smaller magnitude (fmin on ties).
pub fn minmag(x: f64, y: f64) -> f64 {
    let (ax, ay) = (x.abs(), y.abs());
    if ax < ay {
        x
    } else if ay < ax {
        y
    } else {
        x.min(y)
    }
}

macro_rules! next_after {
    ($name:ident, $t:ty, $bits:ty) => {
        /// The next representable value after x toward y.
        pub fn $name(x: $t, y: $t) -> $t {
            if x.is_nan() || y.is_nan() {
                return x + y;
            }
            if x == y {
                return y;
            }
            if x == 0.0 {
                let tiny = <$t>::from_bits(1);
                return if y > 0.0 { tiny } else { -tiny };
            }
            let b = x.to_bits();
            let up = (y > x) == (x > 0.0);
            <$t>::from_bits(if up { b + 1 } else { b - 1 } as $bits)
        }
    };
}
next_after!(nextafter, f64, u64);
next_after!(nextafter_f32, f32, u32);

/// x^y for x >= 0 (NaN for x < 0 and for the indeterminate forms 0^0, inf^0, 1^inf).
pub fn powr(x: f64, y: f64) -> f64 {
    if x < 0.0 || x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if y == 0.0 && (x == 0.0 || x.is_infinite()) {
        return f64::NAN;
    }
    if x == 1.0 && y.is_infinite() {
        return f64::NAN;
    }
    x.powf(y)
}

/// IEEE remainder: x - n y with n = x / y rounded to nearest even (exact).
pub fn remainder(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() || x.is_infinite() || y == 0.0 {
        return f64::NAN;
    }
    let (ax, ay) = (x.abs(), y.abs());
    let (mut r, mut odd) = if ay > f64::MAX / 2.0 {
        if ax >= ay {
            (ax - ay, true)
        } else {
            (ax, false)
        }
    } else {
        let r = ax % (2.0 * ay);
        if r >= ay {
            (r - ay, true)
        } else {
            (r, false)
        }
    };
    if ay <= f64::MAX / 2.0 {
        if 2.0 * r > ay || (2.0 * r == ay && odd) {
            r -= ay;
            odd = false;
        }
    } else if r > ay - r || (r == ay - r && odd) {
        r -= ay;
    }
    let _ = odd;
    if x < 0.0 {
        -r
    } else {
        r
    }
}

/// Hermite interpolation: 0 below e0, 1 above e1, t*t*(3-2t) between.
pub fn smoothstep(e0: f64, e1: f64, x: f64) -> f64 {
    let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// x^n.
pub fn pown(x: f64, n: i32) -> f64 {
    x.powf(n as f64)
}

/// x^(1/n), with a Newton step to correct the rounding of 1/n.
pub fn rootn(x: f64, n: i32) -> f64 {
    if n == 0 || x.is_nan() {
        return f64::NAN;
    }
    let odd = n % 2 != 0;
    if x < 0.0 && !odd {
        return f64::NAN;
    }
    match n {
        1 => return x,
        2 => return x.sqrt(),
        3 => return x.cbrt(),
        -1 => return 1.0 / x,
        _ => {}
    }
    if x == 0.0 {
        return if n > 0 {
            x
        } else if odd {
            1.0 / x
        } else {
            f64::INFINITY
        };
    }
    if x.is_infinite() {
        let pos = if n > 0 { f64::INFINITY } else { 0.0 };
        return if x < 0.0 { -pos } else { pos };
    }
    let a = x.abs();
    let mut y = a.powf(1.0 / n as f64);
    if y.is_finite() && y != 0.0 {
        let e = y.powf(n as f64) / a - 1.0;
        if e.is_finite() {
            y -= y * e / n as f64;
        }
    }
    if x < 0.0 {
        -y
    } else {
        y
    }
}

/// x * 2^n, correctly rounded (musl's scalbn).
pub fn ldexp(mut x: f64, mut n: i32) -> f64 {
    let p1023 = f64::from_bits(0x7fe0_0000_0000_0000);
    let m1022 = f64::from_bits(0x0010_0000_0000_0000); // 2^-1022
    let p53 = 9007199254740992.0; // 2^53
    if n > 1023 {
        x *= p1023;
        n -= 1023;
        if n > 1023 {
            x *= p1023;
            n -= 1023;
            if n > 1023 {
                n = 1023;
            }
        }
    } else if n < -1022 {
        // Scale by 2^-1022 * 2^53 so that the final multiply rounds only once.
        x *= m1022 * p53;
        n += 1022 - 53;
        if n < -1022 {
            x *= m1022 * p53;
            n += 1022 - 53;
            if n < -1022 {
                n = -1022;
            }
        }
    }
    x * f64::from_bits(((0x3ff + n) as u64) << 52)
}

/// x * 2^n for f32, exact in double and rounded once.
pub fn ldexp_f32(x: f32, n: i32) -> f32 {
    (x as f64 * 2f64.powi(n.clamp(-400, 400))) as f32
}

/// log|gamma(x)|.
pub fn lgamma(x: f64) -> f64 {
    super::ports::lgamma_r(x).0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_cases() {
        assert_eq!(sinpi(1.0), 0.0);
        assert_eq!(sinpi(-1.0).to_bits(), (-0f64).to_bits());
        assert_eq!(sinpi(1.0).to_bits(), 0f64.to_bits());
        assert_eq!(sinpi(0.5), 1.0);
        assert_eq!(cospi(0.5), 0.0);
        assert_eq!(cospi(1.0), -1.0);
        assert_eq!(tanpi(0.5), f64::INFINITY);
        assert_eq!(tanpi(1.5), f64::NEG_INFINITY);
        assert_eq!(remainder(5.0, 2.0), 1.0);
        assert_eq!(remainder(7.0, 2.0), -1.0);
        assert_eq!(remainder(-7.5, 2.0), 0.5);
        assert_eq!(ldexp(1.0, -1074), f64::from_bits(1));
        assert_eq!(ldexp(1.5, 1024), f64::INFINITY);
        assert_eq!(ilogb(f64::from_bits(1)), -1074);
        assert_eq!(ilogb(1.0), 0);
        assert_eq!(rootn(-27.0, 3), -3.0);
        assert_eq!(rootn(16.0, 4), 2.0);
        assert_eq!(nextafter(1.0, 2.0), 1.0 + f64::EPSILON);
        assert_eq!(nextafter_f32(0.0, -1.0), -f32::from_bits(1));
    }
}
