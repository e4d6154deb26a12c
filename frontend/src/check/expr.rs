//! Expression checking: value categories, operators, casts, vector literals,
//! swizzles, calls (user functions and built-ins).

use super::builtins::{self, ResolveError};
use super::convert::{
    comparison_result, convert, is_null_pointer_constant, null_as_int, promote, usual_arith,
};
use super::{Binding, Checker};
use crate::ast::{self, BinaryOp, ExprKind as A, UnaryOp};
use crate::checked::{
    AddrSpace, BinOp, CType, Expr, ExprKind as K, LValue, LValueKind, ScalarKind, UnOp,
};
use crate::diagnostic::Diagnostic;
use crate::literal;
use crate::source::Span;

/// Either a storage location or a plain value.
pub(crate) enum Val {
    /// Location.
    L(LValue),
    /// Value.
    R(Expr),
}

fn mk(kind: K, ty: CType, span: Span) -> Expr {
    Expr { kind, ty, span }
}

const LONG: CType = CType::Scalar(ScalarKind::Long);

impl Checker {
    /// Checks an expression and returns it as a value (arrays decay, locations load).
    pub(crate) fn rvalue(&mut self, e: &ast::Expr) -> Option<Expr> {
        let v = self.value(e)?;
        Some(self.make_rvalue(v))
    }

    pub(crate) fn make_rvalue(&mut self, v: Val) -> Expr {
        match v {
            Val::R(e) => e,
            Val::L(l) => {
                let span = l.span;
                if let CType::Array { elem, .. } = &l.ty {
                    let ty = CType::Pointer {
                        space: l.space,
                        pointee: elem.clone(),
                        is_const: false,
                    };
                    mk(K::ArrayDecay(Box::new(l)), ty, span)
                } else {
                    if l.ty == CType::Scalar(ScalarKind::Half) {
                        self.require_fp16(
                            span,
                            "loading directly from pointer to type 'half' requires cl_khr_fp16. Use vector data load builtin functions instead",
                        );
                    }
                    let ty = l.ty.clone();
                    mk(K::Load(Box::new(l)), ty, span)
                }
            }
        }
    }

    /// Checks an expression that must designate a modifiable location.
    pub(crate) fn modifiable(&mut self, e: &ast::Expr) -> Option<LValue> {
        let l = match self.value(e)? {
            Val::L(l) => l,
            Val::R(_) => {
                self.error(Diagnostic::error(
                    "E0308",
                    "expression is not assignable",
                    e.span,
                ));
                return None;
            }
        };
        if matches!(l.ty, CType::Array { .. }) {
            self.error(Diagnostic::error(
                "E0308",
                "array type is not assignable",
                e.span,
            ));
            return None;
        }
        if l.ty == CType::Scalar(ScalarKind::Half)
            && !self.require_fp16(
                e.span,
                "assigning directly to pointer to type 'half' requires cl_khr_fp16. Use vector data store builtin functions instead",
            )
        {
            return None;
        }
        if self.is_const_location(&l) {
            self.error(Diagnostic::error(
                "E0308",
                "cannot assign to a const-qualified location",
                e.span,
            ));
            return None;
        }
        if let LValueKind::Components { lanes, .. } = &l.kind {
            let mut seen = [false; 16];
            for &x in lanes {
                if seen[x as usize] {
                    self.error(Diagnostic::error(
                        "E0310",
                        "vector is not assignable (contains duplicate components)",
                        e.span,
                    ));
                    return None;
                }
                seen[x as usize] = true;
            }
        }
        Some(l)
    }

    fn is_const_location(&self, l: &LValue) -> bool {
        match &l.kind {
            LValueKind::Var(v) => self.var(*v).is_const,
            LValueKind::Global(_) => true,
            LValueKind::Deref(p) => matches!(
                &p.ty,
                CType::Pointer { is_const: true, .. }
                    | CType::Pointer {
                        space: AddrSpace::Constant,
                        ..
                    }
            ),
            LValueKind::ArrayIndex { base, .. }
            | LValueKind::VectorLane { base, .. }
            | LValueKind::Components { base, .. }
            | LValueKind::Field { base, .. } => self.is_const_location(base),
        }
    }

