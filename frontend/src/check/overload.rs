//! clang's `__attribute__((overloadable))` on user functions: several functions of one name
//! told apart by their parameter types, the call picking the best match.
//!
//! Each overloadable function gets a unique IR name (`NAME.PARAMTYPES`, which no C
//! identifier can spell); one plain declaration of the name may join the set, as clang allows.

use super::Checker;
use crate::checked::{CType, Expr, FuncId, Function, FunctionAttrs, Param, ScalarKind};
use crate::diagnostic::{Diagnostic, Severity};
use crate::source::Span;

/// A declaration joining an overload set.
pub(crate) struct OverloadDecl<'a> {
    /// The name as written.
    pub name: &'a crate::ast::Ident,
    /// Return type.
    pub ret: CType,
    /// Parameters.
    pub params: Vec<Param>,
    /// Function attributes.
    pub attrs: FunctionAttrs,
    /// Carries `overloadable` itself (else the one plain member of the set).
    pub overloadable: bool,
    /// Declared `__kernel`.
    pub kernel: bool,
    /// The declaration's span.
    pub span: Span,
}

/// True when `attrs` hold `overloadable`.
pub(crate) fn has_overloadable(attrs: &[crate::ast::Attribute]) -> bool {
    attrs
        .iter()
        .any(|a| a.name.trim_matches('_') == "overloadable")
}

/// How well an argument matches a parameter (lower is better), C++ style as clang ranks
/// overloadable C functions.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Rank {
    Exact,
    Promotion,
    Conversion,
}

impl Checker {
    /// Declares a member of an overload set; the same parameter types redeclare it.
    pub(crate) fn declare_overload(&mut self, d: OverloadDecl) -> Option<FuncId> {
        let name = d.name.name.clone();
        if d.kernel {
            self.error(Diagnostic::error(
                "E0309",
                format!(
                    "overloaded kernel '{name}' is not supported: a kernel is found by its name"
                ),
                d.name.span,
            ));
            return None;
        }
        let mut set = self.overloads.get(&name).cloned().unwrap_or_default();
        if set.is_empty() {
            if let Some(&plain) = self.func_names.get(&name) {
                set.push(plain);
            }
        }
        for &id in &set {
            let f = &self.functions[id.0 as usize];
            let same_params = f.params.len() == d.params.len()
                && f.params.iter().zip(&d.params).all(|(a, b)| a.ty == b.ty);
            if !same_params {
                continue;
            }
            if f.ret != d.ret || self.overloadable_fns.contains(&id) != d.overloadable {
                let span = f.span;
                self.error(
                    Diagnostic::error(
                        "E0309",
                        format!("conflicting types for '{name}'"),
                        d.name.span,
                    )
                    .with_secondary(span, "previous declaration is here"),
                );
                return None;
            }
            return Some(id);
        }
        if !d.overloadable && set.iter().any(|id| !self.overloadable_fns.contains(id)) {
            self.error(Diagnostic::error(
                "E0309",
                format!(
                    "at most one function named '{name}' may lack the 'overloadable' attribute"
                ),
                d.name.span,
            ));
            return None;
        }
        let ir_name = if d.overloadable {
            overload_name(&name, &d.params)
        } else {
            name.clone()
        };
        let id = FuncId(self.functions.len() as u32);
        self.functions.push(Function {
            name: ir_name,
            is_kernel: false,
            attrs: d.attrs,
            ret: d.ret,
            params: d.params,
            vars: Vec::new(),
            body: None,
            span: d.span,
        });
        self.defined.push(false);
        self.overload_name_spans.insert(id, d.name.span);
        if d.overloadable {
            self.overloadable_fns.insert(id);
        }
        set.push(id);
        self.overloads.insert(name, set);
        Some(id)
    }

