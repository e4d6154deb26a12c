//! Loop unrolling of counted loops (`analysis::loops`).
//!
//! Rules:
//! - Only counted loops whose body (after the exit test) and `continuing` block leave the
//!   loop by no `break` or `return`; a `continue` is kept by running each copy of the body
//!   inside a loop that runs once (its `continue` then reaches the copy's `continuing`).
//! - **Full unrolling** replaces a loop whose trip count is known at compile time by that
//!   many copies of its body (the header's `let`s, the rest of the body, the `continuing`
//!   block; the exit test disappears), when the copies stay within the budget
//!   ([`OptConfig::full_unroll_budget`] statements), or at any size up to
//!   [`MAX_FULL_STATEMENTS`] when the source asks (`#pragma unroll`). Each copy stores the
//!   induction variable as the loop did, so `forward_loads` and `const_fold` turn its uses
//!   into constants. Without a request, the copies' loads from memory (not private
//!   variables) must also stay within [`OptConfig::full_unroll_max_loads`] unless a barrier
//!   in the body ends each copy's region; a loop with more is unrolled partially, as if its trip count were known only at run time (but a
//!   loop of two iterations, which partial unrolling would leave as it is, fully).
//! - **Partial unrolling** by a factor F (the target's [`OptConfig::partial_unroll_factor`],
//!   or the source's `#pragma unroll F` / `opencl_unroll_hint(F)`) applies to counted loops
//!   with a run-time trip count (or a compile-time one with too many loads to unroll
//!   fully), `iv < bound` / `iv <= bound` counting up or `>` / `>=`
//!   counting down, without barriers; without a request from the source, only loops that
//!   step by one (a larger step usually means the source unrolled the loop by hand) whose
//!   body has at most [`OptConfig::partial_unroll_max_body`] statements. A new loop runs F copies of the body
//!   per iteration while at least F iterations remain (`(unsigned)(bound - iv) > (F-1)*step`
//!   after the original test, computed in the unsigned type so it cannot overflow), and the
//!   original loop runs the remaining iterations. Both loops are marked `nounroll`.
//! - Halving loops (`for (k = 128; k > 0; k >>= 1)`, [`unrollable_loop`]) are unrolled fully
//!   under the same rules when their trip count is known, never partially.
//! - `#pragma nounroll` (and `unroll(1)`) leaves a loop alone.

use crate::fx::{HashMap, HashSet};

use super::clone::clone_fresh;
use super::OptConfig;
use crate::analysis::defs::Defs;
use crate::analysis::effects::block_effects;
use crate::analysis::loops::{unrollable_loop, CountedLoop};
use crate::analysis::vars::variables;
use crate::diag::refusal::Refusal;
use crate::module::{Block, Function, Module, Stmt, Unroll as Hint};
use crate::op::{BinaryOp, CmpOp, Const, Op, UnaryOp, ValueId};
use crate::pipeline::Pass;
use crate::types::{AddressSpace, ScalarType, TypeTable};

/// The most statements a full unrolling the source asked for may produce.
pub const MAX_FULL_STATEMENTS: usize = 20_000;

/// The most loops one run of the pass unrolls in one function (the pipeline runs it again).
const MAX_PER_RUN: usize = 64;

/// The unrolling pass with its budgets.
pub struct Unroll {
    /// The settings (budgets, factor).
    pub config: OptConfig,
}

impl Pass for Unroll {
    fn name(&self) -> &'static str {
        "unroll"
    }

    fn run(&self, module: &mut Module) -> Result<bool, Refusal> {
        Ok(self.run_naming_changed(module)?.0)
    }

    /// The functions it changed are those it unrolled a loop of or made values in.
    fn run_naming_changed(
        &self,
        module: &mut Module,
    ) -> Result<(bool, Option<HashSet<String>>), Refusal> {
        let mut names = HashSet::default();
        let Module {
            types, functions, ..
        } = module;
        let mut changed = false;
        for f in functions {
            // A partial unrolling given up on may have made values (and nothing else).
            let values = f.value_types.len();
            for _ in 0..MAX_PER_RUN {
                if !unroll_one(types, f, &self.config) {
                    break;
                }
                changed = true;
                names.insert(f.name.clone());
            }
            if f.value_types.len() != values {
                names.insert(f.name.clone());
            }
        }
        Ok((changed, Some(names)))
    }
}

/// What to do with one loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Plan {
    Full(u64),
    Partial(u32),
}

/// Unrolls the first loop (innermost first, in statement order) that qualifies; true when
/// one was unrolled.
fn unroll_one(types: &mut TypeTable, f: &mut Function, config: &OptConfig) -> bool {
    let vars = variables(f, types);
    // The function's definitions, built once (when it has a loop) for all its loops.
    let outer = std::cell::OnceCell::new();
    let mut path = Vec::new();
    let Some(plan) = find(types, f, &vars, &outer, config, &f.body, &mut path) else {
        return false;
    };
    let (last, parents) = path.split_last().expect("a loop's place");
    let mut body = std::mem::take(&mut f.body);
    let block = crate::visit::block_at_mut(&mut body, parents);
    let Stmt::Loop {
        body: lbody,
        continuing,
        ..
    } = block.stmts[last.0].clone()
    else {
        unreachable!("the path leads to a loop");
    };
    let (lp, plan) = plan;
    let replacement = match plan {
        Plan::Full(n) => Some(full(f, types, &lp, &lbody, &continuing, n)),
        Plan::Partial(k) => partial(f, types, &lp, &lbody, &continuing, k),
    };
    let done = replacement.is_some();
    if let Some(stmts) = replacement {
        block.stmts.splice(last.0..=last.0, stmts);
    }
    f.body = body;
    done
}