    /// Checks an expression keeping its value category.
    pub(crate) fn value(&mut self, e: &ast::Expr) -> Option<Val> {
        let span = e.span;
        match &e.kind {
            A::Ident(name) => self.ident(name, span),
            A::IntLit(t) => self.int_lit(t, span).map(Val::R),
            A::FloatLit(t) => match literal::parse_float(t) {
                Ok((v, suf)) => {
                    let k = match suf {
                        literal::FloatSuffix::F => ScalarKind::Float,
                        literal::FloatSuffix::H => ScalarKind::Half,
                        _ => self.unsuffixed_float_kind(span),
                    };
                    let v = match k {
                        ScalarKind::Float => v as f32 as f64,
                        ScalarKind::Half => {
                            if !self
                                .require_fp16(span, "half precision constant requires cl_khr_fp16")
                            {
                                return None;
                            }
                            super::half::round_to_half(v)
                        }
                        _ => v,
                    };
                    Some(Val::R(mk(K::FloatConst(v), CType::Scalar(k), span)))
                }
                Err(m) => {
                    self.error(Diagnostic::error("E0201", m, span));
                    None
                }
            },
            A::CharLit(t) => match literal::parse_char(t) {
                Ok(v) => Some(Val::R(mk(K::IntConst(v as u64), CType::INT, span))),
                Err(m) => {
                    self.error(Diagnostic::error("E0201", m, span));
                    None
                }
            },
            A::StrLit(parts) => {
                let bytes = self.string_bytes(parts, span)?;
                // A `__constant char` array, as clang-14 types it (C's `char[N]`, not
                // const), decayed to a pointer.
                let ty = CType::Pointer {
                    space: AddrSpace::Constant,
                    pointee: Box::new(CType::Scalar(ScalarKind::Char)),
                    is_const: false,
                };
                Some(Val::R(mk(K::StringLit(bytes), ty, span)))
            }
            A::Paren(inner) => self.value(inner),
            A::Comma(a, b) => {
                let a = self.rvalue(a)?;
                let b = self.rvalue(b)?;
                let ty = b.ty.clone();
                Some(Val::R(mk(K::Comma(Box::new(a), Box::new(b)), ty, span)))
            }
            A::Assign(op, l, r) => self.assign(*op, l, r, span).map(Val::R),
            A::Ternary(c, a, b) => self.ternary(c, a, b, span).map(Val::R),
            A::Binary(op, a, b) => {
                let a = self.rvalue(a);
                let b = self.rvalue(b);
                self.binary(*op, a?, b?, span).map(Val::R)
            }
            A::Unary(op, x) => self.unary(*op, x, span),
            A::IncDec { inc, prefix, expr } => {
                let t = self.modifiable(expr)?;
                if !(t.ty.is_arith() || t.ty.is_pointer()) || t.ty == CType::Bool {
                    self.error(Diagnostic::error(
                        "E0302",
                        format!("cannot increment value of type '{}'", t.ty.display()),
                        span,
                    ));
                    return None;
                }
                let ty = t.ty.clone();
                Some(Val::R(mk(
                    K::IncDec {
                        target: Box::new(t),
                        inc: *inc,
                        prefix: *prefix,
                    },
                    ty,
                    span,
                )))
            }
            A::Cast(t, x) => self.cast(t, x, span).map(Val::R),
            A::SizeofExpr(x) => {
                let ty = match self.value(x)? {
                    Val::L(l) => l.ty,
                    // A string literal is a char array (its value is typed as the pointer
                    // it decays to): sizeof counts its bytes with the terminating NUL.
                    Val::R(Expr {
                        kind: K::StringLit(bytes),
                        ..
                    }) => {
                        return Some(Val::R(mk(
                            K::IntConst(bytes.len() as u64),
                            CType::SIZE_T,
                            span,
                        )))
                    }
                    Val::R(r) => r.ty,
                };
                self.sized(&ty, span)?;
                Some(Val::R(mk(K::IntConst(ty.size()), CType::SIZE_T, span)))
            }
            A::SizeofType(t) => {
                let ty = self.resolve_type_name(t)?;
                self.sized(&ty, span)?;
                Some(Val::R(mk(K::IntConst(ty.size()), CType::SIZE_T, span)))
            }
            A::AlignofType(t) => {
                let (ty, align) = self.type_name_align(t)?;
                self.sized(&ty, span)?;
                Some(Val::R(mk(K::IntConst(align), CType::SIZE_T, span)))
            }
            A::VecStepType(t) => {
                let ty = self.resolve_type_name(t)?;
                self.vec_step(&ty, span)
            }
            A::Offsetof(t, parts) => self.offsetof(t, parts, span).map(Val::R),
            A::VecStepExpr(x) => {
                let ty = match self.value(x)? {
                    Val::L(l) => l.ty,
                    Val::R(r) => r.ty,
                };
                self.vec_step(&ty, span)
            }
            A::Index(a, i) => self.index(a, i, span),
            A::Call(f, args) => self.call(f, args, span).map(Val::R),
            A::Member(base, m) => self.member(base, m, span),
            A::Arrow(b, m) => self.arrow(b, m, span),
            A::CompoundLit(t, items) => self.compound_literal(t, items, span).map(Val::R),
            A::StmtExpr(b) => self.stmt_expr(b, span).map(Val::R),
        }
    }

    fn ident(&mut self, name: &str, span: Span) -> Option<Val> {
        match self.lookup(name) {
            Some(Binding::Var(v)) => {
                let info = self.var(v);
                Some(Val::L(LValue {
                    kind: LValueKind::Var(v),
                    ty: info.ty.clone(),
                    space: info.space,
                    span,
                }))
            }
            Some(Binding::Global(g)) => {
                let ty = self.globals[g.0 as usize].ty.clone();
                Some(Val::L(LValue {
                    kind: LValueKind::Global(g),
                    ty,
                    space: AddrSpace::Constant,
                    span,
                }))
            }
            Some(Binding::ConstAddress(e)) => Some(Val::R(Expr { span, ..*e })),
            Some(Binding::EnumConst(v, ty)) => Some(Val::R(mk(K::IntConst(v as u64), ty, span))),
            Some(Binding::Typedef(..) | Binding::Tag(_) | Binding::EnumTag(_)) => {
                self.error(Diagnostic::error(
                    "E0300",
                    format!("unexpected type name '{name}'"),
                    span,
                ));
                None
            }
            // OpenCL C's `bool` literals.
            None if name == "true" || name == "false" => Some(Val::R(mk(
                K::IntConst(u64::from(name == "true")),
                CType::Bool,
                span,
            ))),
            None => {
                let msg = if builtins::is_builtin(name)
                    || self.func_names.contains_key(name)
                    || self.overloads.contains_key(name)
                {
                    format!("function '{name}' cannot be used as a value")
                } else {
                    format!("use of undeclared identifier '{name}'")
                };
                self.error(
                    Diagnostic::error("E0300", msg, span).with_label("not found in this scope"),
                );
                None
            }
        }
    }

