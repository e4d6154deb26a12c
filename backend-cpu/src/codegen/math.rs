//! Math, common, integer and relational built-ins, lane by lane. Float functions without a
//! Cranelift instruction call the routines of [`crate::mathlib`], except those with an inline
//! form on f32 (`exp`, `log`, `sin`, `pow` and others, [`super::fast_math`]) for the
//! arguments it serves; integer ones are inlined ([`super::math_int`]).

use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{types, AbiParam, InstBuilder, MemFlagsData, Signature, Value};
use oclc_ir::{MathFn, ScalarType, TypeId, ValueId};

use super::Tx;
use crate::error::CompileError;
use crate::mathlib::{routine, routine_symbol, Shape};

impl Tx<'_, '_, '_> {
    /// Lowers a math built-in with result type `rty`; scalar operands of a vector call are
    /// broadcast.
    pub(super) fn math(
        &mut self,
        func: MathFn,
        args: &[ValueId],
        rty: TypeId,
    ) -> Result<Vec<Value>, CompileError> {
        let elem = self.scalar(args[0])?;
        let half = elem == ScalarType::F16;
        // Half math computes in float (see `half`): the operands widen, the result rounds.
        let s = if half { ScalarType::F32 } else { elem };
        let routine = routine_symbol(func, elem);
        if s.is_float() && func.int_only() || !s.is_float() && func.float_only() {
            return Err(self.err(format!("the built-in '{}' on {}", func.name(), s.name())));
        }
        let n = self.types.lanes_of(rty).unwrap_or(1) as usize;
        let mut ops = Vec::new();
        for a in args {
            let (_, v) = self.widened(*a)?;
            ops.push(if v.len() == 1 { vec![v[0]; n] } else { v });
        }
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let lane: Vec<Value> = ops.iter().map(|o| o[i]).collect();
            let r = if let Some(name) = routine {
                match super::fast_math::inline_form(func).filter(|_| elem == ScalarType::F32) {
                    Some(form) => self.inline_or_call(&form, name, &lane),
                    None => self.call_math(name, &lane),
                }
            } else if half {
                self.half_lane(func, &lane)
            } else if s.is_float() {
                self.float_lane(func, s, &lane)
            } else {
                self.int_lane(func, s, &lane)
            };
            out.push(r);
        }
        if half && self.types.scalar_of(rty) == Some(ScalarType::F16) {
            out = out
                .into_iter()
                .map(|x| {
                    self.convert_half(
                        x,
                        ScalarType::F32,
                        ScalarType::F16,
                        false,
                        oclc_ir::Rounding::Rte,
                    )
                })
                .collect();
        }
        Ok(out)
    }

    /// A lane of a half built-in that calls no routine, computed on the floats halves
    /// widen to: rounding the float result to half once is exact or correctly rounded
    /// except where the half grid itself matters (`fma` rounds once from an exact sum and
    /// `nextafter` steps on half's grid: both call routines, see [`routine_symbol`];
    /// `isnormal` uses half's smallest normal).
    fn half_lane(&mut self, func: MathFn, a: &[Value]) -> Value {
        match func {
            MathFn::IsNormal => {
                let m = self.b.ins().fabs(a[0]);
                let inf = self.float_const(ScalarType::F32, f64::INFINITY);
                let min = self.float_const(ScalarType::F32, 2f64.powi(-14));
                let lo = self.b.ins().fcmp(FloatCC::GreaterThanOrEqual, m, min);
                let hi = self.b.ins().fcmp(FloatCC::LessThan, m, inf);
                self.b.ins().band(lo, hi)
            }
            _ => self.float_lane(func, ScalarType::F32, a),
        }
    }

    /// A lane of a float built-in that calls no routine ([`routine_symbol`]).
    fn float_lane(&mut self, func: MathFn, s: ScalarType, a: &[Value]) -> Value {
        match func {
            MathFn::Sqrt | MathFn::NativeSqrt => self.b.ins().sqrt(a[0]),
            MathFn::Rsqrt | MathFn::NativeRsqrt => {
                let r = self.b.ins().sqrt(a[0]);
                let one = self.float_const(s, 1.0);
                self.b.ins().fdiv(one, r)
            }
            MathFn::NativeRecip => {
                let one = self.float_const(s, 1.0);
                self.b.ins().fdiv(one, a[0])
            }
            MathFn::NativeDivide => self.b.ins().fdiv(a[0], a[1]),
            MathFn::Fabs => self.b.ins().fabs(a[0]),
            MathFn::Floor => self.b.ins().floor(a[0]),
            MathFn::Ceil => self.b.ins().ceil(a[0]),
            MathFn::Trunc => self.b.ins().trunc(a[0]),
            MathFn::Rint => self.b.ins().nearest(a[0]),
            MathFn::Copysign => self.b.ins().fcopysign(a[0], a[1]),
            MathFn::Fma => self.b.ins().fma(a[0], a[1], a[2]),
            MathFn::Mad => {
                let p = self.b.ins().fmul(a[0], a[1]);
                self.b.ins().fadd(p, a[2])
            }
            MathFn::Min => self.min_max(s, a[0], a[1], false),
            MathFn::Max => self.min_max(s, a[0], a[1], true),
            MathFn::Clamp => {
                let lo = self.min_max(s, a[0], a[1], true);
                self.min_max(s, lo, a[2], false)
            }
            MathFn::IsNan => self.b.ins().fcmp(FloatCC::Unordered, a[0], a[0]),
            MathFn::IsInf | MathFn::IsFinite | MathFn::IsNormal => {
                let m = self.b.ins().fabs(a[0]);
                let inf = self.float_const(s, f64::INFINITY);
                match func {
                    MathFn::IsInf => self.b.ins().fcmp(FloatCC::Equal, m, inf),
                    MathFn::IsFinite => self.b.ins().fcmp(FloatCC::LessThan, m, inf),
                    _ => {
                        let min = if s == ScalarType::F64 {
                            f64::MIN_POSITIVE
                        } else {
                            f32::MIN_POSITIVE as f64
                        };
                        let min = self.float_const(s, min);
                        let lo = self.b.ins().fcmp(FloatCC::GreaterThanOrEqual, m, min);
                        let hi = self.b.ins().fcmp(FloatCC::LessThan, m, inf);
                        self.b.ins().band(lo, hi)
                    }
                }
            }
            MathFn::SignBit => {
                let ity = if s == ScalarType::F64 {
                    types::I64
                } else {
                    types::I32
                };
                let bits = self.b.ins().bitcast(ity, MemFlagsData::new(), a[0]);
                self.b.ins().icmp_imm_s(IntCC::SignedLessThan, bits, 0)
            }
            // `math` rejects integer-only functions before; nothing else is left.
            _ => unreachable!("float built-in {} has no lowering", func.name()),
        }
    }

    /// `fmin`/`fmax` (a NaN operand yields the other) or integer min/max by signedness.
    pub(super) fn min_max(&mut self, s: ScalarType, x: Value, y: Value, max: bool) -> Value {
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

    /// `form`'s inline code for arguments `args` it serves, else a call of routine `name`
    /// ([`super::fast_math`]).
    fn inline_or_call(
        &mut self,
        form: &super::fast_math::Inline,
        name: &'static str,
        args: &[Value],
    ) -> Value {
        let Some(serves) = form.serves else {
            return (form.emit)(&mut self.b, args);
        };
        let ok = serves(&mut self.b, args);
        let (fast, slow, merge) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        let r = self.b.append_block_param(merge, types::F32);
        self.b.ins().brif(ok, fast, &[], slow, &[]);
        self.b.switch_to_block(fast);
        let y = (form.emit)(&mut self.b, args);
        self.b.ins().jump(merge, &[y.into()]);
        self.b.switch_to_block(slow);
        let y = self.call_math(name, args);
        self.b.ins().jump(merge, &[y.into()]);
        self.b.switch_to_block(merge);
        r
    }

    /// Calls a routine of [`crate::mathlib`] by symbol name.
    pub(super) fn call_math(&mut self, name: &'static str, a: &[Value]) -> Value {
        let arity = routine(name).map_or(1, |r| shape_arity(r.shape));
        let fref = self.runtime_ref(name);
        let call = self.b.ins().call(fref, &a[..arity]);
        self.b.inst_results(call)[0]
    }

    /// A reference to a runtime routine declared in the module, by symbol name. A routine
    /// the module lacks (object files have none) is recorded in `Env::missing_routines`
    /// and stands for an import, so that the caller can fail the kernel with its name.
    pub(super) fn runtime_ref(&mut self, name: &'static str) -> cranelift_codegen::ir::FuncRef {
        match self.math_refs.get(name) {
            Some(r) => *r,
            None => {
                let id = match self.env.math.get(name) {
                    Some(id) => *id,
                    None => self.missing_routine(name),
                };
                let r = self.env.module.declare_func_in_func(id, self.b.func);
                self.math_refs.insert(name, r);
                r
            }
        }
    }
}

