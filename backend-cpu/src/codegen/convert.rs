//! Numeric conversions between scalar types (one lane).
//!
//! Float to integer uses Cranelift's saturating conversions (NaN gives 0) whether or not the
//! IR asks for saturation: out-of-range values are undefined in OpenCL C without `_sat`, but
//! must not trap. Every rounding mode is honoured: directed modes of int to float and of
//! float narrowing re-round the nearest result by one ulp where it fell on the wrong side.

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
                let r = if f.is_signed() {
                    self.b.ins().fcvt_from_sint(tt, x)
                } else {
                    self.b.ins().fcvt_from_uint(tt, x)
                };
                if matches!(rounding, Rounding::Default | Rounding::Rte) {
                    r
                } else {
                    self.int_to_float_directed(x, f, r, rounding)
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
            (ScalarType::F64, ScalarType::F32) => {
                let r = self.b.ins().fdemote(tt, x);
                if matches!(rounding, Rounding::Default | Rounding::Rte) {
                    return r;
                }
                let back = self.b.ins().fpromote(types::F64, r);
                let gt = self.b.ins().fcmp(FloatCC::GreaterThan, back, x);
                let lt = self.b.ins().fcmp(FloatCC::LessThan, back, x);
                let zero = self.b.ins().f64const(0.0);
                let neg = self.b.ins().fcmp(FloatCC::LessThan, x, zero);
                self.nudge(r, gt, lt, neg, rounding)
            }
            _ => x,
        }
    }

    /// Re-rounds `r`, the round-to-nearest conversion of the integer `x` (of type `from`,
    /// at least 32 bits wide here), toward zero, +inf or -inf: converts `r` back exactly
    /// and steps it by one ulp when it lies on the wrong side of `x`.
    fn int_to_float_directed(
        &mut self,
        x: Value,
        from: ScalarType,
        r: Value,
        rounding: Rounding,
    ) -> Value {
        let signed = from.is_signed();
        let x64 = if from.bits() < 64 {
            self.resize_int(x, from.bits().max(32), 64, signed)
        } else {
            x
        };
        let rty = self.b.func.dfg.value_type(r);
        // Past the top of the 64-bit range the saturating conversion back is not exact, but
        // there r > x holds for every x.
        let top = if signed { 2f64.powi(63) } else { 2f64.powi(64) };
        let top = if rty == types::F32 {
            self.b.ins().f32const(top as f32)
        } else {
            self.b.ins().f64const(top)
        };
        let over = self.b.ins().fcmp(FloatCC::GreaterThanOrEqual, r, top);
        let (back, gt_cc, lt_cc) = if signed {
            (
                self.b.ins().fcvt_to_sint_sat(types::I64, r),
                IntCC::SignedGreaterThan,
                IntCC::SignedLessThan,
            )
        } else {
            (
                self.b.ins().fcvt_to_uint_sat(types::I64, r),
                IntCC::UnsignedGreaterThan,
                IntCC::UnsignedLessThan,
            )
        };
        let gt = self.b.ins().icmp(gt_cc, back, x64);
        let gt = self.b.ins().bor(gt, over);
        let lt = self.b.ins().icmp(lt_cc, back, x64);
        let neg = if signed {
            self.b.ins().icmp_imm_s(IntCC::SignedLessThan, x64, 0)
        } else {
            self.b.ins().iconst(types::I8, 0)
        };
        self.nudge(r, gt, lt, neg, rounding)
    }

    /// Steps the nonzero float `r` one ulp toward the rounding direction when it rounded the
    /// exact value the wrong way (`gt`: r is above it, `lt`: below, `neg`: it is negative).
    fn nudge(&mut self, r: Value, gt: Value, lt: Value, neg: Value, rounding: Rounding) -> Value {
        let (down, up) = match rounding {
            Rounding::Rtp => (self.b.ins().iconst(types::I8, 0), lt),
            Rounding::Rtn => (gt, self.b.ins().iconst(types::I8, 0)),
            _ => {
                // Toward zero: down for positive values, up for negative ones.
                let pos = self.b.ins().bxor_imm_s(neg, 1);
                (self.b.ins().band(gt, pos), self.b.ins().band(lt, neg))
            }
        };
        let rty = self.b.func.dfg.value_type(r);
        let ity = if rty == types::F32 {
            types::I32
        } else {
            types::I64
        };
        let bits = self
            .b
            .ins()
            .bitcast(ity, cranelift_codegen::ir::MemFlagsData::new(), r);
        // Toward +inf adds one to the bits of a positive value and subtracts from a negative.
        let one = self.b.ins().iconst(ity, 1);
        let m1 = self.b.ins().iconst(ity, -1);
        let zero = self.b.ins().iconst(ity, 0);
        let step = self.b.ins().select(down, m1, zero);
        let step = self.b.ins().select(up, one, step);
        let rneg = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, bits, 0);
        let nstep = self.b.ins().ineg(step);
        let step = self.b.ins().select(rneg, nstep, step);
        let bits = self.b.ins().iadd(bits, step);
        self.b
            .ins()
            .bitcast(rty, cranelift_codegen::ir::MemFlagsData::new(), bits)
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