    fn int_lit(&mut self, t: &str, span: Span) -> Option<Expr> {
        let lit = match literal::parse_int(t) {
            Ok(l) => l,
            Err(m) => {
                self.error(Diagnostic::error("E0201", m, span));
                return None;
            }
        };
        use ScalarKind::*;
        let v = lit.value;
        let fits = |k: ScalarKind| match k {
            Int => v <= i32::MAX as u64,
            UInt => v <= u32::MAX as u64,
            Long => v <= i64::MAX as u64,
            _ => true,
        };
        let ladder: &[ScalarKind] = match (lit.suffix.unsigned, lit.suffix.long, lit.decimal) {
            (false, false, true) => &[Int, Long, ULong],
            (false, false, false) => &[Int, UInt, Long, ULong],
            (true, false, _) => &[UInt, ULong],
            (false, true, true) => &[Long, ULong],
            (false, true, false) => &[Long, ULong],
            (true, true, _) => &[ULong],
        };
        let k = ladder.iter().copied().find(|k| fits(*k)).unwrap_or(ULong);
        Some(mk(K::IntConst(v), CType::Scalar(k), span))
    }

    fn assign(
        &mut self,
        op: Option<BinaryOp>,
        l: &ast::Expr,
        r: &ast::Expr,
        span: Span,
    ) -> Option<Expr> {
        let target = self.modifiable(l);
        let value = self.rvalue(r);
        let (target, value) = (target?, value?);
        let tty = target.ty.clone();
        if !self.opaque_operands_ok(&tty, &value.ty, span) {
            return None;
        }
        let Some(op) = op else {
            let value = self.assign_convert(value, &tty, r.span, "assigning to")?;
            return Some(mk(
                K::Assign {
                    target: Box::new(target),
                    value: Box::new(value),
                },
                tty,
                span,
            ));
        };
        let cur = mk(K::Load(Box::new(target.clone())), tty.clone(), l.span);
        let combined = self.binary(op, cur, value, span)?;
        let (bop, op_ty, rhs) = match combined.kind {
            K::Binary { op, lhs, rhs } => (op, lhs.ty.clone(), *rhs),
            K::PtrAdd { offset, .. } => (
                if op == BinaryOp::Sub {
                    BinOp::Sub
                } else {
                    BinOp::Add
                },
                tty.clone(),
                strip_neg(*offset),
            ),
            _ => {
                self.error(Diagnostic::error(
                    "E0302",
                    "invalid compound assignment",
                    span,
                ));
                return None;
            }
        };
        if combined.ty != tty && !(combined.ty.is_scalar() && tty.is_scalar()) && !tty.is_pointer()
        {
            self.error(Diagnostic::error(
                "E0303",
                format!(
                    "assigning to '{}' from incompatible type '{}'",
                    tty.display(),
                    combined.ty.display()
                ),
                span,
            ));
            return None;
        }
        Some(mk(
            K::CompoundAssign {
                op: bop,
                target: Box::new(target),
                value: Box::new(rhs),
                op_ty,
            },
            tty,
            span,
        ))
    }

    fn bad_operands(&mut self, op: BinaryOp, a: &CType, b: &CType, span: Span) -> Option<Expr> {
        let code = if matches!(a, CType::Vector(..)) && matches!(b, CType::Vector(..)) {
            "E0303"
        } else {
            "E0302"
        };
        self.error(Diagnostic::error(
            code,
            format!(
                "invalid operands to binary expression ('{}' {} '{}')",
                a.display(),
                op.symbol(),
                b.display()
            ),
            span,
        ));
        None
    }

    /// Checks a binary operator on two values.
    pub(crate) fn binary(&mut self, op: BinaryOp, a: Expr, b: Expr, span: Span) -> Option<Expr> {
        use BinaryOp as O;
        // Pointer arithmetic.
        if a.ty.is_pointer() || b.ty.is_pointer() {
            return self.pointer_binary(op, a, b, span);
        }
        if !a.ty.is_arith() || !b.ty.is_arith() {
            return self.bad_operands(op, &a.ty, &b.ty, span);
        }
        if matches!(op, O::LogAnd | O::LogOr) && a.ty.is_scalar() && b.ty.is_scalar() {
            let (a, b) = (self.bool_cond(a)?, self.bool_cond(b)?);
            return Some(mk(
                K::Logical {
                    is_and: op == O::LogAnd,
                    lhs: Box::new(a),
                    rhs: Box::new(b),
                },
                CType::INT,
                span,
            ));
        }
        if matches!(op, O::Shl | O::Shr) {
            let lt = promote(&a.ty);
            if !lt.elem_kind().is_some_and(|k| k.is_integer())
                || !b.ty.elem_kind().is_some_and(|k| k.is_integer())
            {
                return self.bad_operands(op, &a.ty, &b.ty, span);
            }
            if matches!(b.ty, CType::Vector(..)) && b.ty.lanes() != lt.lanes() {
                return self.bad_operands(op, &a.ty, &b.ty, span);
            }
            let (a, b) = (convert(a, &lt), convert(b, &lt));
            let bop = if op == O::Shl { BinOp::Shl } else { BinOp::Shr };
            return Some(mk(
                K::Binary {
                    op: bop,
                    lhs: Box::new(a),
                    rhs: Box::new(b),
                },
                lt,
                span,
            ));
        }
        let common = match usual_arith(&a.ty, &b.ty) {
            Ok(t) => t,
            Err(m) => {
                let code = if matches!(a.ty, CType::Vector(..)) || matches!(b.ty, CType::Vector(..))
                {
                    "E0303"
                } else {
                    "E0302"
                };
                self.error(
                    Diagnostic::error(
                        code,
                        format!(
                            "invalid operands to binary expression ('{}' {} '{}')",
                            a.ty.display(),
                            op.symbol(),
                            b.ty.display()
                        ),
                        span,
                    )
                    .with_note(m),
                );
                return None;
            }
        };
        let is_int = common.elem_kind().is_some_and(|k| k.is_integer());
        let bop = match op {
            O::Add => BinOp::Add,
            O::Sub => BinOp::Sub,
            O::Mul => BinOp::Mul,
            O::Div => BinOp::Div,
            O::Rem | O::BitAnd | O::BitOr | O::BitXor if !is_int => {
                return self.bad_operands(op, &a.ty, &b.ty, span)
            }
            O::Rem => BinOp::Rem,
            O::BitAnd => BinOp::BitAnd,
            O::BitOr => BinOp::BitOr,
            O::BitXor => BinOp::BitXor,
            O::Eq => BinOp::Eq,
            O::Ne => BinOp::Ne,
            O::Lt => BinOp::Lt,
            O::Gt => BinOp::Gt,
            O::Le => BinOp::Le,
            O::Ge => BinOp::Ge,
            O::LogAnd => BinOp::VecAnd,
            O::LogOr => BinOp::VecOr,
            O::Shl | O::Shr => unreachable!("handled above"),
        };
        let ty = if bop.is_comparison() || matches!(bop, BinOp::VecAnd | BinOp::VecOr) {
            comparison_result(&common)
        } else {
            common.clone()
        };
        let (a, b) = (convert(a, &common), convert(b, &common));
        Some(mk(
            K::Binary {
                op: bop,
                lhs: Box::new(a),
                rhs: Box::new(b),
            },
            ty,
            span,
        ))
    }

