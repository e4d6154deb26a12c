//! Element-wise built-ins (math, common, integer, relational): one `Op::Math`
//! where the IR has the function, otherwise a short sequence of IR operations.

use oclc_frontend::checked::{self as ck};

use super::super::function::FnLower;
use super::super::LowerError;
use oclc_ir::op::{BinaryOp, CmpOp, MathFn, Op, UnaryOp, ValueId};
use oclc_ir::types::{ScalarType, TypeId};

/// The IR function computing catalogue function `name` directly, if there is one.
fn direct_math(name: &str) -> Option<MathFn> {
    let base = name.strip_prefix("half_").unwrap_or(name);
    let base = base.strip_prefix("fast_").unwrap_or(base);
    match base {
        "fmin" => Some(MathFn::Min),
        "fmax" => Some(MathFn::Max),
        // Relational functions return -1/0 (vectors) or 1/0 (scalars), not bool.
        "isnan" | "isinf" | "isfinite" | "isnormal" | "signbit" => None,
        _ => MathFn::from_name(base),
    }
}

impl FnLower<'_, '_> {
    /// Lowers the arguments; scalars among vector operands are broadcast to the vector's lane
    /// count (keeping their own element type).
    pub(super) fn lanewise_args(&mut self, args: &[ck::Expr]) -> Result<Vec<ValueId>, LowerError> {
        let mut values = Vec::with_capacity(args.len());
        for a in args {
            values.push(self.expr(a)?);
        }
        let lanes = values
            .iter()
            .map(|v| self.b.types.lanes_of(self.b.value_type(*v)).unwrap_or(1))
            .max()
            .unwrap_or(1);
        if lanes > 1 {
            for v in values.iter_mut() {
                let t = self.b.value_type(*v);
                if !self.is_vec(t) {
                    let s = self.types().scalar_of(t).expect("numeric operand");
                    let vt = self.types().vector(s, lanes);
                    *v = self.b.emit(Op::Splat { value: *v, to: vt }, vt);
                }
            }
        }
        Ok(values)
    }

    pub(super) fn bin(&mut self, op: BinaryOp, a: ValueId, b: ValueId) -> ValueId {
        let t = self.b.value_type(a);
        self.b.emit(Op::Binary(op, a, b), t)
    }

    pub(super) fn cmp(&mut self, op: CmpOp, a: ValueId, b: ValueId) -> ValueId {
        let t = self.b.value_type(a);
        let bt = self.bool_like(t);
        self.b.emit(Op::Compare(op, a, b), bt)
    }

    pub(super) fn math(&mut self, func: MathFn, args: Vec<ValueId>, ty: TypeId) -> ValueId {
        self.b.emit(Op::Math { func, args }, ty)
    }

