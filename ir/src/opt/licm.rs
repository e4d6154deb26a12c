//! Loop-invariant code motion: `let`s whose value is the same in every iteration of a loop
//! move in front of the loop.
//!
//! Rules. Only `let`s at the top level of a loop's body move (code under an `if` runs
//! conditionally), in order, and only when each operand is defined outside the loop or by
//! a `let` that moved. What moves:
//! - pure operations that cannot trap: everything `Op::is_pure` except integer division
//!   and remainder by anything but a non-zero constant, and work-item queries with a
//!   run-time dimension;
//! - loads of promotable private variables the loop does not store;
//! - loads of memory the loop cannot change, where moving them cannot read what the
//!   program would not: the loop must write no memory the pointer may reach (by address
//!   space: stores, atomics; `__constant` memory never changes), hold no barrier, fence,
//!   atomic or call, and the module must not use `volatile`, or the pointer must derive
//!   from a `const restrict` kernel parameter; and the load must run whenever the loop is
//!   entered: it comes before the body's first statement that is not a `let` (the exit
//!   test of a `while` or `for`), or the loop's trip count is known to be at least one.
//!
//! Inner loops are handled first, so an invariant of two nested loops climbs out of both.

use crate::fx::HashSet;

use crate::analysis::defs::Defs;
use crate::analysis::effects::block_effects;
use crate::analysis::loops::counted_loop;
use crate::analysis::vars::{variables, Variables};
use crate::module::{walk_stmts, Block, Function, Module, Stmt};
use crate::op::{BinaryOp, Dim, Op, ValueId};
use crate::pipeline::FunctionPass;
use crate::types::{AddressSpace, Type, TypeTable};
use crate::visit::op_operands;

/// The loop-invariant code motion pass.
pub struct Licm;

impl FunctionPass for Licm {
    fn name(&self) -> &'static str {
        "licm"
    }

    fn run_function(&self, module: &mut Module, index: usize) -> bool {
        let Module {
            types,
            functions,
            volatile_memory,
            ..
        } = module;
        licm_function(types, &mut functions[index], *volatile_memory)
    }
}

/// Hoists the invariants of every loop of `f`; true when anything moved.
pub fn licm_function(types: &TypeTable, f: &mut Function, volatile: bool) -> bool {
    let vars = variables(f, types);
    let restrict_bases: HashSet<ValueId> = f
        .params
        .iter()
        .filter(|p| p.is_const && p.is_restrict)
        .map(|p| p.value)
        .collect();
    let all = Defs::of_function(f);
    let cx = Context {
        types,
        vars: &vars,
        volatile,
        restrict_bases,
        all: &all,
    };
    // The analyses read only the function's value and variable types, which moving `let`s
    // leaves as they were: the body is rewritten apart from them, not copied.
    let mut body = std::mem::take(&mut f.body);
    let changed = cx.block(f, &mut body);
    f.body = body;
    changed
}

struct Context<'a> {
    types: &'a TypeTable,
    vars: &'a Variables,
    volatile: bool,
    restrict_bases: HashSet<ValueId>,
    all: &'a Defs,
}

