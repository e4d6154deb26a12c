//! Shared by the math accuracy tests (`vulkan_math_ulp`, `vulkan_math_ulp_f64`): a
//! reproducible random generator, shuffling, little-endian buffers, and the double-precision
//! references that are the same whatever the precision measured (C99 Annex F semantics).

/// xorshift64*: reproducible inputs without extra crates.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    /// Uniform in [0, 1) with 53 random bits.
    pub fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    /// Uniform in [lo, hi).
    pub fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
    /// A random sign times 2^u with u uniform in [lo, hi).
    pub fn log_uniform(&mut self, lo: f64, hi: f64) -> f64 {
        let v = self.uniform(lo, hi).exp2();
        if self.next() & 1 == 0 {
            v
        } else {
            -v
        }
    }
}

/// `v` in a reproducible random order (Fisher-Yates).
pub fn shuffled<T>(mut v: Vec<T>, seed: u64) -> Vec<T> {
    let mut r = Rng(seed);
    for i in (1..v.len()).rev() {
        let j = (r.next() % (i as u64 + 1)) as usize;
        v.swap(i, j);
    }
    v
}

/// The little-endian bytes of `v`'s elements, e.g. `le_bytes(&xs, f32::to_le_bytes)`.
pub fn le_bytes<T: Copy, const N: usize>(v: &[T], to_bytes: fn(T) -> [u8; N]) -> Vec<u8> {
    v.iter().flat_map(|&x| to_bytes(x)).collect()
}

/// pow with C99 Annex F's special values (Rust's powf follows them).
pub fn pow_ref(x: f64, y: f64) -> f64 {
    x.powf(y)
}

/// powr: pow for x >= 0, NaN for the cases OpenCL lists.
pub fn powr_ref(x: f64, y: f64) -> f64 {
    if x < 0.0
        || x.is_nan()
        || y.is_nan()
        || (x == 0.0 && y == 0.0)
        || (x.is_infinite() && y == 0.0)
        || (x == 1.0 && y.is_infinite())
    {
        return f64::NAN;
    }
    x.powf(y)
}

/// IEEE remainder (quotient rounded to nearest even); a zero result has x's sign.
pub fn remainder_ref(x: f64, y: f64) -> f64 {
    if y == 0.0 || x.is_infinite() || x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if y.is_infinite() {
        return x;
    }
    // fmod is exact; the parity of the quotient comes from fmod by 2y (when 2y is finite).
    let r = x % y;
    let odd = if y.abs() < f64::MAX / 2.0 {
        (x % (2.0 * y)).abs() >= y.abs()
    } else {
        x.abs() >= y.abs()
    };
    let ar = r.abs();
    let res = if ar > y.abs() - ar || (ar == y.abs() - ar && odd) {
        r - y.abs().copysign(r)
    } else {
        r
    };
    if res == 0.0 {
        0.0f64.copysign(x)
    } else {
        res
    }
}

/// fdim: x - y when x > y, else +0; NaN in, NaN out.
pub fn fdim_ref(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        f64::NAN
    } else if x > y {
        x - y
    } else {
        0.0
    }
}

/// The operand of larger magnitude (fmax on a tie).
pub fn maxmag_ref(x: f64, y: f64) -> f64 {
    if x.abs() > y.abs() {
        x
    } else if y.abs() > x.abs() {
        y
    } else {
        x.max(y)
    }
}

/// The operand of smaller magnitude (fmin on a tie).
pub fn minmag_ref(x: f64, y: f64) -> f64 {
    if x.abs() < y.abs() {
        x
    } else if y.abs() < x.abs() {
        y
    } else {
        x.min(y)
    }
}
