//! Expressions.

use oclc_frontend::checked::{self as ck, BinOp, CType, ExprKind, UnOp};

use super::function::FnLower;
use super::lvalue::Place;
use super::LowerError;
use oclc_ir::op::{BinaryOp, CmpOp, Const, Op, UnaryOp, ValueId};
use oclc_ir::types::{ScalarType, Type, TypeId};

impl FnLower<'_, '_> {
    /// `v != 0` as an IR bool (of `v`'s lane count).
    pub fn num_to_bool(&mut self, v: ValueId) -> ValueId {
        let ty = self.b.value_type(v);
        if self.types().scalar_of(ty) == Some(ScalarType::Bool) {
            return v;
        }
        let zero = self.const_of(ty, 0);
        let bt = self.bool_like(ty);
        self.b.emit(Op::Compare(CmpOp::Ne, v, zero), bt)
    }

    /// An IR bool (vector) as a number of type `to`: `true` becomes `when_true`.
    pub fn bool_to_num(&mut self, b: ValueId, to: TypeId, when_true: i64) -> ValueId {
        let one = self.const_of(to, when_true);
        let zero = self.const_of(to, 0);
        self.b.emit(
            Op::Select {
                cond: b,
                if_true: one,
                if_false: zero,
            },
            to,
        )
    }

    /// The address held by a pointer, as a `u64`.
    pub fn ptr_to_int(&mut self, p: ValueId) -> ValueId {
        let u64t = self.types().scalar(ScalarType::U64);
        self.b.emit(Op::Bitcast { value: p, to: u64t }, u64t)
    }

    /// Operands of a pointer comparison (`p < q`, `p == NULL`) as `u64` addresses, so that
    /// they compare as integers; other operands are returned unchanged.
    fn pointers_as_addresses(&mut self, a: ValueId, b: ValueId) -> (ValueId, ValueId) {
        let is_ptr = |me: &Self, v| me.b.types.pointee(me.b.value_type(v)).is_some();
        if !is_ptr(self, a) && !is_ptr(self, b) {
            return (a, b);
        }
        let u64t = self.types().scalar(ScalarType::U64);
        let mut address = |v| {
            if is_ptr(self, v) {
                self.ptr_to_int(v)
            } else {
                self.arith_convert(v, u64t)
            }
        };
        (address(a), address(b))
    }

    /// Converts a value between arithmetic types (including bool).
    pub fn arith_convert(&mut self, v: ValueId, to: TypeId) -> ValueId {
        let from = self.b.value_type(v);
        if from == to {
            return v;
        }
        let from_s = self.types().scalar_of(from);
        let to_s = self.types().scalar_of(to);
        match (from_s, to_s) {
            (_, Some(ScalarType::Bool)) => self.num_to_bool(v),
            (Some(ScalarType::Bool), _) => self.bool_to_num(v, to, 1),
            _ => self.convert(v, to),
        }
    }

    /// Lowers an expression to a value; the values made for it that its operands did not
    /// claim get its source span.
    pub fn expr(&mut self, e: &ck::Expr) -> Result<ValueId, LowerError> {
        let first = self.b.value_count();
        let v = self.expr_values(e)?;
        self.b.fill_spans(first, super::source_span(e.span));
        Ok(v)
    }