    pub(super) fn select(&mut self, cond: ValueId, a: ValueId, b: ValueId) -> ValueId {
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

    /// A relational result: 1/0 for scalars, -1/0 for vectors, of type `ty`.
    fn relational(&mut self, cond: ValueId, ty: TypeId) -> ValueId {
        let when_true = if self.is_vec(ty) { -1 } else { 1 };
        self.bool_to_num(cond, ty, when_true)
    }

    /// Lowers an element-wise catalogue function.
    pub(super) fn elementwise(
        &mut self,
        name: &str,
        args: &[ck::Expr],
        e: &ck::Expr,
    ) -> Result<ValueId, LowerError> {
        let values = self.lanewise_args(args)?;
        let ty = self.vty(&e.ty);
        if let Some(func) = direct_math(name) {
            return Ok(self.math(func, values, ty));
        }
        let v = &values;
        let base = name.strip_prefix("half_").unwrap_or(name);
        let base = base.strip_prefix("fast_").unwrap_or(base);
        Ok(match base {
            "recip" => {
                let one = self.fconst_of(ty, 1.0);
                self.bin(BinaryOp::Div, one, v[0])
            }
            "divide" => self.bin(BinaryOp::Div, v[0], v[1]),
            "mix" => {
                let d = self.bin(BinaryOp::Sub, v[1], v[0]);
                let p = self.bin(BinaryOp::Mul, d, v[2]);
                self.bin(BinaryOp::Add, v[0], p)
            }
            "degrees" | "radians" => {
                let k = if base == "degrees" {
                    180.0 / std::f64::consts::PI
                } else {
                    std::f64::consts::PI / 180.0
                };
                let c = self.fconst_of(ty, k);
                self.bin(BinaryOp::Mul, v[0], c)
            }
            "step" => {
                let below = self.cmp(CmpOp::Lt, v[1], v[0]);
                let zero = self.fconst_of(ty, 0.0);
                let one = self.fconst_of(ty, 1.0);
                self.select(below, zero, one)
            }
            "sign" => {
                let x = v[0];
                let zero = self.fconst_of(ty, 0.0);
                let one = self.fconst_of(ty, 1.0);
                let minus = self.fconst_of(ty, -1.0);
                let pos = self.cmp(CmpOp::Gt, x, zero);
                let neg = self.cmp(CmpOp::Lt, x, zero);
                // +-0 is returned unchanged, NaN as +0.
                let not_nan = self.cmp(CmpOp::Eq, x, x);
                let keep = self.select(not_nan, x, zero);
                let r = self.select(neg, minus, keep);
                self.select(pos, one, r)
            }
            "dot" => self.dot(v[0], v[1]),
            "length" => self.length(v[0]),
            "distance" => {
                let diff = self.bin(BinaryOp::Sub, v[0], v[1]);
                self.length(diff)
            }
            "normalize" => self.normalize(v[0], ty),
            "cross" => self.cross(v[0], v[1]),
            "isequal" => self.rel_cmp(CmpOp::Eq, v, ty),
            "isnotequal" => self.rel_cmp(CmpOp::Ne, v, ty),
            "isgreater" => self.rel_cmp(CmpOp::Gt, v, ty),
            "isgreaterequal" => self.rel_cmp(CmpOp::Ge, v, ty),
            "isless" => self.rel_cmp(CmpOp::Lt, v, ty),
            "islessequal" => self.rel_cmp(CmpOp::Le, v, ty),
            "islessgreater" => {
                let lt = self.cmp(CmpOp::Lt, v[0], v[1]);
                let gt = self.cmp(CmpOp::Gt, v[0], v[1]);
                let c = self.bin(BinaryOp::Or, lt, gt);
                self.relational(c, ty)
            }
            "isordered" | "isunordered" => {
                let a = self.cmp(CmpOp::Eq, v[0], v[0]);
                let b = self.cmp(CmpOp::Eq, v[1], v[1]);
                let mut c = self.bin(BinaryOp::And, a, b);
                if base == "isunordered" {
                    let t = self.b.value_type(c);
                    c = self.b.emit(Op::Unary(UnaryOp::Not, c), t);
                }
                self.relational(c, ty)
            }
            "isnan" | "isinf" | "isfinite" | "isnormal" | "signbit" => {
                let func = MathFn::from_name(base).expect("classification function");
                let t = self.b.value_type(v[0]);
                let bt = self.bool_like(t);
                let c = self.math(func, vec![v[0]], bt);
                self.relational(c, ty)
            }
            "any" | "all" => self.any_all(base == "all", v[0], ty),
            "bitselect" => self.bitselect(v[0], v[1], v[2]),
            "select" => self.select_msb(v[0], v[1], v[2]),
            "nan" => {
                let ut = self.b.value_type(v[0]);
                let s = self.types().scalar_of(ty).expect("float");
                let quiet = if s == ScalarType::F64 {
                    0x7ff8_0000_0000_0000u64 as i64
                } else {
                    0x7fc0_0000
                };
                let q = self.const_of(ut, quiet);
                let bits = self.bin(BinaryOp::Or, v[0], q);
                self.b.emit(
                    Op::Bitcast {
                        value: bits,
                        to: ty,
                    },
                    ty,
                )
            }
            _ => {
                return self.unsupported(
                    e.span,
                    format!("built-in function '{name}' is not supported yet"),
                )
            }
        })
    }

    fn rel_cmp(&mut self, op: CmpOp, v: &[ValueId], ty: TypeId) -> ValueId {
        let c = self.cmp(op, v[0], v[1]);
        self.relational(c, ty)
    }

    /// `any`/`all`: whether the most significant bit of any/all lanes is set.
    fn any_all(&mut self, all: bool, x: ValueId, ty: TypeId) -> ValueId {
        let t = self.b.value_type(x);
        let zero = self.const_of(t, 0);
        let neg = self.cmp(CmpOp::Lt, x, zero);
        let lanes = self.types().lanes_of(t).unwrap_or(1);
        let mut acc = neg;
        if lanes > 1 {
            let boolt = self.types().scalar(ScalarType::Bool);
            acc = self.b.emit(
                Op::Extract {
                    vector: neg,
                    lane: 0,
                },
                boolt,
            );
            let op = if all { BinaryOp::And } else { BinaryOp::Or };
            for l in 1..lanes {
                let b = self.b.emit(
                    Op::Extract {
                        vector: neg,
                        lane: l,
                    },
                    boolt,
                );
                acc = self.b.emit(Op::Binary(op, acc, b), boolt);
            }
        }
        self.bool_to_num(acc, ty, 1)
    }

    /// The unsigned integer type of `t`'s shape and element width.
    pub(super) fn bits_type(&mut self, t: TypeId) -> TypeId {
        let s = self.types().scalar_of(t).expect("numeric");
        let u = match s.bits() {
            8 => ScalarType::U8,
            16 => ScalarType::U16,
            32 => ScalarType::U32,
            _ => ScalarType::U64,
        };
        self.types().with_elem(t, u)
    }

    fn as_bits(&mut self, v: ValueId) -> ValueId {
        let t = self.b.value_type(v);
        let ut = self.bits_type(t);
        if ut == t {
            return v;
        }
        self.b.emit(Op::Bitcast { value: v, to: ut }, ut)
    }

    /// `bitselect(a, b, c)`: bits of `b` where `c` is set, else of `a`.
    fn bitselect(&mut self, a: ValueId, b: ValueId, c: ValueId) -> ValueId {
        let t = self.b.value_type(a);
        let (ai, bi, ci) = (self.as_bits(a), self.as_bits(b), self.as_bits(c));
        let ut = self.b.value_type(ai);
        let nc = self.b.emit(Op::Unary(UnaryOp::Not, ci), ut);
        let x = self.bin(BinaryOp::And, ai, nc);
        let y = self.bin(BinaryOp::And, bi, ci);
        let r = self.bin(BinaryOp::Or, x, y);
        if ut == t {
            r
        } else {
            self.b.emit(Op::Bitcast { value: r, to: t }, t)
        }
    }

    /// `select(a, b, c)`: scalars `c ? b : a`; vectors per lane by the MSB of `c`.
    fn select_msb(&mut self, a: ValueId, b: ValueId, c: ValueId) -> ValueId {
        let ct = self.b.value_type(c);
        let cond = if self.is_vec(ct) {
            let s = self.types().scalar_of(ct).expect("integer mask");
            let st = self.types().with_elem(ct, s.with_signedness(true));
            let sc = if st == ct {
                c
            } else {
                self.b.emit(Op::Bitcast { value: c, to: st }, st)
            };
            let zero = self.const_of(st, 0);
            self.cmp(CmpOp::Lt, sc, zero)
        } else {
            self.num_to_bool(c)
        };
        self.select(cond, b, a)
    }
}
