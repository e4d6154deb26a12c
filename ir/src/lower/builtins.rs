//! Built-in function calls: work-item queries, barriers, and math/common/integer/geometric
//! functions, lowered to IR operations (or short IR sequences with the same meaning).

use oclc_frontend::check::builtins::{builtin_name, BuiltinId as B};
use oclc_frontend::checked::{self as ck, BinOp, CType, ExprKind};

use super::function::FnLower;
use super::LowerError;
use crate::module::Stmt;
use crate::op::{BinaryOp, CmpOp, Const, Dim, MathFn, MemFence, Op, ValueId, WorkItemQuery};
use crate::types::ScalarType;

/// Evaluates a constant integer expression (literals, conversions, `|`, `&`, `+`).
fn const_int(e: &ck::Expr) -> Option<u64> {
    match &e.kind {
        ExprKind::IntConst(v) => Some(*v),
        ExprKind::Convert(a) => const_int(a),
        ExprKind::Binary { op, lhs, rhs } => {
            let (a, b) = (const_int(lhs)?, const_int(rhs)?);
            match op {
                BinOp::BitOr => Some(a | b),
                BinOp::BitAnd => Some(a & b),
                BinOp::Add => Some(a.wrapping_add(b)),
                _ => None,
            }
        }
        _ => None,
    }
}