    fn pointer_binary(&mut self, op: BinaryOp, a: Expr, b: Expr, span: Span) -> Option<Expr> {
        use BinaryOp as O;
        let int = |t: &CType| matches!(t, CType::Scalar(k) if k.is_integer()) || *t == CType::Bool;
        match op {
            O::Add | O::Sub if a.ty.is_pointer() && int(&b.ty) => {
                let ty = a.ty.clone();
                let mut off = convert(b, &LONG);
                if op == O::Sub {
                    let s = off.span;
                    off = mk(
                        K::Unary {
                            op: UnOp::Neg,
                            expr: Box::new(off),
                        },
                        LONG,
                        s,
                    );
                }
                Some(mk(
                    K::PtrAdd {
                        ptr: Box::new(a),
                        offset: Box::new(off),
                    },
                    ty,
                    span,
                ))
            }
            O::Add if b.ty.is_pointer() && int(&a.ty) => {
                let ty = b.ty.clone();
                let off = convert(a, &LONG);
                Some(mk(
                    K::PtrAdd {
                        ptr: Box::new(b),
                        offset: Box::new(off),
                    },
                    ty,
                    span,
                ))
            }
            O::Sub if a.ty.is_pointer() && b.ty.is_pointer() => {
                if strip_const(&a.ty) != strip_const(&b.ty) {
                    return self.bad_operands(op, &a.ty, &b.ty, span);
                }
                Some(mk(
                    K::PtrDiff {
                        lhs: Box::new(a),
                        rhs: Box::new(b),
                    },
                    LONG,
                    span,
                ))
            }
            O::Eq | O::Ne | O::Lt | O::Gt | O::Le | O::Ge => {
                let bop = match op {
                    O::Eq => BinOp::Eq,
                    O::Ne => BinOp::Ne,
                    O::Lt => BinOp::Lt,
                    O::Gt => BinOp::Gt,
                    O::Le => BinOp::Le,
                    _ => BinOp::Ge,
                };
                let (a, b) = if a.ty.is_pointer() && is_null_pointer_constant(&b) {
                    let t = a.ty.clone();
                    (a, convert(null_as_int(&b), &t))
                } else if b.ty.is_pointer() && is_null_pointer_constant(&a) {
                    let t = b.ty.clone();
                    (convert(null_as_int(&a), &t), b)
                } else if let (CType::Pointer { space: sa, .. }, CType::Pointer { space: sb, .. }) =
                    (&a.ty, &b.ty)
                {
                    let Some(space) = super::convert::common_space(*sa, *sb) else {
                        self.error(Diagnostic::error(
                            "E0317",
                            format!(
                                "comparison between ('{}' and '{}') which are pointers to non-overlapping address spaces",
                                a.ty.display(),
                                b.ty.display()
                            ),
                            span,
                        ));
                        return None;
                    };
                    let t = super::convert::with_space(&a.ty, space);
                    let bt = super::convert::with_space(&b.ty, space);
                    (convert(a, &t), convert(convert(b, &bt), &t))
                } else {
                    return self.bad_operands(op, &a.ty, &b.ty, span);
                };
                Some(mk(
                    K::Binary {
                        op: bop,
                        lhs: Box::new(a),
                        rhs: Box::new(b),
                    },
                    CType::INT,
                    span,
                ))
            }
            O::LogAnd | O::LogOr => {
                let (a, b) = (self.bool_cond(a)?, self.bool_cond(b)?);
                Some(mk(
                    K::Logical {
                        is_and: op == O::LogAnd,
                        lhs: Box::new(a),
                        rhs: Box::new(b),
                    },
                    CType::INT,
                    span,
                ))
            }
            _ => self.bad_operands(op, &a.ty, &b.ty, span),
        }
    }

