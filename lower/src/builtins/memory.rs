//! Built-ins that access memory: `vloadn`/`vstoren` and their `half` forms (element loads
//! and stores), atomics (`Op::Atomic`) and the math functions with a pointer result
//! (`fract`, `modf`, `sincos`, `frexp`, `lgamma_r`, `remquo`).

use oclc_frontend::check::builtins::RoundingMode;
use oclc_frontend::checked::{self as ck, AddrSpace, CType};

use super::super::function::FnLower;
use super::super::LowerError;
use super::reinterpret::ir_rounding;
use oclc_ir::module::Stmt;
use oclc_ir::op::{AtomicOp, BinaryOp, CmpOp, MathFn, MemoryOrder, MemoryScope, Op, ValueId};
use oclc_ir::types::{ScalarType, TypeId};

fn atomic_op(name: &str) -> Option<AtomicOp> {
    let base = name
        .strip_prefix("atomic_")
        .or_else(|| name.strip_prefix("atom_"))?;
    Some(match base {
        "add" => AtomicOp::Add,
        "sub" => AtomicOp::Sub,
        "xchg" => AtomicOp::Exchange,
        "min" => AtomicOp::Min,
        "max" => AtomicOp::Max,
        "and" => AtomicOp::And,
        "or" => AtomicOp::Or,
        "xor" => AtomicOp::Xor,
        "inc" => AtomicOp::Inc,
        "dec" => AtomicOp::Dec,
        "cmpxchg" => AtomicOp::CompareExchange,
        _ => return None,
    })
}

impl FnLower<'_, '_> {
    /// Address of element `index` (an `i64`) after `base`.
    fn elem_addr(&mut self, base: ValueId, index: ValueId) -> ValueId {
        let t = self.b.value_type(base);
        self.b.emit(Op::PtrOffset { base, index }, t)
    }

    /// `offset * stride + lane` as an `i64`.
    fn elem_index(&mut self, offset: ValueId, stride: u8, lane: u8) -> ValueId {
        let i64t = self.types().scalar(ScalarType::I64);
        let off = self.convert(offset, i64t);
        let s = self.const_of(i64t, stride as i64);
        let base = self.bin(BinaryOp::Mul, off, s);
        let l = self.const_of(i64t, lane as i64);
        self.bin(BinaryOp::Add, base, l)
    }

    fn stride(lanes: u8, aligned: bool) -> u8 {
        if aligned && lanes == 3 {
            4
        } else {
            lanes
        }
    }

    pub(super) fn vload_call(
        &mut self,
        lanes: u8,
        half: bool,
        aligned: bool,
        args: &[ck::Expr],
        e: &ck::Expr,
    ) -> Result<ValueId, LowerError> {
        let offset = self.expr(&args[0])?;
        let ptr = self.expr(&args[1])?;
        let ty = self.vty(&e.ty);
        let s = self.types().scalar_of(ty).expect("numeric");
        let st = self.types().scalar(s);
        let stride = Self::stride(lanes, aligned);
        let mut parts = Vec::new();
        for l in 0..lanes {
            let idx = self.elem_index(offset, stride, l);
            let addr = self.elem_addr(ptr, idx);
            let v = self.b.load(addr);
            parts.push(if half { self.convert(v, st) } else { v });
        }
        if lanes == 1 {
            return Ok(parts[0]);
        }
        Ok(self.b.emit(Op::Compose { ty, parts }, ty))
    }

