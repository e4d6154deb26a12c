//! How a function's private variables are accessed: the variables that behave as registers.

use crate::fx::{HashMap, HashSet};

use crate::module::{walk_stmts, Function, LocalId, Stmt};
use crate::op::{Op, ValueId};
use crate::types::{AddressSpace, Type, TypeTable};
use crate::visit::stmt_uses;

/// The private variables of a function and how their addresses are used.
#[derive(Clone, Debug, Default)]
pub struct Variables {
    /// The variable each `local_addr` value addresses.
    pub addr_of: HashMap<ValueId, LocalId>,
    /// Private variables of scalar or vector type whose address is only loaded from and
    /// stored to (never passed, offset, converted or stored itself): each behaves as a
    /// register, and a store to one can change no other memory access.
    pub promotable: HashSet<LocalId>,
}

impl Variables {
    /// The promotable variable that `ptr` addresses, if it is one.
    pub fn promoted(&self, ptr: ValueId) -> Option<LocalId> {
        self.addr_of
            .get(&ptr)
            .copied()
            .filter(|l| self.promotable.contains(l))
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
    let mut vars = Variables::default();
    for (i, l) in f.locals.iter().enumerate() {
        let scalar_like = matches!(types.get(l.ty), Type::Scalar(_) | Type::Vector { .. });
        if l.space == AddressSpace::Private && scalar_like {
            vars.promotable.insert(LocalId(i as u32));
        }
    }
    vars.addr_of = local_addresses(f);
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
        for used in stmt_uses(s) {
            if Some(used) != allowed {
                if let Some(l) = vars.addr_of.get(&used) {
                    escaping.push(*l);
                }
            }
        }
    });
    for l in escaping {
        vars.promotable.remove(&l);
    }
    vars
}
