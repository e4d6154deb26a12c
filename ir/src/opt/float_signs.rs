//! Float negations moved outwards, so that values equal up to their sign become the same
//! value for value numbering. Black-Scholes' `cnd(d)` and `cnd(-d)` compute
//! `exp(-0.5f * d * d)` and `1 / (1 + k * fabs(d))` from `d` and from `-d`: the same
//! numbers, which `gvn` finds only when both are spelled the same way.
//!
//! Rules, on float scalars and vectors (IEEE multiplication and division round the
//! magnitude and set the sign apart, so each is exact, signed zeros and infinities
//! included; only a NaN's sign, which OpenCL leaves unspecified, may differ):
//! - `-(-x)` becomes `x`;
//! - `fabs(-x)` becomes `fabs(x)`;
//! - `(-a) * (-b)` becomes `a * b`, and `(-a) / (-b)` becomes `a / b`;
//! - `(-a) * b`, `a * (-b)`, `(-a) / b` and `a / (-b)` become `-(a * b)` and `-(a / b)`, so
//!   that the negation moves on to the users.
//!
//! Integers are left alone. The negations left without users are `dce`'s.

use crate::fx::HashMap;

use crate::module::{walk_stmts, Block, Function, Module, Stmt};
use crate::op::{BinaryOp, MathFn, Op, UnaryOp, ValueId};
use crate::pipeline::FunctionPass;
use crate::types::TypeTable;
use crate::visit::{replace_uses, resolve};

/// The negation-hoisting pass.
pub struct FloatSigns;

impl FunctionPass for FloatSigns {
    fn name(&self) -> &'static str {
        "float_signs"
    }

    fn run_function(&self, module: &mut Module, index: usize) -> bool {
        let Module {
            types, functions, ..
        } = module;
        float_signs_function(types, &mut functions[index])
    }
}

/// The rewrite of one function.
struct Signs<'f> {
    f: &'f mut Function,
    /// Float values known to be `-x`, with their `x`.
    negated: HashMap<ValueId, ValueId>,
    /// Values that stand for others (`-(-x)` for `x`).
    replace: HashMap<ValueId, ValueId>,
    changed: bool,
}

fn float_signs_function(types: &TypeTable, f: &mut Function) -> bool {
    let mut negated = HashMap::default();
    walk_stmts(&f.body, &mut |s| {
        if let Stmt::Let {
            value,
            op: Op::Unary(UnaryOp::Neg, x),
        } = s
        {
            negated.insert(*value, *x);
        }
    });
    negated.retain(|v, _| is_float(types, f, *v));
    if negated.is_empty() {
        return false;
    }
    let body = std::mem::take(&mut f.body);
    let mut signs = Signs {
        f,
        negated,
        replace: HashMap::default(),
        changed: false,
    };
    let mut body = signs.block(body, types);
    let Signs {
        f,
        replace,
        changed,
        ..
    } = signs;
    replace_uses(&mut body, &replace);
    f.body = body;
    changed
}

fn is_float(types: &TypeTable, f: &Function, v: ValueId) -> bool {
    types
        .scalar_of(f.value_type(v))
        .is_some_and(|s| s.is_float())
}

impl Signs<'_> {
    /// `x` when `v` is `-x`.
    fn negation_of(&self, v: ValueId) -> Option<ValueId> {
        let v = resolve(&self.replace, v);
        self.negated.get(&v).map(|&x| resolve(&self.replace, x))
    }

    fn block(&mut self, block: Block, types: &TypeTable) -> Block {
        let mut out = Vec::with_capacity(block.stmts.len());
        for stmt in block.stmts {
            match stmt {
                Stmt::Let { value, op } => {
                    let op = self.rewrite(value, op, types, &mut out);
                    out.push(Stmt::Let { value, op });
                }
                mut other => {
                    for child in other.child_blocks_mut() {
                        let taken = std::mem::take(child);
                        *child = self.block(taken, types);
                    }
                    out.push(other);
                }
            }
        }
        Block { stmts: out }
    }

    /// The operation `value` gets instead of `op` (statements it needs first go to
    /// `out`).
    fn rewrite(&mut self, value: ValueId, op: Op, types: &TypeTable, out: &mut Vec<Stmt>) -> Op {
        match op {
            Op::Unary(UnaryOp::Neg, x) if self.negated.contains_key(&value) => {
                if let Some(inner) = self.negation_of(x) {
                    self.replace.insert(value, inner);
                    self.changed = true;
                }
                Op::Unary(UnaryOp::Neg, x)
            }
            Op::Math {
                func: MathFn::Fabs,
                args,
            } if args.len() == 1 && self.negation_of(args[0]).is_some() => {
                self.changed = true;
                let x = self.negation_of(args[0]).unwrap_or(args[0]);
                Op::Math {
                    func: MathFn::Fabs,
                    args: vec![x],
                }
            }
            Op::Binary(b @ (BinaryOp::Mul | BinaryOp::Div), a, c)
                if is_float(types, self.f, value) =>
            {
                match (self.negation_of(a), self.negation_of(c)) {
                    (Some(a), Some(c)) => {
                        self.changed = true;
                        Op::Binary(b, a, c)
                    }
                    (Some(a), None) => self.hoist(value, Op::Binary(b, a, c), out),
                    (None, Some(c)) => self.hoist(value, Op::Binary(b, a, c), out),
                    (None, None) => Op::Binary(b, a, c),
                }
            }
            op => op,
        }
    }

    /// `value` becomes `-t` with `t = positive` computed just before it.
    fn hoist(&mut self, value: ValueId, positive: Op, out: &mut Vec<Stmt>) -> Op {
        let ty = self.f.value_type(value);
        let t = self.f.push_let(out, ty, positive);
        self.f.spans.inherit(t, value);
        self.negated.insert(value, t);
        self.changed = true;
        Op::Unary(UnaryOp::Neg, t)
    }
}