    fn expr_values(&mut self, e: &ck::Expr) -> Result<ValueId, LowerError> {
        if let Some(sampler) = self.sampler_expr(e) {
            return sampler;
        }
        match &e.kind {
            ExprKind::IntConst(bits) => {
                let ty = self.vty(&e.ty);
                match self.types().get(ty).clone() {
                    Type::Scalar(ScalarType::Bool) => Ok(self.konst(Const::bool(*bits != 0))),
                    Type::Scalar(s) if s.is_float() => {
                        Ok(self.konst(Const::float(s, *bits as i64 as f64)))
                    }
                    Type::Scalar(_) | Type::Vector { .. } => Ok(self.const_of(ty, *bits as i64)),
                    _ => self.unsupported(
                        e.span,
                        format!("integer constant of type {}", e.ty.display()),
                    ),
                }
            }
            ExprKind::FloatConst(f) => {
                let ty = self.vty(&e.ty);
                Ok(self.fconst_of(ty, *f))
            }
            ExprKind::Load(lv) => {
                let place = self.place(lv)?;
                Ok(self.load_place(&place, &lv.ty))
            }
            ExprKind::AddrOf(lv) => match self.place(lv)? {
                Place::Addr(p) => Ok(p),
                _ => self.unsupported(
                    e.span,
                    "taking the address of this expression is not supported",
                ),
            },
            ExprKind::ArrayDecay(lv) => match self.place(lv)? {
                Place::Addr(p) => {
                    let zero = self.b.const_i64(0);
                    let ty = self.vty(&e.ty);
                    Ok(self.b.emit(
                        Op::IndexAddr {
                            base: p,
                            index: zero,
                        },
                        ty,
                    ))
                }
                _ => self.unsupported(e.span, "array is not in memory"),
            },
            ExprKind::Convert(a) if e.ty == CType::Void => {
                // `(void)x`: evaluated for its effects; void values are never used.
                self.expr(a)?;
                Ok(self.konst(Const::i32(0)))
            }
            ExprKind::Convert(a) => {
                let mut v = self.expr(a)?;
                if a.ty.is_pointer() {
                    v = self.ptr_to_int(v);
                }
                let to = self.vty(&e.ty);
                Ok(self.arith_convert(v, to))
            }
            ExprKind::Splat(a) => {
                let v = self.expr(a)?;
                let to = self.vty(&e.ty);
                Ok(self.b.emit(Op::Splat { value: v, to }, to))
            }
            ExprKind::PtrCast(a) => {
                let v = self.expr(a)?;
                let to = self.vty(&e.ty);
                if self.b.value_type(v) == to {
                    return Ok(v);
                }
                Ok(self.b.emit(Op::Bitcast { value: v, to }, to))
            }
            ExprKind::PtrToInt(a) => {
                let v = self.expr(a)?;
                let addr = self.ptr_to_int(v);
                let to = self.vty(&e.ty);
                Ok(self.arith_convert(addr, to))
            }
            ExprKind::IntToPtr(a) => {
                let v = self.expr(a)?;
                let u64t = self.types().scalar(ScalarType::U64);
                let addr = self.arith_convert(v, u64t);
                let to = self.vty(&e.ty);
                Ok(self.b.emit(Op::Bitcast { value: addr, to }, to))
            }
            ExprKind::PtrDiff { lhs, rhs } => {
                let l = self.expr(lhs)?;
                let r = self.expr(rhs)?;
                let lt = self.b.value_type(l);
                let pointee = self.types().pointee(lt).map(|p| p.1);
                let size = pointee.map_or(1, |p| self.types().layout(p).size.max(1));
                let i64t = self.types().scalar(ScalarType::I64);
                let la = self.ptr_to_int(l);
                let ra = self.ptr_to_int(r);
                let la = self.convert(la, i64t);
                let ra = self.convert(ra, i64t);
                let bytes = self.b.emit(Op::Binary(BinaryOp::Sub, la, ra), i64t);
                // Both pointers point into one array, so the division is exact: for a
                // power-of-two size an arithmetic shift gives the same quotient (as clang's
                // `sdiv exact` becomes `ashr`), and NVIDIA's Vulkan compiler miscompiled
                // the signed division of the difference when it was divided again
                // (bench/probes/nvidia_address_alias.cl).
                let diff = if size == 1 {
                    bytes
                } else if size.is_power_of_two() {
                    let k = Const::int(ScalarType::I64, size.trailing_zeros() as i64);
                    let k = self.konst(k);
                    self.b.emit(Op::Binary(BinaryOp::Shr, bytes, k), i64t)
                } else {
                    let size = self.konst(Const::int(ScalarType::I64, size as i64));
                    self.b.emit(Op::Binary(BinaryOp::Div, bytes, size), i64t)
                };
                let to = self.vty(&e.ty);
                Ok(self.arith_convert(diff, to))
            }
            ExprKind::Binary { op, lhs, rhs } => {
                let a = self.expr(lhs)?;
                let b = self.expr(rhs)?;
                self.binary(*op, a, b, &e.ty)
            }
            ExprKind::Unary { op, expr } => {
                let v = self.expr(expr)?;
                let ty = self.vty(&e.ty);
                match op {
                    UnOp::Neg => Ok(self.b.emit(Op::Unary(UnaryOp::Neg, v), ty)),
                    UnOp::BitNot => Ok(self.b.emit(Op::Unary(UnaryOp::Not, v), ty)),
                    UnOp::Not => {
                        let vt = self.b.value_type(v);
                        let truth = self.num_to_bool(v);
                        let bt = self.b.value_type(truth);
                        let negated = self.b.emit(Op::Unary(UnaryOp::Not, truth), bt);
                        let when_true = if self.is_vec(vt) { -1 } else { 1 };
                        Ok(self.bool_to_num(negated, ty, when_true))
                    }
                }
            }
            ExprKind::Logical { is_and, lhs, rhs } => {
                let ty = self.vty(&e.ty);
                let l = self.expr(lhs)?;
                let l = self.num_to_bool(l);
                let bt = self.b.value_type(l);
                let both = if is_simple(rhs) {
                    let r = self.expr(rhs)?;
                    let r = self.num_to_bool(r);
                    let op = if *is_and { BinaryOp::And } else { BinaryOp::Or };
                    self.b.emit(Op::Binary(op, l, r), bt)
                } else {
                    let u8t = self.types().scalar(ScalarType::U8);
                    let tmp = self.temp(if *is_and { "and.tmp" } else { "or.tmp" }, u8t);
                    let addr = self.b.local_addr(tmp);
                    let init = self.bool_to_num(l, u8t, 1);
                    self.b.store(addr, init);
                    // `&&` evaluates the right side when the left holds, `||` when it fails.
                    self.b.open_block();
                    let r = self.expr(rhs)?;
                    let r = self.num_to_bool(r);
                    let rv = self.bool_to_num(r, u8t, 1);
                    let addr2 = self.b.local_addr(tmp);
                    self.b.store(addr2, rv);
                    let eval_rhs = self.b.close_block();
                    let (then_body, else_body) = if *is_and {
                        (eval_rhs, Default::default())
                    } else {
                        (Default::default(), eval_rhs)
                    };
                    self.b.push(oclc_ir::module::Stmt::If {
                        cond: l,
                        then_body,
                        else_body,
                    });
                    let addr3 = self.b.local_addr(tmp);
                    let v = self.b.load(addr3);
                    self.num_to_bool(v)
                };
                Ok(self.bool_to_num(both, ty, 1))
            }
            ExprKind::Ternary { .. } => self.ternary(e),
            ExprKind::PtrAdd { ptr, offset } => {
                let p = self.expr(ptr)?;
                let o = self.expr(offset)?;
                let i64t = self.types().scalar(ScalarType::I64);
                let o = self.arith_convert(o, i64t);
                let ty = self.b.value_type(p);
                Ok(self.b.emit(Op::PtrOffset { base: p, index: o }, ty))
            }
            ExprKind::Assign { target, value } => {
                let place = self.place(target)?;
                let v = self.expr(value)?;
                self.store_place(&place, v, &target.ty, e.span)?;
                Ok(v)
            }
            ExprKind::CompoundAssign {
                op,
                target,
                value,
                op_ty,
            } => {
                let place = self.place(target)?;
                let cur = self.load_place(&place, &target.ty);
                let v = self.expr(value)?;
                let result = if target.ty.is_pointer() {
                    let i64t = self.types().scalar(ScalarType::I64);
                    let mut off = self.arith_convert(v, i64t);
                    if *op == BinOp::Sub {
                        off = self.b.emit(Op::Unary(UnaryOp::Neg, off), i64t);
                    }
                    let pt = self.b.value_type(cur);
                    self.b.emit(
                        Op::PtrOffset {
                            base: cur,
                            index: off,
                        },
                        pt,
                    )
                } else {
                    let oty = self.vty(op_ty);
                    let a = self.arith_convert(cur, oty);
                    let b = self.arith_convert(v, oty);
                    let r = self.binary(*op, a, b, op_ty)?;
                    let tty = self.vty(&target.ty);
                    self.arith_convert(r, tty)
                };
                self.store_place(&place, result, &target.ty, e.span)?;
                Ok(result)
            }
            ExprKind::IncDec {
                target,
                inc,
                prefix,
            } => {
                let place = self.place(target)?;
                let cur = self.load_place(&place, &target.ty);
                let ty = self.b.value_type(cur);
                let new = if target.ty.is_pointer() {
                    let step = self.b.const_i64(if *inc { 1 } else { -1 });
                    self.b.emit(
                        Op::PtrOffset {
                            base: cur,
                            index: step,
                        },
                        ty,
                    )
                } else if matches!(target.ty, CType::Bool) {
                    return self.unsupported(e.span, "++/-- on bool");
                } else {
                    let one = self.const_of(ty, 1);
                    let op = if *inc { BinaryOp::Add } else { BinaryOp::Sub };
                    self.b.emit(Op::Binary(op, cur, one), ty)
                };
                self.store_place(&place, new, &target.ty, e.span)?;
                Ok(if *prefix { new } else { cur })
            }
            ExprKind::Swizzle { base, lanes } => {
                let v = self.expr(base)?;
                Ok(self.select_lanes(v, lanes))
            }
            ExprKind::VectorLiteral(parts) => {
                let ty = self.vty(&e.ty);
                let mut values = Vec::with_capacity(parts.len());
                for p in parts {
                    values.push(self.expr(p)?);
                }
                if values.len() == 1 {
                    let vt = self.b.value_type(values[0]);
                    if vt == ty {
                        return Ok(values[0]);
                    }
                    if !self.is_vec(vt) {
                        return Ok(self.b.emit(
                            Op::Splat {
                                value: values[0],
                                to: ty,
                            },
                            ty,
                        ));
                    }
                }
                Ok(self.b.emit(Op::Compose { ty, parts: values }, ty))
            }
            ExprKind::CallUser { func, args } => {
                let id = match self.func_ids[func.0 as usize] {
                    Some(id) => id,
                    // Declared, never defined: an import (see `crate::imports`).
                    None => self.imports.borrow_mut().id_of(func.0 as usize),
                };
                let mut values = Vec::with_capacity(args.len());
                for a in args {
                    values.push(self.expr(a)?);
                }
                let ret = self.vty(&e.ty);
                Ok(self.b.call(id, values, ret))
            }
            ExprKind::CallBuiltin { id, params, args } => self.builtin(*id, params, args, e),
            ExprKind::Comma(a, b) => {
                self.expr(a)?;
                self.expr(b)
            }
            ExprKind::StringLit(bytes) => Ok(self.string_literal(bytes)),
            ExprKind::StmtExpr { body, value } => {
                for s in body {
                    self.stmt(s)?;
                }
                if self.b.terminated() {
                    return self.unsupported(
                        e.span,
                        "leaving a statement expression with return is not supported yet",
                    );
                }
                match value {
                    Some(v) => self.expr(v),
                    // A void value that nothing reads (like a void call's).
                    None => Ok(self.konst(oclc_ir::op::Const::i32(0))),
                }
            }
        }
    }