    pub(super) fn vstore_call(
        &mut self,
        lanes: u8,
        half: bool,
        aligned: bool,
        rounding: RoundingMode,
        args: &[ck::Expr],
    ) -> Result<ValueId, LowerError> {
        let data = self.expr(&args[0])?;
        let offset = self.expr(&args[1])?;
        let ptr = self.expr(&args[2])?;
        let dt = self.b.value_type(data);
        let s = self.types().scalar_of(dt).expect("numeric");
        let st = self.types().scalar(s);
        let f16 = self.types().scalar(ScalarType::F16);
        let stride = Self::stride(lanes, aligned);
        for l in 0..lanes {
            let mut v = if lanes == 1 {
                data
            } else {
                self.b.emit(
                    Op::Extract {
                        vector: data,
                        lane: l,
                    },
                    st,
                )
            };
            if half {
                v = self.b.emit(
                    Op::Convert {
                        value: v,
                        to: f16,
                        saturate: false,
                        // Round-to-nearest-even is the default of float -> half.
                        rounding: match rounding {
                            RoundingMode::Rte => ir_rounding(RoundingMode::Default),
                            r => ir_rounding(r),
                        },
                    },
                    f16,
                );
            }
            let idx = self.elem_index(offset, stride, l);
            let addr = self.elem_addr(ptr, idx);
            self.b.store(addr, v);
        }
        Ok(self.konst(oclc_ir::op::Const::i32(0)))
    }

    /// OpenCL 1.x atomics: relaxed, device scope on `__global`, work-group scope on `__local`.
    pub(super) fn atomic_call(
        &mut self,
        name: &str,
        params: &[CType],
        args: &[ck::Expr],
        e: &ck::Expr,
    ) -> Result<ValueId, LowerError> {
        let Some(op) = atomic_op(name) else {
            return self.unsupported(e.span, format!("built-in '{name}' is not supported yet"));
        };
        let scope = match params.first() {
            Some(CType::Pointer {
                space: AddrSpace::Local,
                ..
            }) => MemoryScope::WorkGroup,
            _ => MemoryScope::Device,
        };
        let ptr = self.expr(&args[0])?;
        let mut values = Vec::new();
        for a in &args[1..] {
            values.push(self.expr(a)?);
        }
        let ty = self.vty(&e.ty);
        Ok(self.b.emit(
            Op::Atomic {
                op,
                ptr,
                args: values,
                order: MemoryOrder::Relaxed,
                scope,
            },
            ty,
        ))
    }

    /// The quotient `remquo` stores: the low 7 bits of the integral quotient `n` of
    /// `remainder(x, y)` (`x / y` rounded to nearest even), with the sign of `x / y`, as
    /// PoCL gives it; 0 where `x / y` has no such quotient (infinite `x`, zero `y`, NaN).
    /// Exact for every quotient: `|x| mod 128|y|` keeps `n mod 128`, and rounding the small
    /// quotient of that like `remainder` keeps the ties (128 is even).
    fn remquo_quotient(&mut self, x: ValueId, y: ValueId, ty: TypeId, it: TypeId) -> ValueId {
        let ax = self.math(MathFn::Fabs, vec![x], ty);
        let ay = self.math(MathFn::Fabs, vec![y], ty);
        let k128 = self.fconst_of(ty, 128.0);
        // Infinite when 128|y| overflows; then |x / y| < 128 and fmod returns |x|.
        let period = self.bin(BinaryOp::Mul, ay, k128);
        let m = self.math(MathFn::Fmod, vec![ax, period], ty);
        let rm = self.math(MathFn::Remainder, vec![m, ay], ty);
        // (m - rm) / ay is within 128 * 2^-23 of the integer quotient in [0, 128].
        let d = self.bin(BinaryOp::Sub, m, rm);
        let q = self.bin(BinaryOp::Div, d, ay);
        let n = self.math(MathFn::Rint, vec![q], ty);
        let bt = self.bool_like(ty);
        let ok = self.math(MathFn::IsFinite, vec![n], bt);
        let zero = self.fconst_of(ty, 0.0);
        let n = self.select(ok, n, zero);
        let ni = self.convert(n, it);
        let mask = self.const_of(it, 127);
        let low = self.bin(BinaryOp::And, ni, mask);
        let neg_low = self.b.emit(Op::Unary(oclc_ir::op::UnaryOp::Neg, low), it);
        let one = self.fconst_of(ty, 1.0);
        let sx = self.math(MathFn::Copysign, vec![one, x], ty);
        let sy = self.math(MathFn::Copysign, vec![one, y], ty);
        let negative = self.cmp(CmpOp::Ne, sx, sy);
        self.select(negative, neg_low, low)
    }