/// Finds the first loop to unroll under `block`, inner loops first; `path` ends with its
/// place ((statement index, 0) for the loop itself).
fn find(
    types: &TypeTable,
    f: &Function,
    vars: &crate::analysis::Variables,
    outer: &std::cell::OnceCell<Defs>,
    config: &OptConfig,
    block: &Block,
    path: &mut Vec<(usize, usize)>,
) -> Option<(CountedLoop, Plan)> {
    for (i, s) in block.stmts.iter().enumerate() {
        for (c, child) in s.child_blocks().enumerate() {
            path.push((i, c));
            if let Some(found) = find(types, f, vars, outer, config, child, path) {
                return Some(found);
            }
            path.pop();
        }
        let Stmt::Loop {
            body,
            continuing,
            break_if,
            unroll,
        } = s
        else {
            continue;
        };
        if *unroll == Hint::Never {
            continue;
        }
        let defs = outer.get_or_init(|| Defs::of_function(f));
        let preceding = &block.stmts[..i];
        let Some(lp) =
            unrollable_loop(f, types, vars, defs, preceding, body, continuing, *break_if)
        else {
            continue;
        };
        if lp.other_exits {
            continue;
        }
        let (be, ce) = (
            block_effects(body, f, types, vars),
            block_effects(continuing, f, types, vars),
        );
        let shape = Shape {
            size: be.size + ce.size,
            loads: memory_loads(f, types, body) + memory_loads(f, types, continuing),
            barrier: be.barrier || ce.barrier,
        };
        let Some(plan) = plan(&lp, *unroll, &shape, config) else {
            continue;
        };
        path.push((i, 0));
        return Some((lp, plan));
    }
    None
}

/// What the cost model weighs of a loop's body and `continuing` block.
struct Shape {
    /// Statements.
    size: usize,
    /// Loads from memory other than private variables, outside nested loops.
    loads: usize,
    /// Whether a barrier is among them.
    barrier: bool,
}

/// The loads of `block` from memory other than private variables, outside nested loops
/// (a nested loop's loads are in blocks of their own and do not pile up in the copies).
fn memory_loads(f: &Function, types: &TypeTable, block: &Block) -> usize {
    block
        .stmts
        .iter()
        .map(|s| match s {
            Stmt::Let {
                op: Op::Load { ptr },
                ..
            } => {
                let space = types.pointee(f.value_type(*ptr)).map(|(space, _)| space);
                usize::from(space != Some(AddressSpace::Private))
            }
            Stmt::Loop { .. } => 0,
            _ => s.child_blocks().map(|b| memory_loads(f, types, b)).sum(),
        })
        .sum()
}

/// The cost model.
fn plan(lp: &CountedLoop, hint: Hint, shape: &Shape, config: &OptConfig) -> Option<Plan> {
    let copies_within =
        |n: u64, per_copy: usize, budget: usize| (n as usize).saturating_mul(per_copy) <= budget;
    let full_fits = |budget: usize| {
        lp.trip_count
            .filter(|&n| copies_within(n, shape.size.max(1), budget))
            .map(Plan::Full)
    };
    // Too many loads for full unrolling: the loop is unrolled partially, as one whose trip
    // count is known only at run time. Not a loop of two iterations, which no partial
    // unrolling shortens: its two copies are no more than two copies of a partial one.
    // (Not when a barrier ends each copy: its loads end their region there.)
    let too_many_loads = !shape.barrier
        && lp
            .trip_count
            .is_some_and(|n| n > 2 && !copies_within(n, shape.loads, config.full_unroll_max_loads));
    let partial = |k: u32| {
        (k >= 2
            && lp.step != 0
            && !shape.barrier
            && (lp.trip_count.is_none() || too_many_loads)
            && counts_monotonically(lp))
        .then_some(Plan::Partial(k))
    };
    match hint {
        Hint::Never => None,
        Hint::Full => {
            full_fits(MAX_FULL_STATEMENTS).or_else(|| partial(config.partial_unroll_factor.max(2)))
        }
        Hint::Count(k) => match lp.trip_count {
            Some(n) if n <= k as u64 => full_fits(MAX_FULL_STATEMENTS),
            _ => partial(k),
        },
        Hint::Auto => {
            if config.level < 2 {
                return None;
            }
            let full = if too_many_loads {
                None
            } else {
                full_fits(config.full_unroll_budget)
            };
            // A loop stepping by more than one was most likely unrolled by hand already.
            full.or_else(|| {
                if shape.size <= config.partial_unroll_max_body && lp.step.abs() == 1 {
                    partial(config.partial_unroll_factor)
                } else {
                    None
                }
            })
        }
    }
}

