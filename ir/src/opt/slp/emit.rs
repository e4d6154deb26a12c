//! Writing a tree out: its loads side by side and composed, its operations on vectors,
//! the lanes other statements still read extracted under their old names, and a
//! reduction's horizontal sum.

use crate::fx::HashMap;

use super::tree::{Kind, Tree};
use crate::module::{Function, Stmt};
use crate::op::{BinaryOp, Op, ValueId};
use crate::types::{ScalarType, TypeTable};
use crate::visit::op_operands_mut;

/// A reduction the tree replaces: the sum of `values` (in any order), defined as `result`.
#[derive(Clone, Debug)]
pub struct Reduction {
    /// The chain's values.
    pub values: Vec<ValueId>,
    /// The nodes whose lanes are some of the values, with the index of their first lane
    /// among `values`.
    pub roots: Vec<(usize, usize)>,
    /// The value the chain's last addition defined.
    pub result: ValueId,
    /// The element type.
    pub elem: ScalarType,
}

impl Reduction {
    /// The values no vector of `tree` holds, in chain order.
    pub fn uncovered(&self, tree: &Tree) -> Vec<ValueId> {
        let mut covered = vec![false; self.values.len()];
        for &(node, first) in &self.roots {
            for c in &mut covered[first..first + tree.nodes[node].lanes.len()] {
                *c = true;
            }
        }
        self.values
            .iter()
            .zip(covered)
            .filter(|(_, c)| !c)
            .map(|(v, _)| *v)
            .collect()
    }
}

/// The statements computing `tree` (a group of the run `run`); `external` says which
/// values defined by the tree's removed statements are still read elsewhere (they are
/// extracted from the vectors under their old names).
pub fn emit_tree(
    tree: &Tree,
    reduction: Option<&Reduction>,
    run: &[Stmt],
    f: &mut Function,
    types: &mut TypeTable,
    external: &dyn Fn(ValueId) -> bool,
) -> Vec<Stmt> {
    let mut out = Vec::new();
    let mut vectors: Vec<ValueId> = Vec::with_capacity(tree.nodes.len());
    let defined_at: HashMap<ValueId, usize> = tree
        .members
        .iter()
        .filter_map(|&i| match &run[i] {
            Stmt::Let { value, .. } => Some((*value, i)),
            _ => None,
        })
        .collect();
    for node in &tree.nodes {
        let w = node.lanes.len() as u8;
        let vty = types.vector(node.elem, w);
        let op = match &node.kind {
            Kind::Load => {
                for v in &node.lanes {
                    out.push(run[defined_at[v]].clone());
                }
                Op::Compose {
                    ty: vty,
                    parts: node.lanes.clone(),
                }
            }
            Kind::Constants => Op::Compose {
                ty: vty,
                parts: node.lanes.clone(),
            },
            Kind::Splat => Op::Splat {
                value: node.lanes[0],
                to: vty,
            },
            Kind::Op(op) => {
                let mut op = op.clone();
                let mut k = 0;
                op_operands_mut(&mut op, &mut |o| {
                    *o = vectors[node.children[k]];
                    k += 1;
                });
                if let Op::Convert { to, .. } = &mut op {
                    let elem = types.scalar_of(*to).expect("a scalar conversion");
                    *to = types.vector(elem, w);
                }
                op
            }
        };
        vectors.push(f.push_let(&mut out, vty, op));
    }
    // Lanes of operations that other statements still read.
    for (n, node) in tree.nodes.iter().enumerate() {
        if !matches!(node.kind, Kind::Op(_)) {
            continue;
        }
        for (lane, v) in node.lanes.iter().enumerate() {
            if external(*v) && reduction.is_none_or(|r| r.result != *v) {
                out.push(Stmt::Let {
                    value: *v,
                    op: Op::Extract {
                        vector: vectors[n],
                        lane: lane as u8,
                    },
                });
            }
        }
    }
    if let Some(r) = reduction {
        emit_reduction(r, tree, &vectors, f, types, &mut out);
    }
    out
}

/// The sum of a reduction's values: the vectors of each width added lane by lane, each sum
/// added up across its lanes by halves, then the values no vector holds, the last
/// addition defining the chain's result.
fn emit_reduction(
    r: &Reduction,
    tree: &Tree,
    vectors: &[ValueId],
    f: &mut Function,
    types: &mut TypeTable,
    out: &mut Vec<Stmt>,
) {
    let sty = types.scalar(r.elem);
    // Vector sums by width, in order of first appearance.
    let mut by_width: Vec<(usize, ValueId)> = Vec::new();
    for &(node, _) in &r.roots {
        let w = tree.nodes[node].lanes.len();
        let v = vectors[node];
        match by_width.iter_mut().find(|(bw, _)| *bw == w) {
            Some((_, acc)) => {
                let vty = types.vector(r.elem, w as u8);
                *acc = f.push_let(out, vty, Op::Binary(BinaryOp::Add, *acc, v));
            }
            None => by_width.push((w, v)),
        }
    }
    let mut scalars: Vec<ValueId> = Vec::new();
    for (w, acc) in by_width {
        scalars.push(horizontal_sum(acc, w, r.elem, f, types, out));
    }
    scalars.extend(r.uncovered(tree));
    let mut acc = scalars[0];
    for (k, v) in scalars.iter().enumerate().skip(1) {
        let op = Op::Binary(BinaryOp::Add, acc, *v);
        if k + 1 == scalars.len() {
            out.push(Stmt::Let {
                value: r.result,
                op,
            });
            return;
        }
        acc = f.push_let(out, sty, op);
    }
    // One vector and nothing else: its sum is the result.
    let Some(Stmt::Let { value, .. }) = out.last_mut() else {
        unreachable!("a horizontal sum ends with an addition");
    };
    *value = r.result;
}

/// Adds the `w` lanes of `v`: the halves added until two lanes are left, then those two.
fn horizontal_sum(
    mut v: ValueId,
    mut w: usize,
    elem: ScalarType,
    f: &mut Function,
    types: &mut TypeTable,
    out: &mut Vec<Stmt>,
) -> ValueId {
    let sty = types.scalar(elem);
    while w > 2 {
        let h = w / 2;
        let hty = types.vector(elem, h as u8);
        let lo = f.push_let(
            out,
            hty,
            Op::Shuffle {
                a: v,
                b: v,
                lanes: (0..h as u8).collect(),
            },
        );
        let hi = f.push_let(
            out,
            hty,
            Op::Shuffle {
                a: v,
                b: v,
                lanes: (h as u8..w as u8).collect(),
            },
        );
        v = f.push_let(out, hty, Op::Binary(BinaryOp::Add, lo, hi));
        w = h;
    }
    let x = f.push_let(out, sty, Op::Extract { vector: v, lane: 0 });
    let y = f.push_let(out, sty, Op::Extract { vector: v, lane: 1 });
    f.push_let(out, sty, Op::Binary(BinaryOp::Add, x, y))
}