impl Context<'_> {
    fn block(&self, f: &Function, block: &mut Block) -> bool {
        let mut changed = false;
        let mut i = 0;
        while i < block.stmts.len() {
            for child in block.stmts[i].child_blocks_mut() {
                changed |= self.block(f, child);
            }
            let hoisted = match &mut block.stmts[i] {
                Stmt::Loop { .. } => self.hoist(f, &block.stmts[..i], &block.stmts[i]),
                _ => None,
            };
            if let Some((moved, new_loop)) = hoisted {
                let n = moved.len();
                block.stmts[i] = new_loop;
                block.stmts.splice(i..i, moved);
                i += n;
                changed = true;
            }
            i += 1;
        }
        changed
    }

    /// The statements hoisted out of `lp` and the loop without them, if any moved.
    fn hoist(&self, f: &Function, preceding: &[Stmt], lp: &Stmt) -> Option<(Vec<Stmt>, Stmt)> {
        let Stmt::Loop {
            body,
            continuing,
            break_if,
            unroll,
        } = lp
        else {
            return None;
        };
        // The values the loop defines (its operations need not be copied to tell).
        let mut inside = HashSet::default();
        for b in [body, continuing] {
            walk_stmts(b, &mut |s| {
                if let Stmt::Let { value, .. } = s {
                    inside.insert(*value);
                }
            });
        }
        let be = block_effects(body, f, self.types, self.vars);
        let ce = block_effects(continuing, f, self.types, self.vars);
        let mut stored = be.stored_vars.clone();
        stored.extend(ce.stored_vars.iter().copied());
        let mut writes = be.writes;
        for (w, c) in [
            (&mut writes.private, ce.writes.private),
            (&mut writes.global, ce.writes.global),
            (&mut writes.local, ce.writes.local),
            (&mut writes.constant, ce.writes.constant),
        ] {
            *w |= c;
        }
        let synchronises =
            be.barrier || ce.barrier || be.fence || ce.fence || be.atomic || ce.atomic;
        let calls = be.call || ce.call;
        let counted = counted_loop(
            f, self.types, self.vars, self.all, preceding, body, continuing, *break_if,
        );
        // The `let`s before the body's first other statement run whenever the loop is
        // entered.
        let header_end = body
            .stmts
            .iter()
            .position(|s| !matches!(s, Stmt::Let { .. }))
            .unwrap_or(body.stmts.len());
        let runs_once = counted
            .as_ref()
            .is_some_and(|c| c.trip_count.is_some_and(|n| n >= 1));
        let mut moved_values: HashSet<ValueId> = HashSet::default();
        let mut movable = Vec::with_capacity(body.stmts.len());
        for (i, s) in body.stmts.iter().enumerate() {
            let ok = match s {
                Stmt::Let { value, op } => {
                    let mut operands_ok = true;
                    op_operands(op, &mut |o| {
                        operands_ok &= !inside.contains(&o) || moved_values.contains(&o);
                    });
                    let always_runs = i < header_end || runs_once;
                    let ok = operands_ok
                        && match op {
                            Op::Load { ptr } => match self.vars.promoted(*ptr) {
                                Some(l) => !stored.contains(&l),
                                None => {
                                    always_runs
                                        && self.memory_invariant(
                                            f,
                                            *ptr,
                                            writes,
                                            synchronises,
                                            calls,
                                        )
                                }
                            },
                            op => self.speculatable(f, op),
                        };
                    if ok {
                        moved_values.insert(*value);
                    }
                    ok
                }
                _ => false,
            };
            movable.push(ok);
        }
        if !movable.contains(&true) {
            return None;
        }
        // The statements of the body that move (`true`) or stay (`false`), in order.
        let pick = |want: bool| -> Vec<Stmt> {
            body.stmts
                .iter()
                .zip(&movable)
                .filter(|(_, &m)| m == want)
                .map(|(s, _)| s.clone())
                .collect()
        };
        Some((
            pick(true),
            Stmt::Loop {
                body: Block { stmts: pick(false) },
                continuing: continuing.clone(),
                break_if: *break_if,
                unroll: *unroll,
            },
        ))
    }

    /// True when `op` may run where the program would not run it.
    fn speculatable(&self, f: &Function, op: &Op) -> bool {
        match op {
            Op::Binary(BinaryOp::Div | BinaryOp::Rem, _, d) => {
                let float = self
                    .types
                    .scalar_of(f.value_type(*d))
                    .is_some_and(|s| s.is_float());
                float || self.all.int_constant(*d).is_some_and(|v| v != 0)
            }
            Op::WorkItem { dim, .. } => matches!(dim, Dim::Const(_)),
            op => op.is_pure(),
        }
    }

    /// True when the memory `ptr` points to cannot change while the loop runs.
    fn memory_invariant(
        &self,
        f: &Function,
        ptr: ValueId,
        writes: crate::analysis::effects::Spaces,
        synchronises: bool,
        calls: bool,
    ) -> bool {
        let Type::Pointer { space, .. } = self.types.get(f.value_type(ptr)) else {
            return false;
        };
        if self.volatile {
            return false;
        }
        if *space == AddressSpace::Constant {
            return true;
        }
        if self.derives_from_restrict_const(ptr) {
            return true;
        }
        !synchronises && !calls && !writes.may_reach(*space)
    }

    /// True when `ptr` is a `const restrict` kernel parameter plus offsets.
    fn derives_from_restrict_const(&self, mut ptr: ValueId) -> bool {
        for _ in 0..64 {
            if self.restrict_bases.contains(&ptr) {
                return true;
            }
            match self.all.op(ptr) {
                Some(Op::PtrOffset { base, .. }) | Some(Op::IndexAddr { base, .. }) => ptr = *base,
                Some(Op::FieldAddr { base, .. }) => ptr = *base,
                _ => return false,
            }
        }
        false
    }
}
