//! Special functions in double precision (`erf`, `erfc`, `lgamma`, `tgamma`) from the
//! `libm` crate (the Rust port of musl/FreeBSD msun), which is well maintained and exactly
//! what these need; `f32` callers round its double results once.

/// The error function.
pub fn erf(x: f64) -> f64 {
    libm::erf(x)
}

/// The complementary error function.
pub fn erfc(x: f64) -> f64 {
    libm::erfc(x)
}

/// `log(|gamma(x)|)` and the sign of `gamma(x)`.
pub fn lgamma_r(x: f64) -> (f64, i32) {
    libm::lgamma_r(x)
}

/// The gamma function.
pub fn tgamma(x: f64) -> f64 {
    libm::tgamma(x)
}