    fn unary(&mut self, op: UnaryOp, x: &ast::Expr, span: Span) -> Option<Val> {
        match op {
            UnaryOp::AddrOf => {
                let l = match self.value(x)? {
                    Val::L(l) => l,
                    Val::R(_) => {
                        self.error(Diagnostic::error(
                            "E0308",
                            "cannot take the address of an rvalue",
                            span,
                        ));
                        return None;
                    }
                };
                if matches!(
                    l.kind,
                    LValueKind::Components { .. } | LValueKind::VectorLane { .. }
                ) {
                    self.error(Diagnostic::error(
                        "E0308",
                        "address of vector element requested",
                        span,
                    ));
                    return None;
                }
                // `__constant` objects are read-only through their address space, not
                // through const (as in clang, `&constant_array[i]` is `__constant int *`).
                let is_const = self.is_const_location(&l) && l.space != AddrSpace::Constant;
                let ty = CType::Pointer {
                    space: l.space,
                    pointee: Box::new(l.ty.clone()),
                    is_const,
                };
                Some(Val::R(mk(K::AddrOf(Box::new(l)), ty, span)))
            }
            UnaryOp::Deref => {
                let p = self.rvalue(x)?;
                match &p.ty {
                    CType::Pointer { space, pointee, .. } if **pointee != CType::Void => {
                        let (space, ty) = (*space, (**pointee).clone());
                        Some(Val::L(LValue {
                            kind: LValueKind::Deref(Box::new(p)),
                            ty,
                            space,
                            span,
                        }))
                    }
                    t => {
                        self.error(Diagnostic::error(
                            "E0302",
                            format!("cannot dereference a value of type '{}'", t.display()),
                            span,
                        ));
                        None
                    }
                }
            }
            UnaryOp::Not => {
                let v = self.rvalue(x)?;
                if let CType::Vector(..) = v.ty {
                    let ty = comparison_result(&v.ty);
                    return Some(Val::R(mk(
                        K::Unary {
                            op: UnOp::Not,
                            expr: Box::new(v),
                        },
                        ty,
                        span,
                    )));
                }
                let b = self.bool_cond(v)?;
                Some(Val::R(mk(
                    K::Unary {
                        op: UnOp::Not,
                        expr: Box::new(b),
                    },
                    CType::INT,
                    span,
                )))
            }
            UnaryOp::Neg | UnaryOp::Plus | UnaryOp::BitNot => {
                let v = self.rvalue(x)?;
                let ty = promote(&v.ty);
                let ok = match op {
                    UnaryOp::BitNot => ty.elem_kind().is_some_and(|k| k.is_integer()),
                    _ => ty.elem_kind().is_some(),
                };
                if !ok {
                    self.error(Diagnostic::error(
                        "E0302",
                        format!(
                            "invalid argument type '{}' to unary expression",
                            v.ty.display()
                        ),
                        span,
                    ));
                    return None;
                }
                let v = convert(v, &ty);
                Some(Val::R(match op {
                    UnaryOp::Plus => v,
                    UnaryOp::Neg => match v.kind {
                        K::FloatConst(f) => mk(K::FloatConst(-f), ty, span),
                        _ => mk(
                            K::Unary {
                                op: UnOp::Neg,
                                expr: Box::new(v),
                            },
                            ty,
                            span,
                        ),
                    },
                    _ => mk(
                        K::Unary {
                            op: UnOp::BitNot,
                            expr: Box::new(v),
                        },
                        ty,
                        span,
                    ),
                }))
            }
        }
    }

    fn cast(&mut self, t: &ast::TypeName, x: &ast::Expr, span: Span) -> Option<Expr> {
        let to = self.resolve_type_name(t)?;
        if to == CType::Scalar(ScalarKind::Half)
            && !self.require_fp16(span, "casting to type 'half' is not allowed")
        {
            return None;
        }
        if let (CType::Vector(k, n), A::Paren(inner)) = (&to, &x.kind) {
            return self.vector_literal(*k, *n, inner, span);
        }
        let v = self.rvalue(x)?;
        let ok = match (&v.ty, &to) {
            (_, CType::Void) => {
                return Some(mk(K::Convert(Box::new(v)), CType::Void, span));
            }
            (a, b) if a == b => true,
            (
                CType::Scalar(_) | CType::Bool,
                CType::Scalar(_) | CType::Bool | CType::Vector(..),
            ) => true,
            (CType::Pointer { space: s1, .. }, CType::Pointer { space: s2, .. }) => {
                super::convert::space_casts(*s1, *s2)
            }
            (CType::Scalar(k), CType::Pointer { .. })
            | (CType::Pointer { .. }, CType::Scalar(k)) => k.is_integer(),
            _ => false,
        };
        if !ok {
            let hint = if matches!(v.ty, CType::Vector(..)) && matches!(to, CType::Vector(..)) {
                " (use convert_<type>() or as_<type>() between vector types)"
            } else {
                ""
            };
            self.error(Diagnostic::error(
                "E0319",
                format!(
                    "invalid cast from '{}' to '{}'{hint}",
                    v.ty.display(),
                    to.display()
                ),
                span,
            ));
            return None;
        }
        let mut e = convert(v, &to);
        e.span = span;
        Some(e)
    }

    fn vector_literal(
        &mut self,
        k: ScalarKind,
        n: u8,
        inner: &ast::Expr,
        span: Span,
    ) -> Option<Expr> {
        let mut items = Vec::new();
        flatten_comma(inner, &mut items);
        let vty = CType::Vector(k, n);
        let mut parts = Vec::new();
        let mut lanes = 0u32;
        for it in items {
            let v = self.rvalue(it)?;
            match &v.ty {
                CType::Scalar(_) | CType::Bool => {
                    lanes += 1;
                    parts.push(convert(v, &CType::Scalar(k)));
                }
                CType::Vector(vk, vn) if *vk == k => {
                    lanes += *vn as u32;
                    parts.push(v);
                }
                t => {
                    self.error(Diagnostic::error(
                        "E0303",
                        format!(
                            "invalid element of type '{}' in vector literal of type '{}'",
                            t.display(),
                            vty.display()
                        ),
                        it.span,
                    ));
                    return None;
                }
            }
        }
        if parts.len() == 1 && lanes == 1 {
            let p = parts.pop().expect("one part");
            return Some(mk(K::Splat(Box::new(p)), vty, span));
        }
        if parts.len() == 1 && lanes == n as u32 {
            let mut p = parts.pop().expect("one part");
            p.span = span;
            return Some(p);
        }
        if lanes != n as u32 {
            self.error(Diagnostic::error(
                "E0303",
                format!(
                    "too {} elements in vector literal of type '{}' (expected {n}, have {lanes})",
                    if lanes < n as u32 { "few" } else { "many" },
                    vty.display()
                ),
                span,
            ));
            return None;
        }
        Some(mk(K::VectorLiteral(parts), vty, span))
    }

