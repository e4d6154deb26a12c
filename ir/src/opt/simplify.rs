//! Peephole simplifications of patterns the lowering produces when it turns OpenCL C's
//! int-valued comparisons back into conditions:
//! - `cmp.ne (select c, K, 0), 0` becomes `c` and `cmp.eq (select c, K, 0), 0` becomes
//!   `not c` (K a non-zero constant or splat of one);
//! - `not (not b)` on bools becomes `b`;
//! - integer identities: `x + 0`, `0 + x`, `x - 0`, `x * 1`, `1 * x`, `x | 0`, `x ^ 0`,
//!   `x << 0` and `x >> 0` become `x` (scalars, and vectors with a splat constant; never on
//!   floats, where `x + 0.0` is not `x` for `x = -0.0`).
//!
//! Uses are rewired to the simpler value; the dead originals are left for `dce`.

use crate::fx::HashMap;

use crate::module::{walk_stmts, Block, Function, Module, Stmt};
use crate::op::{BinaryOp, CmpOp, Op, UnaryOp, ValueId};
use crate::pipeline::FunctionPass;
use crate::types::{ScalarType, Type, TypeTable};
use crate::visit::{replace_uses, use_counts};

/// The peephole pass.
pub struct Simplify;

impl FunctionPass for Simplify {
    fn name(&self) -> &'static str {
        "simplify"
    }

    fn run_function(&self, module: &mut Module, index: usize) -> bool {
        let Module {
            types, functions, ..
        } = module;
        simplify_function(types, &mut functions[index])
    }
}

/// The operation of each `let` value of a function, by value number (borrowed: building
/// it copies no operation and hashes nothing).
struct LetOps<'f>(Vec<Option<&'f Op>>);

impl<'f> LetOps<'f> {
    fn of(f: &'f Function) -> Self {
        let mut ops = vec![None; f.value_types.len()];
        walk_stmts(&f.body, &mut |s| {
            if let Stmt::Let { value, op } = s {
                ops[value.0 as usize] = Some(op);
            }
        });
        LetOps(ops)
    }

    fn get(&self, v: ValueId) -> Option<&'f Op> {
        self.0.get(v.0 as usize).copied().flatten()
    }

    /// The `let` values with their operations, in value order.
    fn iter(&self) -> impl Iterator<Item = (ValueId, &'f Op)> + '_ {
        self.0
            .iter()
            .enumerate()
            .filter_map(|(i, op)| op.map(|op| (ValueId(i as u32), op)))
    }
}

/// The constant value of `v` when it is a scalar constant or a splat of one.
fn const_value(defs: &LetOps, v: ValueId) -> Option<i128> {
    match defs.get(v)? {
        Op::Const(c) if c.ty.is_float() => {
            let x = c.as_f64();
            (x.fract() == 0.0 && x.abs() < 1e30).then_some(x as i128)
        }
        Op::Const(c) if c.ty == ScalarType::Bool => Some(c.bits as i128),
        Op::Const(c) => Some(c.as_i64() as i128),
        Op::Splat { value, .. } => const_value(defs, *value),
        _ => None,
    }
}

/// If `v` is `select c, K, 0` with K != 0, returns `c`.
fn truth_of(defs: &LetOps, v: ValueId) -> Option<ValueId> {
    match defs.get(v)? {
        Op::Select {
            cond,
            if_true,
            if_false,
        } => {
            let t = const_value(defs, *if_true)?;
            let f = const_value(defs, *if_false)?;
            (t != 0 && f == 0).then_some(*cond)
        }
        _ => None,
    }
}

fn simplify_function(types: &TypeTable, f: &mut Function) -> bool {
    let (replace, rewrite) = find_simpler(types, f);
    if replace.is_empty() && rewrite.is_empty() {
        return false;
    }
    rewrite_ops(&mut f.body, &rewrite);
    replace_uses(&mut f.body, &replace);
    true
}