    /// A binary operation whose checked result type is `result` (comparisons give int
    /// 0/1 for scalars and -1/0 vectors).
    pub fn binary(
        &mut self,
        op: BinOp,
        a: ValueId,
        b: ValueId,
        result: &CType,
    ) -> Result<ValueId, LowerError> {
        let (a, b) = self.pointers_as_addresses(a, b);
        let at = self.b.value_type(a);
        let b = if self.b.value_type(b) != at {
            self.arith_convert(b, at)
        } else {
            b
        };
        let arith = |op| Some(op);
        let ir = match op {
            BinOp::Add => arith(BinaryOp::Add),
            BinOp::Sub => arith(BinaryOp::Sub),
            BinOp::Mul => arith(BinaryOp::Mul),
            BinOp::Div => arith(BinaryOp::Div),
            BinOp::Rem => arith(BinaryOp::Rem),
            BinOp::Shl => arith(BinaryOp::Shl),
            BinOp::Shr => arith(BinaryOp::Shr),
            BinOp::BitAnd => arith(BinaryOp::And),
            BinOp::BitOr => arith(BinaryOp::Or),
            BinOp::BitXor => arith(BinaryOp::Xor),
            _ => None,
        };
        if let Some(ir) = ir {
            return Ok(self.b.emit(Op::Binary(ir, a, b), at));
        }
        let rt = self.vty(result);
        let when_true = if self.is_vec(at) { -1 } else { 1 };
        let truth = match op {
            BinOp::VecAnd | BinOp::VecOr => {
                let x = self.num_to_bool(a);
                let y = self.num_to_bool(b);
                let bt = self.b.value_type(x);
                let op = if op == BinOp::VecAnd {
                    BinaryOp::And
                } else {
                    BinaryOp::Or
                };
                self.b.emit(Op::Binary(op, x, y), bt)
            }
            _ => {
                let cmp = match op {
                    BinOp::Eq => CmpOp::Eq,
                    BinOp::Ne => CmpOp::Ne,
                    BinOp::Lt => CmpOp::Lt,
                    BinOp::Gt => CmpOp::Gt,
                    BinOp::Le => CmpOp::Le,
                    _ => CmpOp::Ge,
                };
                let bt = self.bool_like(at);
                self.b.emit(Op::Compare(cmp, a, b), bt)
            }
        };
        if self.types().scalar_of(rt) == Some(ScalarType::Bool) {
            return Ok(truth);
        }
        Ok(self.bool_to_num(truth, rt, when_true))
    }
}

/// True when evaluating `e` has no side effects and cannot fault, so it may be evaluated
/// unconditionally (e.g. both arms of a `?:` turned into a select).
pub fn is_simple(e: &ck::Expr) -> bool {
    match &e.kind {
        ExprKind::IntConst(_) | ExprKind::FloatConst(_) => true,
        ExprKind::Load(lv) => matches!(lv.kind, ck::LValueKind::Var(_)),
        ExprKind::Convert(a) | ExprKind::Splat(a) => is_simple(a),
        ExprKind::Swizzle { base, .. } => is_simple(base),
        ExprKind::Unary { expr, .. } => is_simple(expr),
        ExprKind::Binary { op, lhs, rhs } => {
            !matches!(op, BinOp::Div | BinOp::Rem) && is_simple(lhs) && is_simple(rhs)
        }
        ExprKind::VectorLiteral(parts) => parts.iter().all(is_simple),
        _ => false,
    }
}