    /// `(vector value)[i]`: the value goes to a temporary whose lane is read.
    fn rvalue_vector_lane(
        &mut self,
        vector: Expr,
        index: Expr,
        vector_span: Span,
        span: Span,
    ) -> Option<Expr> {
        let CType::Vector(k, _) = vector.ty else {
            return None;
        };
        if self.cur.is_none() {
            self.error(Diagnostic::error(
                "E0313",
                "subscript of a vector value at program scope is not supported",
                vector_span,
            ));
            return None;
        }
        let ty = vector.ty.clone();
        let var = self.new_var(crate::checked::VarInfo {
            name: String::new(),
            ty: ty.clone(),
            space: AddrSpace::Private,
            is_const: false,
            is_param: false,
            span: vector_span,
        });
        let lane = LValue {
            kind: LValueKind::VectorLane {
                base: Box::new(LValue {
                    kind: LValueKind::Var(var),
                    ty,
                    space: AddrSpace::Private,
                    span: vector_span,
                }),
                index: Box::new(index),
            },
            ty: CType::Scalar(k),
            space: AddrSpace::Private,
            span,
        };
        let value = self.make_rvalue(Val::L(lane));
        Some(mk(
            K::StmtExpr {
                body: vec![crate::checked::Stmt::Decl {
                    var,
                    init: Some(crate::checked::Initializer::Expr(vector)),
                }],
                value: Some(Box::new(value)),
            },
            CType::Scalar(k),
            span,
        ))
    }

    fn index(&mut self, a: &ast::Expr, i: &ast::Expr, span: Span) -> Option<Val> {
        let base = self.value(a);
        let idx = self.rvalue(i);
        let (base, idx) = (base?, idx?);
        if !matches!(&idx.ty, CType::Scalar(k) if k.is_integer()) && idx.ty != CType::Bool {
            self.error(Diagnostic::error(
                "E0302",
                format!(
                    "array subscript has type '{}', not an integer",
                    idx.ty.display()
                ),
                i.span,
            ));
            return None;
        }
        let idx = convert(idx, &LONG);
        if let Val::L(l) = &base {
            if let CType::Array { elem, .. } = &l.ty {
                let (ty, space) = ((**elem).clone(), l.space);
                let Val::L(l) = base else { unreachable!() };
                return Some(Val::L(LValue {
                    kind: LValueKind::ArrayIndex {
                        base: Box::new(l),
                        index: Box::new(idx),
                    },
                    ty,
                    space,
                    span,
                }));
            }
        }
        if let Val::L(l) = &base {
            if let CType::Vector(k, _) = &l.ty {
                let (ty, space) = (CType::Scalar(*k), l.space);
                let Val::L(l) = base else { unreachable!() };
                return Some(Val::L(LValue {
                    kind: LValueKind::VectorLane {
                        base: Box::new(l),
                        index: Box::new(idx),
                    },
                    ty,
                    space,
                    span,
                }));
            }
        }
        if let Val::R(r) = &base {
            if matches!(r.ty, CType::Vector(..)) {
                let Val::R(r) = base else { unreachable!() };
                return self.rvalue_vector_lane(r, idx, a.span, span).map(Val::R);
            }
        }
        let p = self.make_rvalue(base);
        match &p.ty {
            CType::Pointer { space, pointee, .. } if **pointee != CType::Void => {
                let (space, ty) = (*space, (**pointee).clone());
                let pty = p.ty.clone();
                let addr = mk(
                    K::PtrAdd {
                        ptr: Box::new(p),
                        offset: Box::new(idx),
                    },
                    pty,
                    span,
                );
                Some(Val::L(LValue {
                    kind: LValueKind::Deref(Box::new(addr)),
                    ty,
                    space,
                    span,
                }))
            }
            t => {
                self.error(Diagnostic::error(
                    "E0302",
                    format!(
                        "subscripted value of type '{}' is not an array or pointer",
                        t.display()
                    ),
                    a.span,
                ));
                None
            }
        }
    }