/// The values of `f` to replace by simpler ones, and the `let`s whose operation becomes a
/// simpler one.
fn find_simpler(
    types: &TypeTable,
    f: &Function,
) -> (HashMap<ValueId, ValueId>, HashMap<ValueId, Op>) {
    let defs = LetOps::of(f);
    let mut replace = HashMap::default();
    let mut rewrite = HashMap::default();
    for (value, op) in defs.iter() {
        match op {
            Op::Compare(c @ (CmpOp::Ne | CmpOp::Eq), a, b) => {
                let sel = if const_value(&defs, *b) == Some(0) {
                    *a
                } else if const_value(&defs, *a) == Some(0) {
                    *b
                } else {
                    continue;
                };
                if let Some(cond) = truth_of(&defs, sel) {
                    if f.value_type(cond) != f.value_type(value) {
                        continue;
                    }
                    if *c == CmpOp::Ne {
                        replace.insert(value, cond);
                    } else {
                        rewrite.insert(value, Op::Unary(UnaryOp::Not, cond));
                    }
                    continue;
                }
            }
            Op::Binary(op, a, b) => {
                let int = types
                    .scalar_of(f.value_type(value))
                    .is_some_and(|t| t.is_int());
                if !int {
                    continue;
                }
                let (ca, cb) = (const_value(&defs, *a), const_value(&defs, *b));
                let kept = match op {
                    BinaryOp::Add | BinaryOp::Or | BinaryOp::Xor => {
                        if cb == Some(0) {
                            Some(*a)
                        } else if ca == Some(0) {
                            Some(*b)
                        } else {
                            None
                        }
                    }
                    BinaryOp::Sub | BinaryOp::Shl | BinaryOp::Shr => (cb == Some(0)).then_some(*a),
                    BinaryOp::Mul => {
                        if cb == Some(1) {
                            Some(*a)
                        } else if ca == Some(1) {
                            Some(*b)
                        } else {
                            None
                        }
                    }
                    _ => None,
                };
                if let Some(k) = kept.filter(|k| f.value_type(*k) == f.value_type(value)) {
                    replace.insert(value, k);
                }
            }
            Op::Unary(UnaryOp::Not, x) => {
                let is_bool = matches!(
                    types.get(f.value_type(*x)),
                    Type::Scalar(ScalarType::Bool)
                        | Type::Vector {
                            elem: ScalarType::Bool,
                            ..
                        }
                );
                if let (true, Some(Op::Unary(UnaryOp::Not, y))) = (is_bool, defs.get(*x)) {
                    replace.insert(value, *y);
                }
            }
            _ => {}
        }
    }
    // Only patterns that still matter: a value nobody reads needs no rewiring (counted only
    // when a pattern matched, which most runs find none of).
    if !replace.is_empty() || !rewrite.is_empty() {
        let uses = use_counts(&f.body);
        replace.retain(|v, _| uses.is_used(*v));
        rewrite.retain(|v, _| uses.is_used(*v));
    }
    (replace, rewrite)
}

fn rewrite_ops(block: &mut Block, rewrite: &HashMap<ValueId, Op>) {
    if rewrite.is_empty() {
        return;
    }
    for stmt in &mut block.stmts {
        match stmt {
            Stmt::Let { value, op } => {
                if let Some(new) = rewrite.get(value) {
                    *op = new.clone();
                }
            }
            Stmt::If {
                then_body,
                else_body,
                ..
            } => {
                rewrite_ops(then_body, rewrite);
                rewrite_ops(else_body, rewrite);
            }
            Stmt::Loop {
                body, continuing, ..
            } => {
                rewrite_ops(body, rewrite);
                rewrite_ops(continuing, rewrite);
            }
            Stmt::Switch { cases, .. } => {
                for c in cases {
                    rewrite_ops(&mut c.body, rewrite);
                }
            }
            _ => {}
        }
    }
}
