//! Forwarding of pointer variables set once: their loads become the stored value.

use crate::fx::{HashMap, HashSet};

use crate::module::{walk_stmts, Block, Function, LocalId, Stmt};
use crate::op::{Op, ValueId};
use crate::visit::replace_uses;

/// Replaces the loads of every pointer variable set once, by a store that is a statement
/// of the block holding all its loads, of a value visible there, with every load after the
/// store, by the stored value (so a pointer made by a cast, `float *rgb = (float *)&v`,
/// stays a value that the union pass can follow). Removes those loads and stores; returns
/// whether there were any.
pub(super) fn forward_single_stores(f: &mut Function, addrs: &HashMap<ValueId, LocalId>) -> bool {
    let mut totals: HashMap<LocalId, (usize, usize)> = HashMap::default();
    walk_stmts(&f.body, &mut |s| match s {
        Stmt::Store { ptr, .. } if addrs.contains_key(ptr) => {
            totals.entry(addrs[ptr]).or_default().0 += 1;
        }
        Stmt::Let {
            op: Op::Load { ptr },
            ..
        } if addrs.contains_key(ptr) => totals.entry(addrs[ptr]).or_default().1 += 1,
        _ => {}
    });
    let mut found = Forwarding {
        addrs,
        totals,
        map: HashMap::default(),
        forwarded: Vec::new(),
    };
    let visible = f.params.iter().map(|p| p.value).collect();
    found.block(&f.body, visible);
    let Forwarding { map, forwarded, .. } = found;
    if forwarded.is_empty() {
        return false;
    }
    fn strip(block: &mut Block, gone: &dyn Fn(&Stmt) -> bool) {
        block.stmts.retain(|s| !gone(s));
        for s in &mut block.stmts {
            for child in s.child_blocks_mut() {
                strip(child, gone);
            }
        }
    }
    let gone = |s: &Stmt| match s {
        Stmt::Let { value, .. } => map.contains_key(value),
        Stmt::Store { ptr, .. } => addrs.get(ptr).is_some_and(|l| forwarded.contains(l)),
        _ => false,
    };
    strip(&mut f.body, &gone);
    replace_uses(&mut f.body, &map);
    true
}

/// The search of [`forward_single_stores`].
struct Forwarding<'a> {
    addrs: &'a HashMap<ValueId, LocalId>,
    /// Stores and loads of each variable in the whole function.
    totals: HashMap<LocalId, (usize, usize)>,
    /// Loaded value -> stored value.
    map: HashMap<ValueId, ValueId>,
    forwarded: Vec<LocalId>,
}

impl Forwarding<'_> {
    /// Finds the variables forwardable in `block` (where `visible` values are in scope at
    /// its start), then in its nested blocks.
    fn block(&mut self, block: &Block, mut visible: HashSet<ValueId>) {
        let addrs = self.addrs;
        let mut defs: HashMap<ValueId, usize> = HashMap::default();
        let mut stores: HashMap<LocalId, Vec<(usize, bool, ValueId)>> = HashMap::default();
        let mut loads: HashMap<LocalId, Vec<(usize, ValueId)>> = HashMap::default();
        for (pos, stmt) in block.stmts.iter().enumerate() {
            if let Stmt::Let { value, .. } = stmt {
                defs.insert(*value, pos);
            }
            let direct = matches!(stmt, Stmt::Store { .. });
            let one = Block {
                stmts: vec![stmt.clone()],
            };
            walk_stmts(&one, &mut |s| match s {
                Stmt::Store { ptr, value } if addrs.contains_key(ptr) => {
                    let entry = stores.entry(addrs[ptr]).or_default();
                    entry.push((pos, direct, *value));
                }
                Stmt::Let {
                    value,
                    op: Op::Load { ptr },
                } if addrs.contains_key(ptr) => {
                    loads.entry(addrs[ptr]).or_default().push((pos, *value));
                }
                _ => {}
            });
        }
        for (local, st) in &stores {
            let [(at, true, value)] = st[..] else {
                continue;
            };
            let loads = loads.get(local).map(Vec::as_slice).unwrap_or(&[]);
            let all_here = self.totals.get(local) == Some(&(1, loads.len()));
            let in_scope = visible.contains(&value) || defs.get(&value).is_some_and(|d| *d < at);
            if all_here && in_scope && loads.iter().all(|(p, _)| *p > at) {
                self.map
                    .extend(loads.iter().map(|(_, loaded)| (*loaded, value)));
                self.forwarded.push(*local);
            }
        }
        for stmt in &block.stmts {
            if let Stmt::Let { value, .. } = stmt {
                visible.insert(*value);
            }
            let children: Vec<&Block> = match stmt {
                Stmt::If {
                    then_body,
                    else_body,
                    ..
                } => vec![then_body, else_body],
                Stmt::Loop {
                    body, continuing, ..
                } => vec![body, continuing],
                Stmt::Switch { cases, .. } => cases.iter().map(|c| &c.body).collect(),
                _ => Vec::new(),
            };
            for child in children {
                self.block(child, visible.clone());
            }
        }
    }
}