    fn member(&mut self, base: &ast::Expr, m: &ast::Ident, span: Span) -> Option<Val> {
        let b = self.value(base)?;
        let bty = match &b {
            Val::L(l) => l.ty.clone(),
            Val::R(r) => r.ty.clone(),
        };
        if bty.is_struct() {
            return self.struct_member(b, m, span);
        }
        let CType::Vector(k, n) = bty else {
            self.error(Diagnostic::error(
                "E0310",
                format!(
                    "member reference base type '{}' is not a structure, union or vector",
                    bty.display()
                ),
                span,
            ));
            return None;
        };
        // OpenCL C 3.0 adds .rgba, meaning .xyzw (the two sets may not be mixed).
        let rgba = self.cl_std == crate::options::ClStd::Cl30
            && m.name.chars().all(|c| matches!(c, 'r' | 'g' | 'b' | 'a'));
        let name = if rgba {
            m.name
                .replace('r', "x")
                .replace('g', "y")
                .replace('b', "z")
                .replace('a', "w")
        } else {
            m.name.clone()
        };
        let lanes = match swizzle_lanes(&name, n) {
            Ok(l) => l,
            Err(msg) => {
                self.error(Diagnostic::error("E0310", msg, m.span));
                return None;
            }
        };
        let ty = if lanes.len() == 1 {
            CType::Scalar(k)
        } else {
            CType::Vector(k, lanes.len() as u8)
        };
        Some(match b {
            Val::L(l) => {
                let (base, lanes) = match l.kind {
                    LValueKind::Components { base, lanes: inner } => {
                        (base, lanes.iter().map(|&i| inner[i as usize]).collect())
                    }
                    kind => (
                        Box::new(LValue {
                            kind,
                            ty: l.ty,
                            space: l.space,
                            span: l.span,
                        }),
                        lanes,
                    ),
                };
                let space = base.space;
                Val::L(LValue {
                    kind: LValueKind::Components { base, lanes },
                    ty,
                    space,
                    span,
                })
            }
            Val::R(r) => {
                let (base, lanes) = match r.kind {
                    K::Swizzle { base, lanes: inner } => {
                        (base, lanes.iter().map(|&i| inner[i as usize]).collect())
                    }
                    _ => (Box::new(r), lanes),
                };
                Val::R(mk(K::Swizzle { base, lanes }, ty, span))
            }
        })
    }

    fn call(&mut self, f: &ast::Expr, args: &[ast::Expr], span: Span) -> Option<Expr> {
        let name = match &f.kind {
            A::Ident(n) => n.clone(),
            _ => {
                self.error(Diagnostic::error(
                    "E0302",
                    "called object is not a function",
                    f.span,
                ));
                return None;
            }
        };
        if super::gnu_builtins::is_gnu_builtin(&name) && !self.func_names.contains_key(&name) {
            return self.gnu_builtin_call(&name, args, span);
        }
        if let Some(Binding::Var(v)) = self.lookup(&name) {
            let ty = self.var(v).ty.display();
            self.error(Diagnostic::error(
                "E0302",
                format!("called object type '{ty}' is not a function"),
                f.span,
            ));
            return None;
        }
        let mut vals = Vec::new();
        let mut failed = false;
        for a in args {
            match self.rvalue(a) {
                Some(v) => vals.push(v),
                None => failed = true,
            }
        }
        let user_fn = if self.overloads.contains_key(&name) {
            if failed {
                return None;
            }
            Some(self.pick_overload(&name, &vals, span)?)
        } else {
            self.func_names.get(&name).copied()
        };
        if let Some(id) = user_fn {
            if failed {
                return None;
            }
            let func = &self.functions[id.0 as usize];
            let (params, ret, fspan) = (func.params.clone(), func.ret.clone(), func.span);
            if params.len() != args.len() {
                self.error(
                    Diagnostic::error(
                        "E0311",
                        format!(
                            "too {} arguments to function call, expected {}, have {}",
                            if args.len() < params.len() {
                                "few"
                            } else {
                                "many"
                            },
                            params.len(),
                            args.len()
                        ),
                        span,
                    )
                    .with_secondary(fspan, format!("'{name}' declared here")),
                );
                return None;
            }
            let mut conv = Vec::new();
            for ((v, p), a) in vals.into_iter().zip(&params).zip(args) {
                conv.push(self.assign_convert(v, &p.ty, a.span, "passing argument of type")?);
            }
            if self.cur.as_ref().is_some_and(|c| c.id == id) {
                self.error(Diagnostic::error(
                    "E0320",
                    format!("recursion is not allowed in OpenCL ('{name}' calls itself)"),
                    span,
                ));
                return None;
            }
            if let Some(c) = &self.cur {
                self.calls.push((c.id, id, span));
            }
            return Some(mk(
                K::CallUser {
                    func: id,
                    args: conv,
                },
                ret,
                span,
            ));
        }
        if name == "printf" {
            if failed {
                return None;
            }
            if !matches!(vals.first().map(|v| &v.kind), Some(K::StringLit(_))) {
                self.error(Diagnostic::error(
                    "E0308",
                    "printf is supported only with a string literal format",
                    span,
                ));
                return None;
            }
            let params: Vec<CType> = vals.iter().map(|v| builtins::printf_param(&v.ty)).collect();
            let args = vals
                .into_iter()
                .zip(&params)
                .map(|(v, p)| convert(v, p))
                .collect();
            return Some(mk(
                K::CallBuiltin {
                    id: builtins::BuiltinId::Printf,
                    params,
                    args,
                },
                CType::INT,
                span,
            ));
        }
        let cl20_only = builtins::generated::needs_cl20(&name) && self.cl_std.version() < 200;
        if builtins::is_builtin(&name) && !cl20_only {
            if failed {
                return None;
            }
            let tys: Vec<CType> = vals.iter().map(|v| v.ty.clone()).collect();
            // The argument types as shown in diagnostics (only rendered for one).
            let shown = || {
                tys.iter()
                    .map(|t| t.display())
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            return match builtins::resolve(&name, &tys) {
                Ok(r) if !self.null_events_ok(&vals, &r.params) => None,
                Ok(r) => {
                    let args = vals
                        .into_iter()
                        .zip(&r.params)
                        .map(|(v, p)| convert(v, p))
                        .collect();
                    Some(mk(
                        K::CallBuiltin {
                            id: r.id,
                            params: r.params,
                            args,
                        },
                        r.ret,
                        span,
                    ))
                }
                Err(ResolveError::NoMatch) => {
                    self.error(Diagnostic::error(
                        "E0306",
                        format!(
                            "no matching overload of built-in '{name}' for arguments ({})",
                            shown()
                        ),
                        span,
                    ));
                    None
                }
                Err(ResolveError::Ambiguous(c)) => {
                    let mut d = Diagnostic::error(
                        "E0307",
                        format!("call to '{name}' is ambiguous for arguments ({})", shown()),
                        span,
                    );
                    for p in c.iter().take(4) {
                        d = d.with_note(format!(
                            "candidate: {name}({})",
                            p.iter().map(|t| t.display()).collect::<Vec<_>>().join(", ")
                        ));
                    }
                    self.error(d);
                    None
                }
            };
        }
        if let Some(to) = name
            .strip_prefix("convert_")
            .and_then(super::types::builtin_type)
        {
            if failed || vals.len() != 1 {
                if !failed {
                    self.error(Diagnostic::error(
                        "E0311",
                        format!("'{name}' takes one argument"),
                        span,
                    ));
                }
                return None;
            }
            let v = vals.pop().expect("one arg");
            if v.ty.lanes() != to.lanes() || !v.ty.is_arith() {
                self.error(Diagnostic::error(
                    "E0306",
                    format!("cannot convert '{}' with {name}", v.ty.display()),
                    span,
                ));
                return None;
            }
            let mut e = if v.ty == to {
                v
            } else {
                mk(K::Convert(Box::new(v)), to, span)
            };
            e.span = span;
            return Some(e);
        }
        self.error(
            Diagnostic::error(
                "E0301",
                format!("implicit declaration of function '{name}' is not allowed in OpenCL"),
                f.span,
            )
            .with_label("no declaration of this function"),
        );
        None
    }
}

impl Checker {
    /// Rejects `sizeof`/`alignof` of incomplete and function types.
    fn sized(&mut self, ty: &CType, span: Span) -> Option<()> {
        let bad = match ty {
            CType::Void => true,
            CType::Struct(s) => s.layout().is_none(),
            _ => false,
        };
        if bad {
            self.error(Diagnostic::error(
                "E0312",
                format!(
                    "invalid application of 'sizeof' to an incomplete type '{}'",
                    ty.display()
                ),
                span,
            ));
            return None;
        }
        Some(())
    }