    /// Math functions that also store a result through a pointer.
    pub(super) fn pointer_result_call(
        &mut self,
        name: &str,
        args: &[ck::Expr],
        e: &ck::Expr,
    ) -> Result<ValueId, LowerError> {
        let x = self.expr(&args[0])?;
        let y = if name == "remquo" {
            Some(self.expr(&args[1])?)
        } else {
            None
        };
        let out = self.expr(args.last().expect("pointer"))?;
        let ty = self.vty(&e.ty);
        let it = self.types().with_elem(ty, ScalarType::I32);
        let zero = self.fconst_of(ty, 0.0);
        let (result, stored) = match name {
            "sincos" => {
                let c = self.math(MathFn::Cos, vec![x], ty);
                (self.math(MathFn::Sin, vec![x], ty), c)
            }
            "modf" => {
                let i = self.math(MathFn::Trunc, vec![x], ty);
                let bt = self.bool_like(ty);
                let inf = self.math(MathFn::IsInf, vec![x], bt);
                let d = self.bin(BinaryOp::Sub, x, i);
                let f = self.select(inf, zero, d);
                (self.math(MathFn::Copysign, vec![f, x], ty), i)
            }
            "fract" => {
                let fl = self.math(MathFn::Floor, vec![x], ty);
                let d = self.bin(BinaryOp::Sub, x, fl);
                let s = self.types().scalar_of(ty).expect("float");
                let below_one = if s == ScalarType::F64 {
                    f64::from_bits(0x3fef_ffff_ffff_ffff)
                } else {
                    f32::from_bits(0x3f7f_ffff) as f64
                };
                let c = self.fconst_of(ty, below_one);
                let r = self.math(MathFn::Min, vec![d, c], ty);
                let bt = self.bool_like(ty);
                let inf = self.math(MathFn::IsInf, vec![x], bt);
                let signed_zero = self.math(MathFn::Copysign, vec![zero, x], ty);
                let r = self.select(inf, signed_zero, r);
                let nan = self.math(MathFn::IsNan, vec![x], bt);
                (self.select(nan, x, r), fl)
            }
            "frexp" => {
                // x = m * 2^e with 0.5 <= |m| < 1; zero, inf and NaN give e = 0, m = x.
                let bt = self.bool_like(ty);
                let finite = self.math(MathFn::IsFinite, vec![x], bt);
                let nonzero = self.cmp(CmpOp::Ne, x, zero);
                let normal = self.bin(BinaryOp::And, finite, nonzero);
                let lg = self.math(MathFn::Ilogb, vec![x], it);
                let one = self.const_of(it, 1);
                let e1 = self.bin(BinaryOp::Add, lg, one);
                let izero = self.const_of(it, 0);
                let ex = self.select(normal, e1, izero);
                let neg = self.b.emit(Op::Unary(oclc_ir::op::UnaryOp::Neg, ex), it);
                (self.math(MathFn::Ldexp, vec![x, neg], ty), ex)
            }
            "lgamma_r" => {
                // The sign of gamma(x): negative on (-2k-1, -2k) for k >= 0, else positive.
                let r = self.math(MathFn::Lgamma, vec![x], ty);
                let fl = self.math(MathFn::Floor, vec![x], ty);
                let two = self.fconst_of(ty, 2.0);
                let m = self.math(MathFn::Fmod, vec![fl, two], ty);
                let odd = self.cmp(CmpOp::Ne, m, zero);
                let negx = self.cmp(CmpOp::Lt, x, zero);
                let not_int = self.cmp(CmpOp::Ne, fl, x);
                let a = self.bin(BinaryOp::And, odd, negx);
                let negative = self.bin(BinaryOp::And, a, not_int);
                let minus = self.const_of(it, -1);
                let plus = self.const_of(it, 1);
                (r, self.select(negative, minus, plus))
            }
            "remquo" => {
                let y = y.expect("remquo divisor");
                let r = self.math(MathFn::Remainder, vec![x, y], ty);
                (r, self.remquo_quotient(x, y, ty, it))
            }
            _ => {
                return self.unsupported(
                    e.span,
                    format!("built-in function '{name}' is not supported yet"),
                )
            }
        };
        self.b.push(Stmt::Store {
            ptr: out,
            value: stored,
        });
        Ok(result)
    }
}