/// True when the loop's test and step let the remaining iterations be counted.
fn counts_monotonically(lp: &CountedLoop) -> bool {
    matches!(
        (lp.cmp, lp.step > 0),
        (CmpOp::Lt | CmpOp::Le, true) | (CmpOp::Gt | CmpOp::Ge, false)
    )
}

/// One iteration's statements, fresh: the header's lets, the body after the exit test and
/// the continuing block; inside a run-once loop when the body holds a `continue`.
fn iteration(
    f: &mut Function,
    types: &mut TypeTable,
    lp: &CountedLoop,
    body: &Block,
    continuing: &Block,
) -> Vec<Stmt> {
    let mut map = HashMap::default();
    let mut stmts = clone_fresh(f, &body.stmts[..lp.exit_index], &mut map);
    let rest = clone_fresh(f, &body.stmts[lp.exit_index + 1..], &mut map);
    let cont = clone_fresh(f, &continuing.stmts, &mut HashMap::default());
    if lp.continues {
        let mut once = rest;
        once.push(Stmt::Break);
        let boolt = types.scalar(ScalarType::Bool);
        let mut guard = Vec::new();
        let t = f.push_let(&mut guard, boolt, Op::Const(Const::bool(true)));
        stmts.push(Stmt::Loop {
            body: Block { stmts: once },
            continuing: Block { stmts: guard },
            break_if: Some(t),
            unroll: Hint::Never,
        });
    } else {
        stmts.extend(rest);
    }
    stmts.extend(cont);
    stmts
}

fn full(
    f: &mut Function,
    types: &mut TypeTable,
    lp: &CountedLoop,
    body: &Block,
    continuing: &Block,
    n: u64,
) -> Vec<Stmt> {
    let mut out = Vec::new();
    for _ in 0..n {
        out.extend(iteration(f, types, lp, body, continuing));
    }
    out
}

fn partial(
    f: &mut Function,
    types: &mut TypeTable,
    lp: &CountedLoop,
    body: &Block,
    continuing: &Block,
    k: u32,
) -> Option<Vec<Stmt>> {
    let unsigned = lp.cmp_elem.with_signedness(false);
    let uty = types.scalar(unsigned);
    let boolt = types.scalar(ScalarType::Bool);
    // The main loop's test: the original exit test, then "k iterations remain".
    let mut map = HashMap::default();
    let mut test = clone_fresh(f, &body.stmts[..=lp.exit_index], &mut map);
    let iv_now = header_iv_value(body, lp)?;
    let iv_now = *map.get(&iv_now)?;
    let bound = *map.get(&lp.bound).unwrap_or(&lp.bound);
    let (hi, lo) = if lp.step > 0 {
        (bound, iv_now)
    } else {
        (iv_now, bound)
    };
    let hi_u = f.push_let(&mut test, uty, Op::Bitcast { value: hi, to: uty });
    let lo_u = f.push_let(&mut test, uty, Op::Bitcast { value: lo, to: uty });
    let left = f.push_let(&mut test, uty, Op::Binary(BinaryOp::Sub, hi_u, lo_u));
    let span = (k as i128 - 1) * lp.step.abs();
    if span >> unsigned.bits() != 0 {
        return None;
    }
    let need = f.push_let(&mut test, uty, Op::Const(Const::int(unsigned, span as i64)));
    let strict = matches!(lp.cmp, CmpOp::Lt | CmpOp::Gt);
    let cmp = if strict { CmpOp::Gt } else { CmpOp::Ge };
    let ok = f.push_let(&mut test, boolt, Op::Compare(cmp, left, need));
    let stop = f.push_let(&mut test, boolt, Op::Unary(UnaryOp::Not, ok));
    test.push(Stmt::If {
        cond: stop,
        then_body: Block {
            stmts: vec![Stmt::Break],
        },
        else_body: Block::new(),
    });
    for _ in 0..k {
        test.extend(iteration(f, types, lp, body, continuing));
    }
    let main = Stmt::Loop {
        body: Block { stmts: test },
        continuing: Block::new(),
        break_if: None,
        unroll: Hint::Never,
    };
    let rest = Stmt::Loop {
        body: body.clone(),
        continuing: continuing.clone(),
        break_if: None,
        unroll: Hint::Never,
    };
    Some(vec![main, rest])
}

/// The header's load of the induction variable that the exit test compares.
fn header_iv_value(body: &Block, lp: &CountedLoop) -> Option<ValueId> {
    let defs = crate::analysis::Defs::of_block(&Block {
        stmts: body.stmts[..lp.exit_index].to_vec(),
    });
    let Stmt::If { cond, .. } = &body.stmts[lp.exit_index] else {
        return None;
    };
    let mut v = *cond;
    loop {
        match defs.op(v)? {
            Op::Unary(UnaryOp::Not, c) => v = *c,
            Op::Compare(_, a, b) => return Some(if *b == lp.bound { *a } else { *b }),
            _ => return None,
        }
    }
}