    fn vec_step(&mut self, ty: &CType, span: Span) -> Option<Val> {
        let n = match ty {
            CType::Scalar(_) | CType::Bool => 1,
            CType::Vector(_, 3) => 4,
            CType::Vector(_, n) => *n as u64,
            t => {
                self.error(Diagnostic::error(
                    "E0302",
                    format!(
                        "'vec_step' requires built-in scalar or vector type, '{}' invalid",
                        t.display()
                    ),
                    span,
                ));
                return None;
            }
        };
        Some(Val::R(mk(K::IntConst(n), CType::INT, span)))
    }

    /// Bytes of concatenated string literal pieces (escapes decoded, NUL added).
    pub(crate) fn string_bytes(&mut self, parts: &[String], span: Span) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        for p in parts {
            match literal::parse_string(p) {
                Ok(b) => out.extend(b),
                Err(m) => {
                    self.error(Diagnostic::error("E0201", m, span));
                    return None;
                }
            }
        }
        out.push(0);
        Some(out)
    }
}

fn strip_neg(e: Expr) -> Expr {
    match e.kind {
        K::Unary {
            op: UnOp::Neg,
            expr,
        } => *expr,
        kind => Expr { kind, ..e },
    }
}

fn strip_const(t: &CType) -> CType {
    match t {
        CType::Pointer { space, pointee, .. } => CType::Pointer {
            space: *space,
            pointee: pointee.clone(),
            is_const: false,
        },
        t => t.clone(),
    }
}

fn flatten_comma<'a>(e: &'a ast::Expr, out: &mut Vec<&'a ast::Expr>) {
    match &e.kind {
        A::Comma(a, b) => {
            flatten_comma(a, out);
            out.push(b);
        }
        _ => out.push(e),
    }
}

/// Lane indexes selected by a component name on an `n`-wide vector.
pub fn swizzle_lanes(name: &str, n: u8) -> Result<Vec<u8>, String> {
    let half = n.div_ceil(2);
    let lanes: Vec<u8> = match name {
        "lo" => (0..half).collect(),
        "hi" => (half..n.max(half * 2)).collect(),
        "even" => (0..n).step_by(2).collect(),
        "odd" => (1..n).step_by(2).collect(),
        _ if name.starts_with(['s', 'S']) && name.len() > 1 => {
            let mut v = Vec::new();
            for c in name[1..].chars() {
                let d = c
                    .to_digit(16)
                    .ok_or_else(|| format!("illegal vector component name '{name}'"))?
                    as u8;
                v.push(d);
            }
            v
        }
        _ => {
            let mut v = Vec::new();
            for c in name.chars() {
                v.push(match c {
                    'x' => 0,
                    'y' => 1,
                    'z' => 2,
                    'w' => 3,
                    _ => return Err(format!("illegal vector component name '{name}'")),
                });
            }
            v
        }
    };
    // A 3-component vector acts as a 4-component one whose `w` is undefined (OpenCL C 1.2
    // 6.1.7): `.hi` is (z, w) and `.odd` is (y, w); lane 3 stands for that undefined `w`
    // (the lowering reads any value for it and drops writes to it).
    let lanes = match (n, name) {
        (3, "hi") => vec![2, 3],
        (3, "odd") => vec![1, 3],
        _ => lanes,
    };
    let undefined_w = n == 3 && matches!(name, "hi" | "odd");
    if let Some(bad) = lanes.iter().find(|&&l| l >= n && !undefined_w) {
        return Err(format!(
            "vector component access exceeds type (component {bad} of a {n}-component vector)"
        ));
    }
    if !matches!(lanes.len(), 1 | 2 | 3 | 4 | 8 | 16) {
        return Err(format!(
            "invalid number of vector components ({}) in '{name}'",
            lanes.len()
        ));
    }
    Ok(lanes)
}