impl FnLower<'_, '_> {
    /// Lowers a call of a built-in whose chosen overload has parameter types `params`.
    pub fn builtin(
        &mut self,
        id: B,
        _params: &[CType],
        args: &[ck::Expr],
        e: &ck::Expr,
    ) -> Result<ValueId, LowerError> {
        let query = match id {
            B::GetGlobalId => Some(WorkItemQuery::GlobalId),
            B::GetLocalId => Some(WorkItemQuery::LocalId),
            B::GetGroupId => Some(WorkItemQuery::GroupId),
            B::GetGlobalSize => Some(WorkItemQuery::GlobalSize),
            B::GetLocalSize => Some(WorkItemQuery::LocalSize),
            B::GetNumGroups => Some(WorkItemQuery::NumGroups),
            B::GetGlobalOffset => Some(WorkItemQuery::GlobalOffset),
            B::GetWorkDim => Some(WorkItemQuery::WorkDim),
            _ => None,
        };
        if let Some(query) = query {
            let dim = match args.first() {
                None => Dim::Const(0),
                Some(a) => match const_int(a) {
                    Some(d) => Dim::Const(d.min(u32::MAX as u64) as u32),
                    None => {
                        let v = self.expr(a)?;
                        let u32t = self.types().scalar(ScalarType::U32);
                        Dim::Dynamic(self.arith_convert(v, u32t))
                    }
                },
            };
            let ty = self.vty(&e.ty);
            return Ok(self.b.emit(Op::WorkItem { query, dim }, ty));
        }
        if matches!(id, B::MemFence | B::ReadMemFence | B::WriteMemFence) {
            let flags = args.first().and_then(const_int).unwrap_or(3);
            if args.first().is_some_and(|a| const_int(a).is_none()) {
                self.expr(&args[0])?;
            }
            self.b.push(Stmt::Fence {
                fence: MemFence {
                    local: flags & 1 != 0,
                    global: flags & 2 != 0,
                },
            });
            // The fences are void; the value is never used.
            return Ok(self.konst(Const::i32(0)));
        }
        if id == B::Barrier {
            let flags = args.first().and_then(const_int).unwrap_or(3);
            if args.first().is_some_and(|a| const_int(a).is_none()) {
                // Evaluate a computed flag argument for its effects; both fences apply.
                self.expr(&args[0])?;
            }
            self.b.push(Stmt::Barrier {
                fence: MemFence {
                    local: flags & 1 != 0,
                    global: flags & 2 != 0,
                },
            });
            // barrier() is void; the value is never used.
            return Ok(self.konst(Const::i32(0)));
        }
        let mut values = Vec::with_capacity(args.len());
        for a in args {
            values.push(self.expr(a)?);
        }
        let ty = self.vty(&e.ty);
        // Scalar operands of the (gentype, scalar) forms are widened to the first operand.
        let first_ty = values.first().map(|v| self.b.value_type(*v));
        if let Some(ft) = first_ty {
            if self.is_vec(ft) {
                for v in values.iter_mut() {
                    if !self.is_vec(self.b.value_type(*v)) {
                        *v = self.b.emit(Op::Splat { value: *v, to: ft }, ft);
                    }
                }
            }
        }
        let math = |func| Some(func);
        let direct = match id {
            B::Sqrt | B::NativeSqrt => math(MathFn::Sqrt),
            B::Rsqrt | B::NativeRsqrt => math(MathFn::Rsqrt),
            B::Sin | B::NativeSin => math(MathFn::Sin),
            B::Cos | B::NativeCos => math(MathFn::Cos),
            B::Tan => math(MathFn::Tan),
            B::Exp | B::NativeExp => math(MathFn::Exp),
            B::Exp2 => math(MathFn::Exp2),
            B::Log | B::NativeLog => math(MathFn::Log),
            B::Log2 => math(MathFn::Log2),
            B::Pow => math(MathFn::Pow),
            B::Fabs => math(MathFn::Fabs),
            B::Floor => math(MathFn::Floor),
            B::Ceil => math(MathFn::Ceil),
            B::Round => math(MathFn::Round),
            B::Trunc => math(MathFn::Trunc),
            B::Fma => math(MathFn::Fma),
            B::Mad => math(MathFn::Mad),
            B::Fmin | B::Min => math(MathFn::Min),
            B::Fmax | B::Max => math(MathFn::Max),
            B::Clamp => math(MathFn::Clamp),
            B::Abs => math(MathFn::Abs),
            B::Asin => math(MathFn::Asin),
            B::Acos => math(MathFn::Acos),
            B::Atan => math(MathFn::Atan),
            B::Atan2 => math(MathFn::Atan2),
            B::Exp10 => math(MathFn::Exp10),
            B::Log10 => math(MathFn::Log10),
            B::Fmod => math(MathFn::Fmod),
            B::Copysign => math(MathFn::Copysign),
            B::Hypot => math(MathFn::Hypot),
            B::Popcount => math(MathFn::Popcount),
            B::Clz => math(MathFn::Clz),
            B::Rotate => math(MathFn::Rotate),
            _ => None,
        };
        if let Some(func) = direct {
            return Ok(self.b.emit(Op::Math { func, args: values }, ty));
        }
        let bin = |s: &mut Self, op, a, b| {
            let t = s.b.value_type(a);
            s.b.emit(Op::Binary(op, a, b), t)
        };
        match id {
            B::NativeRecip => {
                let one = self.fconst_of(ty, 1.0);
                Ok(bin(self, BinaryOp::Div, one, values[0]))
            }
            B::NativeDivide => Ok(bin(self, BinaryOp::Div, values[0], values[1])),
            B::Mul24 => Ok(bin(self, BinaryOp::Mul, values[0], values[1])),
            B::Mad24 => {
                let p = bin(self, BinaryOp::Mul, values[0], values[1]);
                Ok(bin(self, BinaryOp::Add, p, values[2]))
            }
            B::Mix => {
                let d = bin(self, BinaryOp::Sub, values[1], values[0]);
                let p = bin(self, BinaryOp::Mul, d, values[2]);
                Ok(bin(self, BinaryOp::Add, values[0], p))
            }
            B::Degrees | B::Radians => {
                let k = if id == B::Degrees {
                    180.0 / std::f64::consts::PI
                } else {
                    std::f64::consts::PI / 180.0
                };
                let c = self.fconst_of(ty, k);
                Ok(bin(self, BinaryOp::Mul, values[0], c))
            }
            B::Step => {
                let bt = self.bool_like(ty);
                let below = self
                    .b
                    .emit(Op::Compare(CmpOp::Lt, values[1], values[0]), bt);
                let zero = self.fconst_of(ty, 0.0);
                let one = self.fconst_of(ty, 1.0);
                Ok(self.select(below, zero, one))
            }
            B::Sign => {
                let x = values[0];
                let bt = self.bool_like(ty);
                let zero = self.fconst_of(ty, 0.0);
                let one = self.fconst_of(ty, 1.0);
                let minus = self.fconst_of(ty, -1.0);
                let pos = self.b.emit(Op::Compare(CmpOp::Gt, x, zero), bt);
                let neg = self.b.emit(Op::Compare(CmpOp::Lt, x, zero), bt);
                let not_nan = self.b.emit(Op::Compare(CmpOp::Eq, x, x), bt);
                let keep = self.select(not_nan, x, zero);
                let r = self.select(neg, minus, keep);
                Ok(self.select(pos, one, r))
            }
            B::AbsDiff => {
                let (x, y) = (values[0], values[1]);
                let xt = self.b.value_type(x);
                let bt = self.bool_like(xt);
                let gt = self.b.emit(Op::Compare(CmpOp::Gt, x, y), bt);
                let d1 = bin(self, BinaryOp::Sub, x, y);
                let d2 = bin(self, BinaryOp::Sub, y, x);
                let d = self.select(gt, d1, d2);
                Ok(self.convert(d, ty))
            }
            B::Dot => Ok(self.dot(values[0], values[1])),
            B::Length => {
                let d = self.dot(values[0], values[0]);
                let t = self.b.value_type(d);
                Ok(self.b.emit(
                    Op::Math {
                        func: MathFn::Sqrt,
                        args: vec![d],
                    },
                    t,
                ))
            }
            B::Distance => {
                let diff = bin(self, BinaryOp::Sub, values[0], values[1]);
                let d = self.dot(diff, diff);
                let t = self.b.value_type(d);
                Ok(self.b.emit(
                    Op::Math {
                        func: MathFn::Sqrt,
                        args: vec![d],
                    },
                    t,
                ))
            }
            B::Normalize => {
                let v = values[0];
                let d = self.dot(v, v);
                let st = self.b.value_type(d);
                let r = self.b.emit(
                    Op::Math {
                        func: MathFn::Rsqrt,
                        args: vec![d],
                    },
                    st,
                );
                let rv = if self.is_vec(ty) {
                    self.b.emit(Op::Splat { value: r, to: ty }, ty)
                } else {
                    r
                };
                let scaled = bin(self, BinaryOp::Mul, v, rv);
                let zero = self.fconst_of(st, 0.0);
                let boolt = self.types().scalar(ScalarType::Bool);
                let is_zero = self.b.emit(Op::Compare(CmpOp::Eq, d, zero), boolt);
                Ok(self.select(is_zero, v, scaled))
            }
            B::Cross => {
                let (a, b) = (values[0], values[1]);
                let at = self.b.value_type(a);
                let s = self.types().scalar_of(at).expect("vector");
                let st = self.types().scalar(s);
                let lane = |me: &mut Self, v, l| me.b.emit(Op::Extract { vector: v, lane: l }, st);
                let [ax, ay, az] = [0, 1, 2].map(|l| lane(self, a, l));
                let [bx, by, bz] = [0, 1, 2].map(|l| lane(self, b, l));
                let mut comp = |p: ValueId, q: ValueId, r: ValueId, t: ValueId| {
                    let m1 = bin(self, BinaryOp::Mul, p, q);
                    let m2 = bin(self, BinaryOp::Mul, r, t);
                    bin(self, BinaryOp::Sub, m1, m2)
                };
                let x = comp(ay, bz, az, by);
                let y = comp(az, bx, ax, bz);
                let z = comp(ax, by, ay, bx);
                let mut parts = vec![x, y, z];
                if self.types().lanes_of(at) == Some(4) {
                    parts.push(self.konst(Const::float(s, 0.0)));
                }
                Ok(self.b.emit(Op::Compose { ty: at, parts }, at))
            }
            _ => self.unsupported(
                e.span,
                format!(
                    "built-in function '{}' is not supported yet",
                    builtin_name(id)
                ),
            ),
        }
    }

    fn select(&mut self, cond: ValueId, a: ValueId, b: ValueId) -> ValueId {
        let t = self.b.value_type(a);
        self.b.emit(
            Op::Select {
                cond,
                if_true: a,
                if_false: b,
            },
            t,
        )
    }

    /// Sum of lane-wise products (a scalar for scalar operands).
    fn dot(&mut self, a: ValueId, b: ValueId) -> ValueId {
        let t = self.b.value_type(a);
        let p = self.b.emit(Op::Binary(BinaryOp::Mul, a, b), t);
        let Some(lanes) = self.types().lanes_of(t).filter(|l| *l > 1) else {
            return p;
        };
        let s = self.types().scalar_of(t).expect("vector");
        let st = self.types().scalar(s);
        let mut sum = self.b.emit(Op::Extract { vector: p, lane: 0 }, st);
        for l in 1..lanes {
            let x = self.b.emit(Op::Extract { vector: p, lane: l }, st);
            sum = self.b.emit(Op::Binary(BinaryOp::Add, sum, x), st);
        }
        sum
    }
}