impl Tx<'_, '_, '_> {
    /// Records a call of a routine the module does not provide and declares a stand-in
    /// import for it (the kernel fails after translation; see `Env::missing_routines`).
    fn missing_routine(&mut self, name: &'static str) -> cranelift_module::FuncId {
        self.env.missing_routines.push(name);
        let sig = match routine(name) {
            Some(_) => math_signature(name, self.env.call_conv),
            None => {
                let mut sig = Signature::new(self.env.call_conv);
                sig.params.push(AbiParam::new(types::I64));
                sig.params.push(AbiParam::new(types::I64));
                sig.returns.push(AbiParam::new(types::I32));
                sig
            }
        };
        let stand_in = format!("__oclc_missing_{name}");
        self.env
            .module
            .declare_function(&stand_in, cranelift_module::Linkage::Import, &sig)
            .expect("a fresh import name declares")
    }
}

fn shape_arity(s: Shape) -> usize {
    match s {
        Shape::Unary | Shape::FloatToInt | Shape::HalfToFloat => 1,
        Shape::Binary | Shape::FloatInt => 2,
        Shape::Ternary => 3,
    }
}

/// The signature of a math routine.
pub fn math_signature(name: &str, call_conv: cranelift_codegen::isa::CallConv) -> Signature {
    let r = routine(name).expect("a known routine");
    let t = if r.is_f64 { types::F64 } else { types::F32 };
    let mut sig = Signature::new(call_conv);
    match r.shape {
        Shape::HalfToFloat => sig.params.push(AbiParam::new(types::I32)),
        Shape::FloatInt => {
            sig.params.push(AbiParam::new(t));
            sig.params.push(AbiParam::new(types::I32));
        }
        shape => {
            for _ in 0..shape_arity(shape) {
                sig.params.push(AbiParam::new(t));
            }
        }
    }
    let ret = if r.shape == Shape::FloatToInt {
        types::I32
    } else {
        t
    };
    sig.returns.push(AbiParam::new(ret));
    sig
}
