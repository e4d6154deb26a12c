//! What a block does besides computing values: the memory it may read and write (by
//! address space, and the promotable variables it stores), synchronisation, calls, and how
//! it may leave the loop it is the body of.

use crate::fx::HashSet;

use super::vars::Variables;
use crate::module::{Block, Function, LocalId, Stmt};
use crate::op::{Op, ValueId};
use crate::types::{AddressSpace, Type, TypeTable};

/// A set of address spaces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Spaces {
    /// Private memory other than promotable variables.
    pub private: bool,
    /// `__global`.
    pub global: bool,
    /// `__constant`.
    pub constant: bool,
    /// `__local`.
    pub local: bool,
}

impl Spaces {
    /// Every space.
    pub const ALL: Spaces = Spaces {
        private: true,
        global: true,
        constant: true,
        local: true,
    };

    /// Adds the spaces a pointer into `space` may reach (the generic space reaches all but
    /// `__constant`).
    pub fn add(&mut self, space: AddressSpace) {
        match space {
            AddressSpace::Private => self.private = true,
            AddressSpace::Global => self.global = true,
            AddressSpace::Constant => self.constant = true,
            AddressSpace::Local => self.local = true,
            AddressSpace::Generic => {
                self.private = true;
                self.global = true;
                self.local = true;
            }
        }
    }

    /// True when a pointer into `space` may reach one of these spaces.
    pub fn may_reach(&self, space: AddressSpace) -> bool {
        let mut one = Spaces::default();
        one.add(space);
        (one.private && self.private)
            || (one.global && self.global)
            || (one.constant && self.constant)
            || (one.local && self.local)
    }

    /// True when no space is in the set.
    pub fn is_empty(&self) -> bool {
        *self == Spaces::default()
    }
}

/// The effects of a block (see the module documentation).
#[derive(Clone, Debug, Default)]
pub struct Effects {
    /// Promotable variables stored.
    pub stored_vars: HashSet<LocalId>,
    /// Memory written through pointers (stores, atomics, calls, image writes).
    pub writes: Spaces,
    /// Memory read through pointers.
    pub reads: Spaces,
    /// A work-group barrier.
    pub barrier: bool,
    /// A memory fence.
    pub fence: bool,
    /// An atomic operation.
    pub atomic: bool,
    /// A call of a function (which may read and write any memory).
    pub call: bool,
    /// A `printf` or image write (effects visible outside the work-item).
    pub output: bool,
    /// A `break` that leaves the loop whose body the block is (not one of an inner loop or
    /// switch).
    pub breaks: bool,
    /// A `continue` of the loop whose body the block is.
    pub continues: bool,
    /// A `return`.
    pub returns: bool,
    /// Statements, counted recursively (a size measure for budgets).
    pub size: usize,
}

impl Effects {
    /// True when the block writes memory through a pointer, synchronises, calls or has
    /// effects outside the work-item.
    pub fn touches_shared_state(&self) -> bool {
        !self.writes.is_empty()
            || self.barrier
            || self.fence
            || self.atomic
            || self.call
            || self.output
    }
}

/// The effects of `block`, a block of `f` (the body or continuing block of a loop, or any
/// other block: then `breaks`/`continues` refer to the innermost loop around it).
pub fn block_effects(block: &Block, f: &Function, types: &TypeTable, vars: &Variables) -> Effects {
    stmts_effects(&block.stmts, f, types, vars)
}

/// The effects of `stmts`, part of a block of `f`, as [`block_effects`] of a block holding
/// only them (without copying them into one).
pub fn stmts_effects(stmts: &[Stmt], f: &Function, types: &TypeTable, vars: &Variables) -> Effects {
    let mut e = Effects::default();
    walk(stmts, f, types, vars, &mut e, 0, false);
    e
}

fn space_of(f: &Function, types: &TypeTable, ptr: ValueId) -> AddressSpace {
    match types.get(f.value_type(ptr)) {
        Type::Pointer { space, .. } => *space,
        _ => AddressSpace::Generic,
    }
}

/// `loops` counts the loops entered below the analysed block; `in_switch` says whether a
/// `break` at this depth leaves a switch.
fn walk(
    stmts: &[Stmt],
    f: &Function,
    types: &TypeTable,
    vars: &Variables,
    e: &mut Effects,
    loops: usize,
    in_switch: bool,
) {
    for s in stmts {
        e.size += 1;
        match s {
            Stmt::Let { op, .. } => match op {
                Op::Load { ptr } if vars.promoted(*ptr).is_none() => {
                    e.reads.add(space_of(f, types, *ptr));
                }
                Op::Atomic { ptr, .. } => {
                    e.atomic = true;
                    let space = space_of(f, types, *ptr);
                    e.reads.add(space);
                    e.writes.add(space);
                }
                Op::Call { .. } => {
                    e.call = true;
                    e.reads = Spaces::ALL;
                    e.writes = Spaces::ALL;
                }
                Op::Printf { .. } | Op::ImageWrite { .. } => e.output = true,
                Op::ImageRead { .. } => e.reads.global = true,
                _ => {}
            },
            Stmt::Store { ptr, .. } => match vars.promoted(*ptr) {
                Some(l) => {
                    e.stored_vars.insert(l);
                }
                None => e.writes.add(space_of(f, types, *ptr)),
            },
            Stmt::If {
                then_body,
                else_body,
                ..
            } => {
                walk(&then_body.stmts, f, types, vars, e, loops, in_switch);
                walk(&else_body.stmts, f, types, vars, e, loops, in_switch);
            }
            Stmt::Loop {
                body, continuing, ..
            } => {
                walk(&body.stmts, f, types, vars, e, loops + 1, false);
                walk(&continuing.stmts, f, types, vars, e, loops + 1, false);
            }
            Stmt::Switch { cases, .. } => {
                for c in cases {
                    walk(&c.body.stmts, f, types, vars, e, loops, true);
                }
            }
            Stmt::Break => {
                if loops == 0 && !in_switch {
                    e.breaks = true;
                }
            }
            Stmt::Continue => {
                if loops == 0 {
                    e.continues = true;
                }
            }
            Stmt::Return(_) => e.returns = true,
            Stmt::Barrier { .. } => e.barrier = true,
            Stmt::Fence { .. } => e.fence = true,
        }
    }
}
