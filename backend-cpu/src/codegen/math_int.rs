//! Integer built-ins (OpenCL's integer functions plus integer `mad`, `min`, `max`, `clamp`),
//! inlined lane by lane.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, InstBuilder, Type, Value};
use oclc_ir::{MathFn, ScalarType};

use super::ops::mask;
use super::Tx;

impl Tx<'_, '_, '_> {
    /// One lane of an integer built-in on operands of type `s`.
    pub(super) fn int_lane(&mut self, func: MathFn, s: ScalarType, a: &[Value]) -> Value {
        let ty = self.b.func.dfg.value_type(a[0]);
        let signed = s.is_signed();
        let bits = s.bits();
        match func {
            MathFn::Mad | MathFn::Mad24 => {
                let p = self.b.ins().imul(a[0], a[1]);
                self.b.ins().iadd(p, a[2])
            }
            MathFn::Mul24 => self.b.ins().imul(a[0], a[1]),
            MathFn::Min => self.min_max(s, a[0], a[1], false),
            MathFn::Max => self.min_max(s, a[0], a[1], true),
            MathFn::Clamp => {
                let lo = self.min_max(s, a[0], a[1], true);
                self.min_max(s, lo, a[2], false)
            }
            MathFn::Abs if signed => {
                let neg = self.b.ins().ineg(a[0]);
                let lt = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, a[0], 0);
                self.b.ins().select(lt, neg, a[0])
            }
            MathFn::Abs => a[0],
            MathFn::AbsDiff => {
                let cc = if signed {
                    IntCC::SignedGreaterThan
                } else {
                    IntCC::UnsignedGreaterThan
                };
                let gt = self.b.ins().icmp(cc, a[0], a[1]);
                let d1 = self.b.ins().isub(a[0], a[1]);
                let d2 = self.b.ins().isub(a[1], a[0]);
                self.b.ins().select(gt, d1, d2)
            }
            MathFn::AddSat | MathFn::SubSat => self.add_sub_sat(func == MathFn::AddSat, s, a),
            MathFn::Hadd | MathFn::Rhadd => {
                let one = self.b.ins().iconst(ty, 1);
                let hx = self.shr(signed, a[0], one);
                let hy = self.shr(signed, a[1], one);
                let sum = self.b.ins().iadd(hx, hy);
                let low = if func == MathFn::Hadd {
                    self.b.ins().band(a[0], a[1])
                } else {
                    self.b.ins().bor(a[0], a[1])
                };
                let low = self.b.ins().band_imm_s(low, 1);
                self.b.ins().iadd(sum, low)
            }
            MathFn::MulHi => self.mul_hi(signed, bits, a[0], a[1]),
            MathFn::MadHi => {
                let h = self.mul_hi(signed, bits, a[0], a[1]);
                self.b.ins().iadd(h, a[2])
            }
            MathFn::MadSat => self.mad_sat(s, a),
            MathFn::Rotate => {
                let n = self.b.ins().band_imm_s(a[1], (bits - 1) as i64);
                self.b.ins().rotl(a[0], n)
            }
            MathFn::Clz => self.b.ins().clz(a[0]),
            MathFn::Ctz => self.b.ins().ctz(a[0]),
            MathFn::Popcount => self.b.ins().popcnt(a[0]),
            MathFn::Upsample => {
                let wide = Type::int((bits * 2) as u16).expect("at most 64 bits");
                let hi = if signed {
                    self.b.ins().sextend(wide, a[0])
                } else {
                    self.b.ins().uextend(wide, a[0])
                };
                let hi = self.b.ins().ishl_imm_s(hi, bits as i64);
                let lo = self.b.ins().uextend(wide, a[1]);
                self.b.ins().bor(hi, lo)
            }
            // `math` rejects float-only functions before; nothing else is left.
            _ => unreachable!("integer built-in {} has no lowering", func.name()),
        }
    }

    fn shr(&mut self, signed: bool, x: Value, n: Value) -> Value {
        if signed {
            self.b.ins().sshr(x, n)
        } else {
            self.b.ins().ushr(x, n)
        }
    }

    /// The high half of the full product.
    fn mul_hi(&mut self, signed: bool, bits: u32, x: Value, y: Value) -> Value {
        if bits == 64 {
            return if signed {
                self.b.ins().smulhi(x, y)
            } else {
                self.b.ins().umulhi(x, y)
            };
        }
        let ty = self.b.func.dfg.value_type(x);
        let (wx, wy) = if signed {
            (
                self.b.ins().sextend(types::I64, x),
                self.b.ins().sextend(types::I64, y),
            )
        } else {
            (
                self.b.ins().uextend(types::I64, x),
                self.b.ins().uextend(types::I64, y),
            )
        };
        let p = self.b.ins().imul(wx, wy);
        let h = self.b.ins().sshr_imm_s(p, bits as i64);
        self.b.ins().ireduce(ty, h)
    }

    /// Saturating add or subtract: wraps, then detects overflow from the signs.
    fn add_sub_sat(&mut self, add: bool, s: ScalarType, a: &[Value]) -> Value {
        let (x, y) = (a[0], a[1]);
        let ty = self.b.func.dfg.value_type(x);
        let r = if add {
            self.b.ins().iadd(x, y)
        } else {
            self.b.ins().isub(x, y)
        };
        if !s.is_signed() {
            // Unsigned: add overflowed when r < x, subtract when x < y.
            let (ov, lim) = if add {
                (
                    self.b.ins().icmp(IntCC::UnsignedLessThan, r, x),
                    self.b.ins().iconst(ty, mask(s.bits())),
                )
            } else {
                (
                    self.b.ins().icmp(IntCC::UnsignedLessThan, x, y),
                    self.b.ins().iconst(ty, 0),
                )
            };
            return self.b.ins().select(ov, lim, r);
        }
        // Signed: overflow when the result's sign differs from both operands' (add) or from
        // x's while x and y differ in sign (subtract).
        let xr = self.b.ins().bxor(x, r);
        let other = if add {
            self.b.ins().bxor(y, r)
        } else {
            self.b.ins().bxor(x, y)
        };
        let both = self.b.ins().band(xr, other);
        let ov = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, both, 0);
        let bits = s.bits();
        let max = self.b.ins().iconst(ty, mask(bits - 1));
        let min = self.b.ins().iconst(ty, (1i64 << (bits - 1)) & mask(bits));
        let xneg = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, x, 0);
        let lim = self.b.ins().select(xneg, min, max);
        self.b.ins().select(ov, lim, r)
    }

    /// `a * b + c` saturated, computed exactly in 128 bits.
    /// `a * b + c` saturated to the type, computed exactly in an integer of twice the width
    /// (the largest |a*b+c| of n-bit operands fits in 2n bits).
    fn mad_sat(&mut self, s: ScalarType, a: &[Value]) -> Value {
        let ty = self.b.func.dfg.value_type(a[0]);
        let signed = s.is_signed();
        let bits = s.bits();
        let wide = Type::int((bits * 2) as u16).expect("at most 64-bit operands");
        let w: Vec<Value> = a
            .iter()
            .map(|v| {
                if signed {
                    self.b.ins().sextend(wide, *v)
                } else {
                    self.b.ins().uextend(wide, *v)
                }
            })
            .collect();
        let p = self.b.ins().imul(w[0], w[1]);
        let r = self.b.ins().iadd(p, w[2]);
        let (lo, hi): (i128, i128) = if signed {
            (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
        } else {
            (0, (1i128 << bits) - 1)
        };
        let (lo_v, hi_v) = if wide == types::I128 {
            (self.i128_const(lo), self.i128_const(hi))
        } else {
            (
                self.b.ins().iconst(wide, lo as i64),
                self.b.ins().iconst(wide, hi as i64),
            )
        };
        // Unsigned products of 64-bit operands stay below 2^128, so unsigned compares are
        // exact.
        let (lt, gt) = if signed {
            (IntCC::SignedLessThan, IntCC::SignedGreaterThan)
        } else {
            (IntCC::UnsignedLessThan, IntCC::UnsignedGreaterThan)
        };
        let below = self.b.ins().icmp(lt, r, lo_v);
        let r = self.pick(wide, below, lo_v, r);
        let above = self.b.ins().icmp(gt, r, hi_v);
        let r = self.pick(wide, above, hi_v, r);
        self.b.ins().ireduce(ty, r)
    }

    /// `cond ? x : y`; on i128 through a bit mask, because Cranelift's optimizer turns a
    /// compare-and-select there into an i128 min/max that the x86-64 backend cannot emit.
    fn pick(&mut self, ty: Type, cond: Value, x: Value, y: Value) -> Value {
        if ty != types::I128 {
            return self.b.ins().select(cond, x, y);
        }
        let m = self.b.ins().bmask(ty, cond);
        let keep_x = self.b.ins().band(x, m);
        let keep_y = self.b.ins().band_not(y, m);
        self.b.ins().bor(keep_x, keep_y)
    }

    fn i128_const(&mut self, v: i128) -> Value {
        let lo = self.b.ins().iconst(types::I64, v as i64);
        let hi = self.b.ins().iconst(types::I64, (v >> 64) as i64);
        self.b.ins().iconcat(lo, hi)
    }
}