    /// Picks the member of `name`'s overload set that best matches `args`; reports no match
    /// or an ambiguity.
    pub(crate) fn pick_overload(
        &mut self,
        name: &str,
        args: &[Expr],
        span: Span,
    ) -> Option<FuncId> {
        let set = self.overloads.get(name).cloned().unwrap_or_default();
        let mut viable: Vec<(FuncId, Vec<Rank>)> = Vec::new();
        for id in set.iter().copied() {
            let params: Vec<CType> = self.functions[id.0 as usize]
                .params
                .iter()
                .map(|p| p.ty.clone())
                .collect();
            if params.len() != args.len() {
                continue;
            }
            let ranks: Option<Vec<Rank>> = args
                .iter()
                .zip(&params)
                .map(|(a, p)| self.rank(a, p))
                .collect();
            if let Some(r) = ranks {
                viable.push((id, r));
            }
        }
        let better = |a: &[Rank], b: &[Rank]| {
            a.iter().zip(b).all(|(x, y)| x <= y) && a.iter().zip(b).any(|(x, y)| x < y)
        };
        let best: Vec<FuncId> = viable
            .iter()
            .filter(|(id, r)| viable.iter().all(|(other, o)| other == id || better(r, o)))
            .map(|(id, _)| *id)
            .collect();
        if let [id] = best.as_slice() {
            return Some(*id);
        }
        let candidates: Vec<FuncId> = if viable.is_empty() {
            set
        } else {
            viable.iter().map(|(id, _)| *id).collect()
        };
        let message = if viable.is_empty() {
            let types: Vec<String> = args.iter().map(|a| a.ty.display()).collect();
            format!(
                "no matching function for call to '{name}' with arguments ({})",
                types.join(", ")
            )
        } else {
            format!("call to '{name}' is ambiguous")
        };
        let mut diag = Diagnostic::error("E0311", message, span);
        for id in candidates {
            let at = self
                .overload_name_spans
                .get(&id)
                .copied()
                .unwrap_or(self.functions[id.0 as usize].span);
            diag = diag.with_secondary(at, "candidate function");
        }
        self.error(diag);
        None
    }

    /// The rank of passing `arg` for a parameter of type `param`, or `None` when the
    /// conversion is not allowed (tried silently).
    fn rank(&mut self, arg: &Expr, param: &CType) -> Option<Rank> {
        if arg.ty == *param {
            return Some(Rank::Exact);
        }
        let mark = self.diags.items.len();
        let converted = self.assign_convert(arg.clone(), param, arg.span, "passing");
        let clean = self.diags.items[mark..]
            .iter()
            .all(|d| d.severity != Severity::Error && !d.code.starts_with("W030"));
        self.diags.items.truncate(mark);
        if converted.is_none() || !clean {
            return None;
        }
        Some(match (&arg.ty, param) {
            (CType::Pointer { pointee: a, .. }, CType::Pointer { pointee: b, .. }) if a == b => {
                Rank::Exact
            }
            (CType::Scalar(ScalarKind::Float), CType::Scalar(ScalarKind::Double)) => {
                Rank::Promotion
            }
            (CType::Bool | CType::Scalar(_), CType::Scalar(ScalarKind::Int))
                if is_promotable_integer(&arg.ty) =>
            {
                Rank::Promotion
            }
            _ => Rank::Conversion,
        })
    }
}

/// Integer types that C's integer promotions turn into `int`.
fn is_promotable_integer(t: &CType) -> bool {
    matches!(
        t,
        CType::Bool
            | CType::Scalar(
                ScalarKind::Char | ScalarKind::UChar | ScalarKind::Short | ScalarKind::UShort
            )
    )
}

/// The unique IR name of an overloadable function: its name and parameter types.
fn overload_name(name: &str, params: &[Param]) -> String {
    let mut s = name.to_string();
    for p in params {
        s.push('.');
        s.extend(
            p.ty.display()
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }),
        );
    }
    if params.is_empty() {
        s.push_str(".void");
    }
    s
}
