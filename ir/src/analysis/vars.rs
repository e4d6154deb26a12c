//! How a function's private variables are accessed: the variables that behave as registers.

use crate::fx::HashMap;

use crate::module::{walk_stmts, Function, LocalId, Stmt};
use crate::op::{Op, ValueId};
use crate::types::{AddressSpace, Type, TypeTable};
use crate::visit::stmt_uses_each;

/// The private variables of a function and how their addresses are used: by value and
/// variable number, so that the passes' lookups cost no hashing.
#[derive(Clone, Debug, Default)]
pub struct Variables {
    /// The variable each `local_addr` value addresses, by value number.
    addr_of: Vec<Option<LocalId>>,
    /// By variable number: a private variable of scalar or vector type whose address is
    /// only loaded from and stored to (never passed, offset, converted or stored itself):
    /// it behaves as a register, and a store to it can change no other memory access.
    promotable: Vec<bool>,
}

impl Variables {
    /// The variable that `ptr` addresses when it is a `local_addr` value.
    pub fn addressed(&self, ptr: ValueId) -> Option<LocalId> {
        self.addr_of.get(ptr.0 as usize).copied().flatten()
    }

    /// True when variable `l` is promotable (see the field's documentation).
    pub fn is_promotable(&self, l: LocalId) -> bool {
        self.promotable.get(l.0 as usize).copied().unwrap_or(false)
    }

    /// The promotable variable that `ptr` addresses, if it is one.
    pub fn promoted(&self, ptr: ValueId) -> Option<LocalId> {
        self.addressed(ptr).filter(|&l| self.is_promotable(l))
    }

    /// The promotable variables, in order.
    pub fn promotable(&self) -> impl Iterator<Item = LocalId> + '_ {
        self.promotable
            .iter()
            .enumerate()
            .filter(|(_, p)| **p)
            .map(|(i, _)| LocalId(i as u32))
    }
}

/// The variable each `local_addr` value of `f` addresses.
pub fn local_addresses(f: &Function) -> HashMap<ValueId, LocalId> {
    let mut addr_of = HashMap::default();
    walk_stmts(&f.body, &mut |s| {
        if let Stmt::Let {
            value,
            op: Op::LocalAddr(l),
        } = s
        {
            addr_of.insert(*value, *l);
        }
    });
    addr_of
}

/// Finds the promotable variables of `f`.
pub fn variables(f: &Function, types: &TypeTable) -> Variables {
    let promotable = f
        .locals
        .iter()
        .map(|l| {
            let scalar_like = matches!(types.get(l.ty), Type::Scalar(_) | Type::Vector { .. });
            l.space == AddressSpace::Private && scalar_like
        })
        .collect();
    let mut addr_of = vec![None; f.value_types.len()];
    walk_stmts(&f.body, &mut |s| {
        if let Stmt::Let {
            value,
            op: Op::LocalAddr(l),
        } = s
        {
            addr_of[value.0 as usize] = Some(*l);
        }
    });
    let mut vars = Variables {
        addr_of,
        promotable,
    };
    let mut escaping = Vec::new();
    walk_stmts(&f.body, &mut |s| {
        let allowed = match s {
            Stmt::Let {
                op: Op::Load { ptr },
                ..
            } => Some(*ptr),
            Stmt::Store { ptr, value } if ptr != value => Some(*ptr),
            _ => None,
        };
        stmt_uses_each(s, &mut |used| {
            if Some(used) != allowed {
                escaping.extend(vars.addressed(used));
            }
        });
    });
    for l in escaping {
        if let Some(p) = vars.promotable.get_mut(l.0 as usize) {
            *p = false;
        }
    }
    vars
}
