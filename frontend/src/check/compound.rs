//! Compound literals `(T){ ... }` and GNU statement expressions `({ ... })`.
//!
//! Vector compound literals are vector literals with C's brace rules (every lane given,
//! no splat of a single scalar). Struct and array compound literals initialize an unnamed
//! private variable (they are values here, not assignable objects).

use super::convert::convert;
use super::decl::sized_by_initializer;
use super::expr::Val;
use super::Checker;
use crate::ast::{self, StmtKind};
use crate::checked::{AddrSpace, CType, Expr, ExprKind as K, LValue, LValueKind, Stmt, VarInfo};
use crate::diagnostic::Diagnostic;
use crate::source::Span;

impl Checker {
    /// Checks `(t){ items }`.
    pub(crate) fn compound_literal(
        &mut self,
        t: &ast::TypeName,
        items: &[ast::InitItem],
        span: Span,
    ) -> Option<Expr> {
        let list = ast::Initializer::List(items.to_vec(), span);
        let spec = self.resolve_specs(&t.specs)?;
        let sized = sized_by_initializer(&spec.ty, &t.declarator, Some(&list));
        let derived = sized.as_deref().unwrap_or(&t.declarator.derived);
        let ty = self.apply_derived(&spec, derived, false)?.ty;
        if matches!(ty, CType::Array { .. }) && spec.space != Some(AddrSpace::Private) {
            // clang gives such literals no address space: their decayed pointer then
            // converts to no named space, so nearly every use is an error there.
            self.error(Diagnostic::error(
                "E0317",
                format!(
                    "array compound literal of type '{}' needs an explicit __private qualifier",
                    ty.display()
                ),
                span,
            ));
            return None;
        }
        if ty.is_scalar() || ty.is_pointer() {
            return self.scalar_literal(items, &ty, span);
        }
        let CType::Vector(k, n) = ty else {
            return self.aggregate_literal(&list, ty, span);
        };
        let mut parts = Vec::new();
        let mut lanes = 0u32;
        for it in items {
            let ast::Initializer::Expr(e) = &it.init else {
                self.error(Diagnostic::error(
                    "E0303",
                    "braces around a vector element are not allowed",
                    it.init.span(),
                ));
                return None;
            };
            if !it.designators.is_empty() {
                self.error(Diagnostic::error(
                    "E0303",
                    "designators are not allowed in a vector initializer",
                    e.span,
                ));
                return None;
            }
            let v = self.rvalue(e)?;
            match &v.ty {
                CType::Scalar(_) | CType::Bool => {
                    lanes += 1;
                    parts.push(convert(v, &CType::Scalar(k)));
                }
                CType::Vector(vk, vn) if *vk == k => {
                    lanes += *vn as u32;
                    parts.push(v);
                }
                other => {
                    self.error(Diagnostic::error(
                        "E0303",
                        format!(
                            "invalid element of type '{}' in vector initialization of type '{}'",
                            other.display(),
                            ty.display()
                        ),
                        e.span,
                    ));
                    return None;
                }
            }
        }
        if lanes != n as u32 {
            self.error(Diagnostic::error(
                "E0303",
                format!(
                    "too {} elements in vector initialization (expected {n} elements, have {lanes})",
                    if lanes < n as u32 { "few" } else { "many" },
                ),
                span,
            ));
            return None;
        }
        if parts.len() == 1 {
            let mut p = parts.pop().expect("one part");
            p.span = span;
            return Some(p);
        }
        Some(Expr {
            kind: K::VectorLiteral(parts),
            ty,
            span,
        })
    }

    /// `(T){ x }` for a scalar or pointer `T`: `x` converted as in an initialization.
    fn scalar_literal(&mut self, items: &[ast::InitItem], ty: &CType, span: Span) -> Option<Expr> {
        let [ast::InitItem {
            designators,
            init: ast::Initializer::Expr(e),
        }] = items
        else {
            self.error(Diagnostic::error(
                "E0302",
                format!(
                    "a compound literal of type '{}' takes exactly one value",
                    ty.display()
                ),
                span,
            ));
            return None;
        };
        if !designators.is_empty() {
            self.error(Diagnostic::error(
                "E0302",
                "designator in a scalar initializer",
                e.span,
            ));
            return None;
        }
        let v = self.rvalue(e)?;
        let mut v = self.assign_convert(v, ty, e.span, "initializing")?;
        v.span = span;
        Some(v)
    }

    /// A struct or array compound literal: a statement expression that initializes an
    /// unnamed private variable and yields its value (arrays: a pointer to the first element).
    fn aggregate_literal(
        &mut self,
        list: &ast::Initializer,
        ty: CType,
        span: Span,
    ) -> Option<Expr> {
        if !matches!(ty, CType::Struct(_) | CType::Array { .. }) {
            self.error(Diagnostic::error(
                "E0302",
                format!("invalid compound literal type '{}'", ty.display()),
                span,
            ));
            return None;
        }
        if self.cur.is_none() {
            self.error(Diagnostic::error(
                "E0313",
                "compound literals at program scope are not supported yet",
                span,
            ));
            return None;
        }
        if !self.complete_object_type(&ty, span, "compound literal") {
            return None;
        }
        let init = self.initializer(list, &ty)?;
        let var = self.new_var(VarInfo {
            name: String::new(),
            ty: ty.clone(),
            space: AddrSpace::Private,
            is_const: false,
            is_param: false,
            span,
        });
        let place = LValue {
            kind: LValueKind::Var(var),
            ty: ty.clone(),
            space: AddrSpace::Private,
            span,
        };
        let value = self.make_rvalue(Val::L(place));
        Some(Expr {
            ty: value.ty.clone(),
            kind: K::StmtExpr {
                body: vec![Stmt::Decl {
                    var,
                    init: Some(init),
                }],
                value: Some(Box::new(value)),
            },
            span,
        })
    }

    /// Checks `({ stmts })` in a new scope. `break` and `continue` cannot leave it.
    pub(crate) fn stmt_expr(&mut self, b: &ast::Block, span: Span) -> Option<Expr> {
        let saved = self
            .cur
            .as_ref()
            .map(|c| (c.loop_depth, c.switch_depth, c.leaving_stmt_expr));
        if let Some(c) = self.cur.as_mut() {
            c.leaving_stmt_expr |= c.loop_depth + c.switch_depth > 0;
            c.loop_depth = 0;
            c.switch_depth = 0;
        }
        self.push_scope();
        let mut body = Vec::new();
        let (last, init) = match b.stmts.split_last() {
            Some((last, init)) => (Some(last), init),
            None => (None, &b.stmts[..]),
        };
        for s in init {
            self.stmt(s, &mut body);
        }
        let value = match last {
            Some(ast::Stmt {
                kind: StmtKind::Expr(e),
                ..
            }) => self.rvalue(e),
            Some(s) => {
                self.stmt(s, &mut body);
                None
            }
            None => None,
        };
        self.pop_scope();
        if let (Some(c), Some((l, sw, leaving))) = (self.cur.as_mut(), saved) {
            c.loop_depth = l;
            c.switch_depth = sw;
            c.leaving_stmt_expr = leaving;
        }
        if self.cur.is_none() {
            self.error(Diagnostic::error(
                "E0313",
                "statement expression not allowed at file scope",
                span,
            ));
            return None;
        }
        let ty = value.as_ref().map_or(CType::Void, |v| v.ty.clone());
        Some(Expr {
            kind: K::StmtExpr {
                body,
                value: value.map(Box::new),
            },
            ty,
            span,
        })
    }
}
