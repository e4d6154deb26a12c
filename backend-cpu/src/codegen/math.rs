//! Math, common and integer built-ins, lane by lane. Functions without a Cranelift
//! instruction call the routines of [`crate::mathlib`].

use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{types, AbiParam, InstBuilder, Signature, Value};
use oclc_ir::{MathFn, ScalarType, TypeId, ValueId};

use super::Tx;
use crate::error::CompileError;
use crate::mathlib::{math_symbol, symbol_arity};

impl Tx<'_, '_, '_> {
    /// Lowers a math built-in with result type `rty`; scalar operands of a vector call are
    /// broadcast.
    pub(super) fn math(
        &mut self,
        func: MathFn,
        args: &[ValueId],
        rty: TypeId,
    ) -> Result<Vec<Value>, CompileError> {
        let s = self.scalar(args[0])?;
        if s == ScalarType::F16 {
            return Err(self.err("half math built-ins"));
        }
        if !lane_supported(func, s) {
            return Err(self.err(format!("the built-in '{}' on {}", func.name(), s.name())));
        }
        let n = self.types.lanes_of(rty).unwrap_or(1) as usize;
        let mut ops = Vec::new();
        for a in args {
            let v = self.val(*a)?;
            ops.push(if v.len() == 1 { vec![v[0]; n] } else { v });
        }
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let lane: Vec<Value> = ops.iter().map(|o| o[i]).collect();
            out.push(self.math_lane(func, s, &lane));
        }
        Ok(out)
    }

    fn math_lane(&mut self, func: MathFn, s: ScalarType, a: &[Value]) -> Value {
        let f = s.is_float();
        if let Some(name) = math_symbol(func, s == ScalarType::F64).filter(|_| f) {
            return self.call_math(name, a);
        }
        match func {
            MathFn::Sqrt => self.b.ins().sqrt(a[0]),
            MathFn::Rsqrt => {
                let r = self.b.ins().sqrt(a[0]);
                let one = self.float_const(s, 1.0);
                self.b.ins().fdiv(one, r)
            }
            MathFn::Fabs => self.b.ins().fabs(a[0]),
            MathFn::Floor => self.b.ins().floor(a[0]),
            MathFn::Ceil => self.b.ins().ceil(a[0]),
            MathFn::Trunc => self.b.ins().trunc(a[0]),
            MathFn::Fma => self.b.ins().fma(a[0], a[1], a[2]),
            MathFn::Mad if f => {
                let p = self.b.ins().fmul(a[0], a[1]);
                self.b.ins().fadd(p, a[2])
            }
            MathFn::Mad => {
                let p = self.b.ins().imul(a[0], a[1]);
                self.b.ins().iadd(p, a[2])
            }
            MathFn::Min => self.min_max(s, a[0], a[1], false),
            MathFn::Max => self.min_max(s, a[0], a[1], true),
            MathFn::Clamp => {
                let lo = self.min_max(s, a[0], a[1], true);
                self.min_max(s, lo, a[2], false)
            }
            MathFn::Abs if s.is_signed() => {
                let neg = self.b.ins().ineg(a[0]);
                let lt = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, a[0], 0);
                self.b.ins().select(lt, neg, a[0])
            }
            MathFn::Abs if f => self.b.ins().fabs(a[0]),
            // Unsigned abs is the identity; `lane_supported` rejects everything else first.
            _ => a[0],
        }
    }

    /// `fmin`/`fmax` (a NaN operand yields the other) or integer min/max by signedness.
    fn min_max(&mut self, s: ScalarType, x: Value, y: Value, max: bool) -> Value {
        if s.is_float() {
            let r = if max {
                self.b.ins().fmax(x, y)
            } else {
                self.b.ins().fmin(x, y)
            };
            let x_nan = self.b.ins().fcmp(FloatCC::Unordered, x, x);
            let r = self.b.ins().select(x_nan, y, r);
            let y_nan = self.b.ins().fcmp(FloatCC::Unordered, y, y);
            self.b.ins().select(y_nan, x, r)
        } else {
            let cc = match (s.is_signed(), max) {
                (true, false) => IntCC::SignedLessThan,
                (true, true) => IntCC::SignedGreaterThan,
                (false, false) => IntCC::UnsignedLessThan,
                (false, true) => IntCC::UnsignedGreaterThan,
            };
            let c = self.b.ins().icmp(cc, x, y);
            self.b.ins().select(c, x, y)
        }
    }

    /// Calls a routine of [`crate::mathlib`] by symbol name.
    pub(super) fn call_math(&mut self, name: &'static str, a: &[Value]) -> Value {
        let fref = match self.math_refs.get(name) {
            Some(r) => *r,
            None => {
                let id = self.env.math[name];
                let r = self.env.module.declare_func_in_func(id, self.b.func);
                self.math_refs.insert(name, r);
                r
            }
        };
        let call = self.b.ins().call(fref, &a[..symbol_arity(name)]);
        self.b.inst_results(call)[0]
    }
}

/// The signature of a math routine.
pub fn math_signature(name: &str, call_conv: cranelift_codegen::isa::CallConv) -> Signature {
    let t = if name.ends_with("f64") {
        types::F64
    } else {
        types::F32
    };
    let mut sig = Signature::new(call_conv);
    for _ in 0..symbol_arity(name) {
        sig.params.push(AbiParam::new(t));
    }
    sig.returns.push(AbiParam::new(t));
    sig
}

/// True when [`Tx::math`] implements `func` on lanes of `s` (anything else is reported as
/// unsupported instead of being miscompiled).
fn lane_supported(func: MathFn, s: ScalarType) -> bool {
    let f = s.is_float();
    if f && math_symbol(func, s == ScalarType::F64).is_some() {
        return true;
    }
    match func {
        MathFn::Sqrt
        | MathFn::Rsqrt
        | MathFn::Fabs
        | MathFn::Floor
        | MathFn::Ceil
        | MathFn::Trunc
        | MathFn::Fma => f,
        MathFn::Mad | MathFn::Min | MathFn::Max | MathFn::Clamp => true,
        MathFn::Abs => s.is_int(),
        _ => false,
    }
}
