//! Loads that Cranelift may place by their uses: marked read-only, non-trapping and movable
//! (`MemFlagsData::with_can_move`), they become pure values that Cranelift computes where
//! they are first needed, like arithmetic.
//!
//! Why. Cranelift computes pure arithmetic where its result is first used, which for a
//! running sum is the end of the loop body; side-effecting loads stay where they were
//! written. A float4 loaded per work-item in a vectorised loop is four vectors per chunk,
//! eight with two chunks interleaved, all loaded before the first multiply and live until
//! the sums at the end: with eight accumulators beside them they exceed x86-64's 16 vector
//! registers and the accumulators spill (the chapter's ConvolveFloat4 and DefFloat4, stop
//! 43, bench/results/middle-end.txt). Placed by their uses, each load sits next to its
//! multiply.
//!
//! Rules. A load qualifies when
//! - its pointer's root is a parameter whose memory the kernel never writes
//!   ([`oclc_ir::analysis::unwritten_params`]), so it reads the same value anywhere;
//! - it lies in a loop that carries at least `MIN_CARRIED_FLOATS` (1) float component from
//!   one iteration to the next (a running sum): code outside such loops keeps its loads
//!   where they are. (Until stop 47 only loops carrying 3 or more, a float4 sum, qualified:
//!   on the Intel Xeon of stop 43 with two chunks, loops carrying one float measured 2-7%
//!   slower. Since a load placed by its use keeps one register live per chunk instead of
//!   one per load, such loops now run four chunks where they could not
//!   (`crate::vectorize::pressure`); on the Zen 3 of stop 47 the chapter's ConvolveUnroll
//!   ran 0.56-0.64x the time, DefConvolve 0.62-0.92x, bench/results/middle-end.txt); and
//! - moving it cannot make it run where the program would not: Cranelift moves a pure value
//!   only to its uses, or out of a loop in which it is invariant (to the loop's entry, which
//!   runs even when the loop's body does not). So its address must change with the
//!   iterations of the innermost loop around it: it depends on a variable that the loop
//!   updates from its own value (an induction variable).

use std::collections::HashSet;

use oclc_ir::analysis::defs::Defs;
use oclc_ir::analysis::vars::{variables, Variables};
use oclc_ir::opt::slp::address::{Addresses, Root};
use oclc_ir::visit::op_operands;
use oclc_ir::{Function, LocalId, Op, Stmt, TypeTable, ValueId};

/// How far the dependence search looks (values visited per question).
const MAX_VISITS: usize = 512;

/// The fewest float components a loop must carry from one iteration to the next (in the
/// variables it updates) for its loads to be placed by their uses.
const MIN_CARRIED_FLOATS: usize = 1;

/// The loads of `f` that may be marked movable (see the module documentation); `unwritten`:
/// the parameters whose memory the kernel never writes.
pub fn movable_loads(
    types: &TypeTable,
    f: &Function,
    unwritten: &oclc_ir::fx::HashSet<ValueId>,
) -> HashSet<ValueId> {
    let mut out = HashSet::new();
    if unwritten.is_empty() {
        return out;
    }
    let vars = variables(f, types);
    let defs = Defs::of_function(f);
    let cx = Cx {
        types,
        f,
        vars: &vars,
        defs: &defs,
        addrs: Addresses::new(f, types, &defs),
        unwritten,
    };
    cx.visit(&f.body.stmts, None, &mut out);
    out
}

/// What a loop's body and continuing block define and which variables they update.
struct LoopFacts {
    defined: HashSet<ValueId>,
    updated: HashSet<LocalId>,
    /// Float components of the updated variables.
    carried_floats: usize,
}

struct Cx<'a> {
    types: &'a TypeTable,
    f: &'a Function,
    vars: &'a Variables,
    defs: &'a Defs,
    addrs: Addresses<'a>,
    unwritten: &'a oclc_ir::fx::HashSet<ValueId>,
}

impl Cx<'_> {
    fn visit(&self, stmts: &[Stmt], innermost: Option<&LoopFacts>, out: &mut HashSet<ValueId>) {
        for s in stmts {
            match s {
                Stmt::Let {
                    value,
                    op: Op::Load { ptr },
                } if self.vars.promoted(*ptr).is_none() => {
                    let root_unwritten = matches!(self.addrs.address(*ptr).root,
                        Root::Param { value: p, .. } if self.unwritten.contains(&p));
                    let in_busy_loop = innermost.is_some_and(|l| {
                        l.carried_floats >= MIN_CARRIED_FLOATS && self.varies(*ptr, l)
                    });
                    if root_unwritten && in_busy_loop {
                        out.insert(*value);
                    }
                }
                Stmt::If {
                    then_body,
                    else_body,
                    ..
                } => {
                    self.visit(&then_body.stmts, innermost, out);
                    self.visit(&else_body.stmts, innermost, out);
                }
                Stmt::Switch { cases, .. } => {
                    for c in cases {
                        self.visit(&c.body.stmts, innermost, out);
                    }
                }
                Stmt::Loop {
                    body, continuing, ..
                } => {
                    let facts = self.loop_facts(&[&body.stmts, &continuing.stmts]);
                    self.visit(&body.stmts, Some(&facts), out);
                    self.visit(&continuing.stmts, Some(&facts), out);
                }
                _ => {}
            }
        }
    }

    fn loop_facts(&self, parts: &[&[Stmt]]) -> LoopFacts {
        let mut defined = HashSet::new();
        let mut stores = Vec::new();
        for part in parts {
            oclc_ir::module::walk_stmt_list(part, &mut |s| match s {
                Stmt::Let { value, .. } => {
                    defined.insert(*value);
                }
                Stmt::Store { ptr, value } => {
                    if let Some(l) = self.vars.promoted(*ptr) {
                        stores.push((l, *value));
                    }
                }
                _ => {}
            });
        }
        let mut facts = LoopFacts {
            defined,
            updated: HashSet::new(),
            carried_floats: 0,
        };
        for (l, value) in stores {
            let own = HashSet::from([l]);
            if self.depends_on_loads_of(value, &own, &facts.defined) {
                facts.updated.insert(l);
            }
        }
        facts.carried_floats = facts
            .updated
            .iter()
            .map(|l| self.f.locals[l.0 as usize].ty)
            .filter(|t| self.types.scalar_of(*t).is_some_and(|s| s.is_float()))
            .map(|t| self.types.lanes_of(t).unwrap_or(1) as usize)
            .sum();
        facts
    }

    /// True when `v` depends on a load, inside the loop, of a variable the loop updates.
    fn varies(&self, v: ValueId, l: &LoopFacts) -> bool {
        self.depends_on_loads_of(v, &l.updated, &l.defined)
    }

    /// True when `v` depends, through values in `defined`, on a load of a variable in
    /// `vars_of_interest`.
    fn depends_on_loads_of(
        &self,
        v: ValueId,
        vars_of_interest: &HashSet<LocalId>,
        defined: &HashSet<ValueId>,
    ) -> bool {
        let mut seen = HashSet::new();
        let mut stack = vec![v];
        while let Some(n) = stack.pop() {
            if seen.len() >= MAX_VISITS {
                return false;
            }
            if !defined.contains(&n) || !seen.insert(n) {
                continue;
            }
            let Some(op) = self.defs.op(n) else { continue };
            if let Op::Load { ptr } = op {
                if self
                    .vars
                    .promoted(*ptr)
                    .is_some_and(|l| vars_of_interest.contains(&l))
                {
                    return true;
                }
            }
            op_operands(op, &mut |x| stack.push(x));
        }
        false
    }
}
