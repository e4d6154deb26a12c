//! Numeric conversions between scalar types (one lane).
//!
//! Float to integer uses Cranelift's saturating conversions (NaN gives 0) whether or not the
//! IR asks for saturation: out-of-range values are undefined in OpenCL C without `_sat`, but
//! must not trap. Rounding modes other than the default are honoured for float to integer;
//! for int to float and float narrowing the host's round-to-nearest-even is always used.

use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{types, InstBuilder, Value};
use oclc_ir::{Rounding, ScalarType};

use super::ops::mask;
use super::Tx;
use crate::pieces::clif_scalar;

impl Tx<'_, '_, '_> {
    /// Converts one lane `x` from `from` to `to`.
    pub(super) fn convert(
        &mut self,
        x: Value,
        from: ScalarType,
        to: ScalarType,
        sat: bool,
        rounding: Rounding,
    ) -> Value {
        let tt = clif_scalar(to).expect("checked by the caller");
        if from == to {
            return x;
        }
        match (from, to) {
            (ScalarType::Bool, t) if t.is_int() => self.resize_int(x, 8, t.bits(), false),
            (ScalarType::Bool, _) => {
                let w = self.b.ins().uextend(types::I32, x);
                self.b.ins().fcvt_from_uint(tt, w)
            }
            (f, ScalarType::Bool) if f.is_float() => {
                let zero = self.float_const(f, 0.0);
                self.b.ins().fcmp(FloatCC::NotEqual, x, zero)
            }
            (_, ScalarType::Bool) => self.b.ins().icmp_imm_s(IntCC::NotEqual, x, 0),
            (f, t) if f.is_int() && t.is_int() => {
                if sat {
                    self.int_to_int_sat(x, f, t)
                } else {
                    self.resize_int(x, f.bits(), t.bits(), f.is_signed())
                }
            }
            (f, _) if f.is_int() => {
                let x = if f.bits() < 32 {
                    self.resize_int(x, f.bits(), 32, f.is_signed())
                } else {
                    x
                };
                if f.is_signed() {
                    self.b.ins().fcvt_from_sint(tt, x)
                } else {
                    self.b.ins().fcvt_from_uint(tt, x)
                }
            }
            (_, t) if t.is_int() => {
                let x = match rounding {
                    Rounding::Default | Rounding::Rtz => x,
                    Rounding::Rte => self.b.ins().nearest(x),
                    Rounding::Rtp => self.b.ins().ceil(x),
                    Rounding::Rtn => self.b.ins().floor(x),
                };
                if t.bits() >= 32 {
                    if t.is_signed() {
                        self.b.ins().fcvt_to_sint_sat(tt, x)
                    } else {
                        self.b.ins().fcvt_to_uint_sat(tt, x)
                    }
                } else {
                    let w = self.b.ins().fcvt_to_sint_sat(types::I32, x);
                    let w = if sat {
                        let (lo, hi) = int_range(t);
                        self.clamp_signed(w, lo, hi)
                    } else {
                        w
                    };
                    self.b.ins().ireduce(tt, w)
                }
            }
            (ScalarType::F32, ScalarType::F64) => self.b.ins().fpromote(tt, x),
            (ScalarType::F64, ScalarType::F32) => self.b.ins().fdemote(tt, x),
            _ => x,
        }
    }

    /// A float constant of the given type.
    pub(super) fn float_const(&mut self, s: ScalarType, v: f64) -> Value {
        if s == ScalarType::F64 {
            self.b.ins().f64const(v)
        } else {
            self.b.ins().f32const(v as f32)
        }
    }

    /// Truncates or extends an integer between widths (wrapping semantics).
    fn resize_int(&mut self, x: Value, from_bits: u32, to_bits: u32, signed: bool) -> Value {
        let tt = int_type(to_bits);
        if to_bits < from_bits {
            self.b.ins().ireduce(tt, x)
        } else if to_bits > from_bits {
            if signed {
                self.b.ins().sextend(tt, x)
            } else {
                self.b.ins().uextend(tt, x)
            }
        } else {
            x
        }
    }

    /// Clamps a signed value to `[lo, hi]` (bounds representable in its type).
    fn clamp_signed(&mut self, x: Value, lo: i64, hi: i64) -> Value {
        let ty = self.b.func.dfg.value_type(x);
        let bits = ty.bits();
        let lo_c = self.b.ins().iconst(ty, lo & mask(bits));
        let hi_c = self.b.ins().iconst(ty, hi & mask(bits));
        let below = self.b.ins().icmp(IntCC::SignedLessThan, x, lo_c);
        let x = self.b.ins().select(below, lo_c, x);
        let above = self.b.ins().icmp(IntCC::SignedGreaterThan, x, hi_c);
        self.b.ins().select(above, hi_c, x)
    }

    /// Saturating integer conversion.
    fn int_to_int_sat(&mut self, x: Value, from: ScalarType, to: ScalarType) -> Value {
        let (fb, tb) = (from.bits(), to.bits());
        let ty = self.b.func.dfg.value_type(x);
        let mut x = x;
        if from.is_signed() && !to.is_signed() {
            let zero = self.b.ins().iconst(ty, 0);
            let neg = self.b.ins().icmp(IntCC::SignedLessThan, x, zero);
            x = self.b.ins().select(neg, zero, x);
        }
        let (tlo, thi) = int_range_u(to);
        let (_, fhi) = int_range_u(from);
        if thi < fhi {
            let hi = self.b.ins().iconst(ty, (thi as i64) & mask(fb));
            let cc = if from.is_signed() {
                IntCC::SignedGreaterThan
            } else {
                IntCC::UnsignedGreaterThan
            };
            let above = self.b.ins().icmp(cc, x, hi);
            x = self.b.ins().select(above, hi, x);
        }
        if from.is_signed() && to.is_signed() && tb < fb {
            let lo = self.b.ins().iconst(ty, (tlo as i64) & mask(fb));
            let below = self.b.ins().icmp(IntCC::SignedLessThan, x, lo);
            x = self.b.ins().select(below, lo, x);
        }
        self.resize_int(x, fb, tb, from.is_signed())
    }
}

fn int_type(bits: u32) -> cranelift_codegen::ir::Type {
    match bits {
        8 => types::I8,
        16 => types::I16,
        32 => types::I32,
        _ => types::I64,
    }
}

/// The value range of an integer type (for types narrower than 64 bits).
fn int_range(t: ScalarType) -> (i64, i64) {
    let (lo, hi) = int_range_u(t);
    (lo as i64, hi as i64)
}

/// The value range of an integer type, as i128.
fn int_range_u(t: ScalarType) -> (i128, i128) {
    let b = t.bits();
    if t.is_signed() {
        (-(1i128 << (b - 1)), (1i128 << (b - 1)) - 1)
    } else {
        (0, (1i128 << b) - 1)
    }
}
