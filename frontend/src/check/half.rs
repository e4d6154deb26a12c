//! `half` values need `#pragma OPENCL EXTENSION cl_khr_fp16 : enable` (as in clang-14):
//! without it, `half` exists only behind pointers for `vload_half`/`vstore_half`, and
//! variables, parameters, results, literals, casts, loads and stores of `half` are errors.
//! The pragma takes effect from where it stands: within one file by position, and a pragma
//! of another (included) file by the order the preprocessor met it.

use super::Checker;
use crate::checked::{CType, ScalarKind};
use crate::diagnostic::Diagnostic;
use crate::source::Span;

/// True for `half` and arrays of it (the types clang rejects without `cl_khr_fp16`;
/// `half` vectors are accepted).
pub(crate) fn is_half_object(t: &CType) -> bool {
    match t {
        CType::Scalar(ScalarKind::Half) => true,
        CType::Array { elem, .. } => is_half_object(elem),
        _ => false,
    }
}

impl Checker {
    /// True when `cl_khr_fp16` is enabled at `at`.
    pub(crate) fn fp16_enabled_at(&self, at: Span) -> bool {
        let mut on = false;
        for (sp, enable) in &self.fp16_pragmas {
            if sp.file == at.file && sp.start > at.start {
                continue;
            }
            on = *enable;
        }
        on
    }

    /// Reports `what` (a use of a `half` value at `span`) unless `cl_khr_fp16` is enabled
    /// there; returns whether it was allowed.
    pub(crate) fn require_fp16(&mut self, span: Span, what: impl Into<String>) -> bool {
        if self.fp16_enabled_at(span) {
            return true;
        }
        self.error(Diagnostic::error("E0324", what.into(), span).with_note(
            "half values need '#pragma OPENCL EXTENSION cl_khr_fp16 : enable' \
             (without it, use vload_half/vstore_half)",
        ));
        false
    }
}

/// `v` rounded to the nearest IEEE binary16 value (ties to even; overflow to infinity), as
/// a `half` literal's value.
pub(crate) fn round_to_half(v: f64) -> f64 {
    if !v.is_finite() || v == 0.0 {
        return v;
    }
    let a = v.abs();
    // Largest half is 65504; from 65520 on, rounding goes to infinity.
    if a >= 65520.0 {
        return f64::INFINITY.copysign(v);
    }
    let exp = a.log2().floor().max(-14.0);
    let quantum = (exp - 10.0).exp2();
    ((a / quantum).round_ties_even() * quantum).copysign(v)
}
