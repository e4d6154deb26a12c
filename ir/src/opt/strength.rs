//! Strength reduction of induction-variable arithmetic: in a counted loop, a product of an
//! expression of the induction variable, such as `(y + r) * W` in a loop over `r`, becomes
//! a variable that starts at the product's value for the loop's first iteration and grows
//! by a constant difference each iteration (an addition instead of a multiplication).
//!
//! Rules. The loop is a counted loop (`analysis::loops`) that steps its induction
//! variable in its `continuing` block. A candidate is a `let` in the loop's body (at any
//! depth) computing `x * k` or `x << c`, on an integer scalar type equal to the induction
//! variable's, where `x` is an expression of additions, subtractions and such products over
//! loads of the induction variable, constants and values defined before the loop, and `k`
//! is such a value (so the whole is affine in the induction variable). In front of the loop
//! the pass evaluates the candidate at the induction variable's value `i0` and at
//! `i0 + step` (copies of the expression's `let`s); their difference is the step of the new
//! variable, which the loop adds right after the induction variable's update. The
//! candidate then reads the new variable. Integer arithmetic wraps, so the values are
//! exactly those the product had.

use crate::fx::HashMap;

use crate::analysis::defs::Defs;
use crate::analysis::loops::{counted_loop, CountedLoop, StepAt};
use crate::analysis::vars::{variables, Variables};
use crate::diag::refusal::Refusal;
use crate::module::{Block, Function, LocalId, Module, Stmt};
use crate::op::{BinaryOp, Const, Op, ValueId};
use crate::pipeline::Pass;
use crate::types::{AddressSpace, TypeTable};

/// The strength-reduction pass.
pub struct StrengthReduce;

impl Pass for StrengthReduce {
    fn name(&self) -> &'static str {
        "strength"
    }

    fn run(&self, module: &mut Module) -> Result<bool, Refusal> {
        let Module {
            types, functions, ..
        } = module;
        let mut changed = false;
        for f in functions {
            // One loop per round: the analyses are recomputed after each change.
            for _ in 0..64 {
                if !reduce_one(types, f) {
                    break;
                }
                changed = true;
            }
        }
        Ok(changed)
    }
}

/// A reducible product in a loop: the loop's place and the candidate.
struct Candidate {
    path: Vec<(usize, usize)>,
    lp: CountedLoop,
    product: ValueId,
}

fn reduce_one(types: &mut TypeTable, f: &mut Function) -> bool {
    let vars = variables(f, types);
    let all = Defs::of_function(f);
    let mut path = Vec::new();
    let Some(c) = find(types, f, &vars, &all, &f.body, &mut path) else {
        return false;
    };
    apply(types, f, &vars, c);
    true
}

fn find(
    types: &TypeTable,
    f: &Function,
    vars: &Variables,
    all: &Defs,
    block: &Block,
    path: &mut Vec<(usize, usize)>,
) -> Option<Candidate> {
    for (i, s) in block.stmts.iter().enumerate() {
        for (c, child) in s.child_blocks().enumerate() {
            path.push((i, c));
            if let Some(found) = find(types, f, vars, all, child, path) {
                return Some(found);
            }
            path.pop();
        }
        let Stmt::Loop {
            body,
            continuing,
            break_if,
            ..
        } = s
        else {
            continue;
        };
        let Some(lp) = counted_loop(
            f,
            types,
            vars,
            all,
            &block.stmts[..i],
            body,
            continuing,
            *break_if,
        ) else {
            continue;
        };
        if !matches!(lp.step_at, StepAt::Continuing(_)) {
            continue;
        }
        let inside = Defs::of_block(body).merged(Defs::of_block(continuing));
        let mut found = None;
        crate::module::walk_stmts(body, &mut |s| {
            if found.is_some() {
                return;
            }
            if let Stmt::Let { value, op } = s {
                let is_product = matches!(op, Op::Binary(BinaryOp::Mul | BinaryOp::Shl, ..));
                let same_type = types.scalar_of(f.value_type(*value)) == Some(lp.elem)
                    && matches!(
                        types.get(f.value_type(*value)),
                        crate::types::Type::Scalar(_)
                    );
                if is_product && same_type && affine(*value, &lp, vars, &inside, all) == Some(true)
                {
                    found = Some(*value);
                }
            }
        });
        if let Some(product) = found {
            path.push((i, 0));
            return Some(Candidate {
                path: path.clone(),
                lp,
                product,
            });
        }
    }
    None
}

/// `Some(true)` when `v` is affine in the induction variable and depends on it,
/// `Some(false)` when it is invariant, `None` otherwise.
fn affine(
    v: ValueId,
    lp: &CountedLoop,
    vars: &Variables,
    inside: &Defs,
    all: &Defs,
) -> Option<bool> {
    if !inside.defines(v) {
        return Some(false);
    }
    match inside.op(v)? {
        Op::Const(_) => Some(false),
        Op::Load { ptr } if vars.promoted(*ptr) == Some(lp.iv) => Some(true),
        Op::Binary(BinaryOp::Add | BinaryOp::Sub, a, b) => {
            let (x, y) = (
                affine(*a, lp, vars, inside, all)?,
                affine(*b, lp, vars, inside, all)?,
            );
            Some(x || y)
        }
        Op::Binary(BinaryOp::Mul, a, b) => {
            let (x, y) = (
                affine(*a, lp, vars, inside, all)?,
                affine(*b, lp, vars, inside, all)?,
            );
            // A product of two induction-dependent factors is not affine.
            (!(x && y)).then_some(x || y)
        }
        Op::Binary(BinaryOp::Shl, a, b) => {
            all.int_constant(*b)?;
            affine(*a, lp, vars, inside, all)
        }
        _ => None,
    }
}

