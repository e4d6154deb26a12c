//! Double-precision references for the math accuracy tests (`vulkan_math_ulp` on float,
//! `vulkan_math_ulp_f16` on half, backend-cpu's `math_ulp`) of the functions Rust's f64 lacks:
//! sinpi/cospi/tanpi with exact reduction, erf/erfc, tgamma/lgamma, rootn, ilogb/logb.
//! Each is accurate far beyond the float and half results it judges.
#![allow(dead_code)]

use std::f64::consts::PI;

/// sin(pi x) with exact reduction modulo 2.
pub fn sinpi_ref(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    let r = x % 2.0;
    if r % 1.0 == 0.0 {
        return 0.0f64.copysign(x);
    }
    // sin(pi r) = sin(pi (+-1 - r)) keeps the argument small where |r| is near 1.
    let r = if r > 0.5 {
        1.0 - r
    } else if r < -0.5 {
        -1.0 - r
    } else {
        r
    };
    (PI * r).sin()
}

/// cos(pi x) with exact reduction modulo 2.
pub fn cospi_ref(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    let r = x.abs() % 2.0;
    if r == 0.5 || r == 1.5 {
        return 0.0;
    }
    // cos(pi r) = -sin(pi (r - 1/2)).
    -sinpi_ref(r - 0.5)
}

/// tan(pi x) with exact poles and zeros.
pub fn tanpi_ref(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    let r = x.abs() % 2.0;
    match r {
        0.0 => 0.0f64.copysign(x),
        1.0 => 0.0f64.copysign(-x),
        0.5 => f64::INFINITY.copysign(x),
        1.5 => f64::INFINITY.copysign(-x),
        _ => sinpi_ref(x) / cospi_ref(x),
    }
}

/// erf by its Maclaurin series below 2 (alternating, summed in f64 with the terms
/// small enough at that range), else 1 - erfc.
pub fn erf_ref(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x.is_infinite() {
        return 1f64.copysign(x);
    }
    let a = x.abs();
    let v = if a < 2.0 {
        // erf(a) = 2/sqrt(pi) sum (-1)^n a^(2n+1) / (n! (2n+1)).
        let mut sum = 0.0;
        let mut p = a;
        let mut n = 0.0;
        loop {
            let term = p / (2.0 * n + 1.0);
            sum += term;
            if term.abs() <= 1e-18 * sum.abs() {
                break;
            }
            n += 1.0;
            p *= -a * a / n;
        }
        2.0 / PI.sqrt() * sum
    } else {
        1.0 - erfc_ref(a)
    };
    v.copysign(x)
}

/// erfc by the asymptotic continued fraction evaluated forward with Lentz's method for
/// x >= 2, else through erf.
pub fn erfc_ref(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x.is_infinite() {
        return if x > 0.0 { 0.0 } else { 2.0 };
    }
    if x < 0.0 {
        return 2.0 - erfc_ref(-x);
    }
    if x < 2.0 {
        return 1.0 - erf_ref(x);
    }
    // erfc(x) = e^(-x^2)/sqrt(pi) * 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + ...)))).
    let tiny = 1e-300;
    let mut f = x;
    let mut c = x;
    let mut d = 0.0;
    for k in 1..2000 {
        let a = k as f64 / 2.0;
        d = x + a * d;
        d = if d == 0.0 { tiny } else { d };
        c = x + a / c;
        c = if c == 0.0 { tiny } else { c };
        d = 1.0 / d;
        let delta = c * d;
        f *= delta;
        if (delta - 1.0).abs() < 1e-17 {
            break;
        }
    }
    (-x * x).exp() / PI.sqrt() / f
}

/// ln Gamma(x) for x >= 15 by Stirling's series (error below 1e-17 relative there).
fn lgamma_stirling(x: f64) -> f64 {
    const B: [f64; 7] = [
        1.0 / 12.0,
        -1.0 / 360.0,
        1.0 / 1260.0,
        -1.0 / 1680.0,
        1.0 / 1188.0,
        -691.0 / 360360.0,
        1.0 / 156.0,
    ];
    let mut s = 0.0;
    let mut p = 1.0 / x;
    for b in B {
        s += b * p;
        p /= x * x;
    }
    (x - 0.5) * x.ln() - x + 0.5 * (2.0 * PI).ln() + s
}

/// Gamma(x) by shifting x up past 15 and Stirling's series, with reflection below 1/2.
pub fn tgamma_ref(x: f64) -> f64 {
    if x.is_nan() || x == f64::NEG_INFINITY || (x < 0.0 && x == x.floor()) {
        return f64::NAN;
    }
    if x == 0.0 {
        return f64::INFINITY.copysign(x);
    }
    if x > 180.0 {
        return f64::INFINITY;
    }
    if x < 0.5 {
        if x < -60.0 {
            // |Gamma| < 1e-80: a zero with Gamma's sign.
            return if (x.floor() as i64) % 2 != 0 {
                -0.0
            } else {
                0.0
            };
        }
        return PI / (sinpi_ref(x) * tgamma_ref(1.0 - x));
    }
    let mut z = x;
    let mut prod = 1.0;
    while z < 15.0 {
        prod *= z;
        z += 1.0;
    }
    lgamma_stirling(z).exp() / prod
}

/// ln |Gamma(x)|: Stirling above 15, through tgamma above -30, reflection below.
pub fn lgamma_ref(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x.is_infinite() || (x <= 0.0 && x == x.floor()) {
        return f64::INFINITY;
    }
    if x == 1.0 || x == 2.0 {
        return 0.0;
    }
    if x >= 15.0 {
        return lgamma_stirling(x);
    }
    if x > -30.0 {
        return tgamma_ref(x).abs().ln();
    }
    (PI / (sinpi_ref(x) * x).abs()).ln() - lgamma_stirling(-x)
}

/// x^(1/n) with C99/OpenCL special cases (odd roots of negatives, zeros, n = 0).
pub fn rootn_ref(x: f64, n: i32) -> f64 {
    if n == 0 || x.is_nan() || (x < 0.0 && n % 2 == 0) {
        return f64::NAN;
    }
    if x == 0.0 {
        let z = if n < 0 { f64::INFINITY } else { 0.0 };
        return if n % 2 != 0 { z.copysign(x) } else { z };
    }
    x.abs().powf(1.0 / n as f64).copysign(x)
}

/// The unbiased exponent of x as a float, with logb's special values.
pub fn logb_ref(x: f64) -> f64 {
    if x == 0.0 {
        f64::NEG_INFINITY
    } else if x.is_infinite() {
        f64::INFINITY
    } else if x.is_nan() {
        x
    } else {
        ilogb_ref(x) as f64
    }
}

/// The unbiased exponent of x, with ilogb's special values (FP_ILOGB0 = INT_MIN, FP_ILOGBNAN = INT_MAX).
pub fn ilogb_ref(x: f64) -> i32 {
    if x == 0.0 {
        i32::MIN
    } else if !x.is_finite() {
        i32::MAX
    } else {
        ((x.abs().to_bits() >> 52) as i32) - 1023
    }
}
