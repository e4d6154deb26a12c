//! Where trees start: the operands of a chain of additions (`sum += a[k] * b[k]` unrolled),
//! the values stored to adjacent addresses, and the scalar parts of a `compose`.

use crate::fx::HashMap;

use super::address::Addresses;
use crate::analysis::vars::Variables;
use crate::module::{Function, Stmt};
use crate::op::{BinaryOp, Op, ValueId};
use crate::types::{ScalarType, Type, TypeTable};
use crate::visit::UseCounts;

/// A chain `(((v0 + v1) + v2) + ...)` of additions of one scalar type: each partial sum is
/// read only by the next addition (and perhaps by stores to a promotable variable that a
/// later store of the run overwrites before anything reads it).
#[derive(Clone, Debug)]
pub struct Chain {
    /// The additions, in order (run indices).
    pub adds: Vec<usize>,
    /// The dead stores of partial sums (run indices).
    pub dead_stores: Vec<usize>,
    /// The values added, in order (`v0` first).
    pub values: Vec<ValueId>,
    /// The element type.
    pub elem: ScalarType,
}

/// The chains of additions of `run` that add at least three values.
pub fn chains(
    run: &[Stmt],
    f: &Function,
    types: &TypeTable,
    vars: &Variables,
    uses: &UseCounts,
) -> Vec<Chain> {
    let dead = dead_var_stores(run, vars);
    // Uses of each value by stores that are dead.
    let mut dead_uses: HashMap<ValueId, Vec<usize>> = HashMap::default();
    for &i in &dead {
        if let Stmt::Store { value, .. } = &run[i] {
            dead_uses.entry(*value).or_default().push(i);
        }
    }
    let mut adds: HashMap<ValueId, (usize, ValueId, ValueId)> = HashMap::default();
    let mut order = Vec::new();
    for (i, s) in run.iter().enumerate() {
        if let Stmt::Let {
            value,
            op: Op::Binary(BinaryOp::Add, a, b),
        } = s
        {
            if matches!(types.get(f.value_type(*value)), Type::Scalar(s) if *s != ScalarType::Bool)
            {
                adds.insert(*value, (i, *a, *b));
                order.push(*value);
            }
        }
    }
    // A partial sum continues a chain when the next addition is its only real reader.
    let only_read_by_next = |v: ValueId| {
        let dead_n = dead_uses.get(&v).map_or(0, Vec::len);
        uses.get(v) == 1 + dead_n
    };
    let same_type = |x: ValueId, y: ValueId| f.value_type(x) == f.value_type(y);
    // prev[v] = the partial sum v adds to.
    let mut prev: HashMap<ValueId, ValueId> = HashMap::default();
    let mut has_next: HashMap<ValueId, bool> = HashMap::default();
    for &v in &order {
        let (_, a, b) = adds[&v];
        for acc in [a, b] {
            if adds.contains_key(&acc) && same_type(acc, v) && only_read_by_next(acc) {
                prev.insert(v, acc);
                has_next.insert(acc, true);
                break;
            }
        }
    }
    let mut out = Vec::new();
    for &last in order.iter().rev() {
        if has_next.contains_key(&last) {
            continue;
        }
        // Walk back from the chain's last addition.
        let mut sums = vec![last];
        while let Some(&p) = prev.get(sums.last().unwrap()) {
            sums.push(p);
        }
        sums.reverse();
        let mut values = Vec::new();
        let (_, a0, b0) = adds[&sums[0]];
        values.push(a0);
        values.push(b0);
        for w in sums.windows(2) {
            let (_, a, b) = adds[&w[1]];
            values.push(if a == w[0] { b } else { a });
        }
        if values.len() < 3 {
            continue;
        }
        let dead_stores = sums[..sums.len() - 1]
            .iter()
            .flat_map(|v| dead_uses.get(v).cloned().unwrap_or_default())
            .collect();
        let elem = types
            .scalar_of(f.value_type(last))
            .expect("a scalar addition");
        out.push(Chain {
            adds: sums.iter().map(|v| adds[v].0).collect(),
            dead_stores,
            values,
            elem,
        });
    }
    out.reverse();
    out
}

/// The stores to promotable variables that a later store of the run to the same variable
/// overwrites before any load of it.
fn dead_var_stores(run: &[Stmt], vars: &Variables) -> Vec<usize> {
    let mut pending: HashMap<crate::module::LocalId, usize> = HashMap::default();
    let mut dead = Vec::new();
    for (i, s) in run.iter().enumerate() {
        match s {
            Stmt::Store { ptr, .. } => {
                if let Some(l) = vars.promoted(*ptr) {
                    if let Some(j) = pending.insert(l, i) {
                        dead.push(j);
                    }
                }
            }
            Stmt::Let {
                op: Op::Load { ptr },
                ..
            } => {
                if let Some(l) = vars.promoted(*ptr) {
                    pending.remove(&l);
                }
            }
            _ => {}
        }
    }
    dead.sort_unstable();
    dead
}

/// Groups of stores of `run` to adjacent addresses of plain memory, in address order: each
/// group is a list of run indices of maximal length.
pub fn adjacent_stores(
    run: &[Stmt],
    f: &Function,
    types: &TypeTable,
    vars: &Variables,
    addrs: &Addresses,
) -> Vec<Vec<usize>> {
    let mut stores: Vec<(usize, super::address::Address, ScalarType)> = Vec::new();
    for (i, s) in run.iter().enumerate() {
        let Stmt::Store { ptr, value } = s else {
            continue;
        };
        if vars.promoted(*ptr).is_some() {
            continue;
        }
        let Type::Scalar(elem) = types.get(f.value_type(*value)) else {
            continue;
        };
        if *elem == ScalarType::Bool {
            continue;
        }
        stores.push((i, addrs.address(*ptr), *elem));
    }
    // Same root, terms and type side by side, by constant offset.
    stores.sort_by(|x, y| {
        (
            x.1.root,
            &x.1.offset.terms,
            x.2,
            x.1.offset.constant as i32,
            x.0,
        )
            .cmp(&(
                y.1.root,
                &y.1.offset.terms,
                y.2,
                y.1.offset.constant as i32,
                y.0,
            ))
    });
    let mut groups = Vec::new();
    let mut group: Vec<usize> = Vec::new();
    for k in 0..stores.len() {
        let continues = k > 0
            && stores[k].2 == stores[k - 1].2
            && stores[k].1.distance(&stores[k - 1].1) == Some(stores[k].2.size() as i64);
        if !continues {
            if group.len() >= 2 {
                groups.push(std::mem::take(&mut group));
            }
            group.clear();
        }
        group.push(stores[k].0);
    }
    if group.len() >= 2 {
        groups.push(group);
    }
    groups
}