fn apply(types: &mut TypeTable, f: &mut Function, vars: &Variables, c: Candidate) {
    let (last, parents) = c.path.split_last().expect("a loop's place");
    let ty = f.value_type(c.product);
    let elem = c.lp.elem;
    let ptr_ty = types.pointer(AddressSpace::Private, ty);
    let sr = f.new_local(
        format!("{}.sr", f.local(c.lp.iv).name),
        ty,
        AddressSpace::Private,
    );
    let mut body_root = std::mem::take(&mut f.body);
    let block = crate::visit::block_at_mut(&mut body_root, parents);
    let Stmt::Loop {
        body, continuing, ..
    } = &block.stmts[last.0]
    else {
        unreachable!("the path leads to a loop");
    };
    let inside = Defs::of_block(body).merged(Defs::of_block(continuing));
    // In front of the loop: i0, the product at i0 and at i0 + step, and their difference.
    let mut pre = Vec::new();
    let iv_addr = f.push_let(
        &mut pre,
        ptr_ty_of(types, f, c.lp.iv),
        Op::LocalAddr(c.lp.iv),
    );
    let i0 = f.push_let(&mut pre, ty, Op::Load { ptr: iv_addr });
    let k = f.push_let(&mut pre, ty, Op::Const(Const::int(elem, c.lp.step as i64)));
    let i1 = f.push_let(&mut pre, ty, Op::Binary(BinaryOp::Add, i0, k));
    let m0 = evaluate(f, &mut pre, c.product, i0, &c.lp, vars, &inside);
    let m1 = evaluate(f, &mut pre, c.product, i1, &c.lp, vars, &inside);
    let delta = f.push_let(&mut pre, ty, Op::Binary(BinaryOp::Sub, m1, m0));
    let sr_addr = f.push_let(&mut pre, ptr_ty, Op::LocalAddr(sr));
    pre.push(Stmt::Store {
        ptr: sr_addr,
        value: m0,
    });
    // In the loop: the product reads the variable; the update follows the step.
    let Stmt::Loop {
        body, continuing, ..
    } = &mut block.stmts[last.0]
    else {
        unreachable!();
    };
    replace_product(f, body, c.product, sr, ptr_ty);
    let StepAt::Continuing(at) = c.lp.step_at else {
        unreachable!("only loops stepping in continuing are reduced")
    };
    let mut update = Vec::new();
    let a = f.push_let(&mut update, ptr_ty, Op::LocalAddr(sr));
    let old = f.push_let(&mut update, ty, Op::Load { ptr: a });
    let new = f.push_let(&mut update, ty, Op::Binary(BinaryOp::Add, old, delta));
    update.push(Stmt::Store { ptr: a, value: new });
    continuing.stmts.splice(at + 1..at + 1, update);
    block.stmts.splice(last.0..last.0, pre);
    f.body = body_root;
}

fn ptr_ty_of(types: &mut TypeTable, f: &Function, l: LocalId) -> crate::types::TypeId {
    types.pointer(AddressSpace::Private, f.local(l).ty)
}

/// Copies the computation of `v` into `out` with the induction variable's loads reading
/// `iv_value`; returns the copy's value.
fn evaluate(
    f: &mut Function,
    out: &mut Vec<Stmt>,
    v: ValueId,
    iv_value: ValueId,
    lp: &CountedLoop,
    vars: &Variables,
    inside: &Defs,
) -> ValueId {
    let mut memo: HashMap<ValueId, ValueId> = HashMap::default();
    eval_rec(f, out, v, iv_value, lp, vars, inside, &mut memo)
}

#[allow(clippy::too_many_arguments)]
fn eval_rec(
    f: &mut Function,
    out: &mut Vec<Stmt>,
    v: ValueId,
    iv_value: ValueId,
    lp: &CountedLoop,
    vars: &Variables,
    inside: &Defs,
    memo: &mut HashMap<ValueId, ValueId>,
) -> ValueId {
    if !inside.defines(v) {
        return v;
    }
    if let Some(done) = memo.get(&v) {
        return *done;
    }
    let op = inside.op(v).expect("defined inside").clone();
    let result = match op {
        Op::Load { ptr } if vars.promoted(ptr) == Some(lp.iv) => iv_value,
        Op::Binary(b, x, y) => {
            let x = eval_rec(f, out, x, iv_value, lp, vars, inside, memo);
            let y = eval_rec(f, out, y, iv_value, lp, vars, inside, memo);
            let ty = f.value_type(v);
            f.push_let(out, ty, Op::Binary(b, x, y))
        }
        op @ Op::Const(_) => {
            let ty = f.value_type(v);
            f.push_let(out, ty, op)
        }
        _ => unreachable!("only affine expressions are evaluated"),
    };
    memo.insert(v, result);
    result
}

/// Makes the `let` of `product` read the new variable `sr`.
fn replace_product(
    f: &mut Function,
    block: &mut Block,
    product: ValueId,
    sr: LocalId,
    ptr_ty: crate::types::TypeId,
) {
    for i in 0..block.stmts.len() {
        if matches!(&block.stmts[i], Stmt::Let { value, .. } if *value == product) {
            let addr = f.new_value(ptr_ty);
            block.stmts[i] = Stmt::Let {
                value: product,
                op: Op::Load { ptr: addr },
            };
            block.stmts.insert(
                i,
                Stmt::Let {
                    value: addr,
                    op: Op::LocalAddr(sr),
                },
            );
            return;
        }
        for child in block.stmts[i].child_blocks_mut() {
            replace_product(f, child, product, sr, ptr_ty);
        }
    }
}
