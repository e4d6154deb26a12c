//! Source-level names for IR values in error messages: a refusal should say "the pointer
//! `p + 1`" or "the result of `same(...)`", not "%17". The IR keeps the names of
//! parameters, variables, program-scope variables and functions (not source locations),
//! so a value is described by what it was computed from.

use crate::fx::HashMap;

use crate::{Function, Module, Op, Stmt, ValueId};

/// How deep a description follows operands before it stops with `...`.
const DEPTH: u32 = 3;

/// A short source-like description of `v` in `f` (`` `p` ``, `` `&x[...]` ``,
/// `` `p + ...` ``, `` `same(...)` ``), for error messages; `module` names called
/// functions and program-scope variables. Walks the function to find definitions, so it is
/// meant for error paths only.
pub fn describe_value(module: Option<&Module>, f: &Function, v: ValueId) -> String {
    let d = Describer {
        module,
        f,
        defs: None,
    };
    format!("`{}`", d.expr(v, DEPTH))
}

/// [`describe_value`] with the definitions taken from `defs` (for a pass that has taken
/// the function's statements apart).
pub fn describe_value_with(f: &Function, defs: &HashMap<ValueId, Op>, v: ValueId) -> String {
    let d = Describer {
        module: None,
        f,
        defs: Some(defs),
    };
    format!("`{}`", d.expr(v, DEPTH))
}

struct Describer<'a> {
    module: Option<&'a Module>,
    f: &'a Function,
    defs: Option<&'a HashMap<ValueId, Op>>,
}

impl Describer<'_> {
    fn def(&self, v: ValueId) -> Option<&Op> {
        if let Some(defs) = self.defs {
            return defs.get(&v);
        }
        let mut found = None;
        crate::walk_stmts(&self.f.body, &mut |s| {
            if let Stmt::Let { value, op } = s {
                if *value == v {
                    found = Some(op);
                }
            }
        });
        found
    }

    fn expr(&self, v: ValueId, depth: u32) -> String {
        if let Some(p) = self.f.params.iter().find(|p| p.value == v) {
            return p.name.clone();
        }
        if depth == 0 {
            return "...".into();
        }
        let Some(op) = self.def(v) else {
            return "...".into();
        };
        let sub = |x: &ValueId| self.expr(*x, depth - 1);
        match op {
            Op::LocalAddr(l) => format!("&{}", self.f.local(*l).name),
            Op::GlobalAddr(g) => match self.module.and_then(|m| m.globals.get(g.0 as usize)) {
                Some(global) => format!("&{}", global.name),
                None => "&(a program-scope variable)".into(),
            },
            Op::Load { ptr } => match self.def(*ptr) {
                Some(Op::LocalAddr(l)) => self.f.local(*l).name.clone(),
                Some(Op::PtrOffset { base, .. }) => format!("{}[...]", sub(base)),
                _ => format!("*{}", sub(ptr)),
            },
            Op::Convert { value, .. } => sub(value),
            Op::Const(c) if c.ty.is_int() => {
                let shift = 64 - c.ty.bits();
                if c.ty.is_signed() {
                    (((c.bits << shift) as i64) >> shift).to_string()
                } else {
                    c.bits.to_string()
                }
            }
            Op::PtrOffset { base, .. } => format!("{} + ...", sub(base)),
            Op::IndexAddr { base, .. } => format!("&{}[...]", strip_amp(&sub(base))),
            Op::FieldAddr { base, field } => format!("&{}.{field}", strip_amp(&sub(base))),
            Op::Bitcast { value, .. } | Op::GenericCast { value, .. } => sub(value),
            Op::Select {
                if_true, if_false, ..
            } => format!("... ? {} : {}", sub(if_true), sub(if_false)),
            Op::Call { func, .. } => match self.module {
                Some(m) => format!("{}(...)", m.function(*func).name),
                None => "(a call)".into(),
            },
            _ => "...".into(),
        }
    }
}

/// "the KIND variable `name`" for a source variable, and for the temporary the lowering
/// keeps a `?:` result in (`cond.tmp`), "the KIND chosen by a `?:`".
pub fn variable_phrase(kind: &str, name: &str) -> String {
    if name == "cond.tmp" {
        format!("the {kind} chosen by a `?:`")
    } else {
        format!("the {kind} variable `{name}`")
    }
}

/// `x` from `&x` (for `&x[...]` rather than `&&x[...]`).
fn strip_amp(s: &str) -> &str {
    s.strip_prefix('&').unwrap_or(s)
}
