//! Trees of packs: from a list of scalar values wanted side by side (the lanes of a root),
//! the isomorphic statements that compute them, down to adjacent loads.

use crate::fx::{HashMap, HashSet};

use super::address::Addresses;
use crate::analysis::defs::Defs;
use crate::analysis::vars::Variables;
use crate::module::{Function, Stmt};
use crate::op::{BinaryOp, MathFn, Op, ValueId};
use crate::types::{ScalarType, Type, TypeTable};

/// How a node computes its vector.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// The lanes are adjacent scalar loads (kept as they are), composed into a vector.
    Load,
    /// The lanes' common operation on the children's vectors (operands of `op` are those of
    /// lane 0, replaced by the children's vectors when emitted).
    Op(Op),
    /// Constants, composed.
    Constants,
    /// One scalar computed outside the tree, in every lane.
    Splat,
}

/// One pack: a vector whose lanes are scalar values of the program.
#[derive(Clone, Debug)]
pub struct Node {
    /// How it is computed.
    pub kind: Kind,
    /// The scalar values, lane by lane.
    pub lanes: Vec<ValueId>,
    /// The element type.
    pub elem: ScalarType,
    /// The nodes giving the operands of an `Op` node, in operand order.
    pub children: Vec<usize>,
}

/// A tree of packs; nodes come children first.
#[derive(Clone, Debug, Default)]
pub struct Tree {
    /// The packs.
    pub nodes: Vec<Node>,
    /// The statements of the run that the tree computes (run indices): the lanes of its
    /// `Load` and `Op` nodes, and the additions of a reduction.
    pub members: Vec<usize>,
}

/// What the builder reads: the run, its function and analyses.
pub struct Context<'a> {
    /// The statements of the run.
    pub run: &'a [Stmt],
    /// The function (before the pass changed it).
    pub f: &'a Function,
    /// Its types.
    pub types: &'a TypeTable,
    /// The definitions of the whole function.
    pub defs: &'a Defs,
    /// The promotable variables.
    pub vars: &'a Variables,
    /// The address analysis.
    pub addrs: &'a Addresses<'a>,
    /// The run index of the `let` defining each value defined in the run.
    pub defined_at: HashMap<ValueId, usize>,
}

/// Builds one tree, claiming statements that no earlier tree claimed.
pub struct Builder<'c, 'a> {
    cx: &'c Context<'a>,
    claimed: &'c HashSet<usize>,
    /// The tree so far.
    pub tree: Tree,
    mine: HashSet<usize>,
}

impl<'c, 'a> Builder<'c, 'a> {
    /// A builder of a new tree; `claimed` are the statements of the trees already made.
    pub fn new(cx: &'c Context<'a>, claimed: &'c HashSet<usize>) -> Self {
        Builder {
            cx,
            claimed,
            tree: Tree::default(),
            mine: HashSet::default(),
        }
    }

    /// The builder's state, to come back to with [`Builder::restore`].
    pub fn snapshot(&self) -> (Tree, HashSet<usize>) {
        (self.tree.clone(), self.mine.clone())
    }

    /// Goes back to a state [`Builder::snapshot`] took.
    pub fn restore(&mut self, state: (Tree, HashSet<usize>)) {
        (self.tree, self.mine) = state;
    }

    /// True when node `n`'s subtree holds adjacent loads and `n` computes something: a
    /// tree worth making (packing only loads, or only scalars computed elsewhere, would
    /// add statements and save none).
    pub fn worth_it(&self, n: usize) -> bool {
        fn has_load(t: &Tree, n: usize) -> bool {
            t.nodes[n].kind == Kind::Load || t.nodes[n].children.iter().any(|c| has_load(t, *c))
        }
        matches!(self.tree.nodes[n].kind, Kind::Op(_)) && has_load(&self.tree, n)
    }

    /// Marks run statement `i` as part of the tree.
    pub fn claim(&mut self, i: usize) {
        if self.mine.insert(i) {
            self.tree.members.push(i);
        }
    }

    /// True when statement `i` is taken by this tree or an earlier one.
    pub fn taken(&self, i: usize) -> bool {
        self.mine.contains(&i) || self.claimed.contains(&i)
    }

    /// The node computing `lanes` side by side, if the lanes are scalars of one type that
    /// the tree can provide (statements already in this tree cannot be gathered).
    pub fn build(&mut self, lanes: &[ValueId]) -> Option<usize> {
        let elem = self.lane_type(lanes)?;
        if lanes.iter().all(|v| *v == lanes[0]) {
            return self.leaf(Kind::Splat, lanes, elem);
        }
        if let Some(node) = self.pack(lanes, elem) {
            return Some(node);
        }
        // Other scalars are composed only when they are constants: a vector of loads that
        // are not adjacent (or run backwards) costs as much as the scalars it replaces.
        if lanes.iter().all(|v| self.cx.defs.constant(*v).is_some()) {
            return self.leaf(Kind::Constants, lanes, elem);
        }
        None
    }

    /// The common element type of the lanes: a number (not `bool`).
    fn lane_type(&self, lanes: &[ValueId]) -> Option<ScalarType> {
        let t = self.cx.f.value_type(lanes[0]);
        if lanes.iter().any(|v| self.cx.f.value_type(*v) != t) {
            return None;
        }
        match self.cx.types.get(t) {
            Type::Scalar(s) if *s != ScalarType::Bool => Some(*s),
            _ => None,
        }
    }

    fn leaf(&mut self, kind: Kind, lanes: &[ValueId], elem: ScalarType) -> Option<usize> {
        // A value this tree computes cannot also be one of its inputs.
        let inside = lanes.iter().any(|v| {
            self.cx
                .defined_at
                .get(v)
                .is_some_and(|i| self.mine.contains(i))
        });
        if inside {
            return None;
        }
        Some(self.push(Node {
            kind,
            lanes: lanes.to_vec(),
            elem,
            children: Vec::new(),
        }))
    }

    fn push(&mut self, node: Node) -> usize {
        self.tree.nodes.push(node);
        self.tree.nodes.len() - 1
    }

    /// The statements defining `lanes`, when they are distinct free `let`s of the run.
    fn free_lets(&self, lanes: &[ValueId]) -> Option<Vec<(usize, &'a Op)>> {
        let mut out = Vec::with_capacity(lanes.len());
        for v in lanes {
            let i = *self.cx.defined_at.get(v)?;
            if self.taken(i) || out.iter().any(|(j, _)| *j == i) {
                return None;
            }
            let Stmt::Let { op, .. } = &self.cx.run[i] else {
                return None;
            };
            out.push((i, op));
        }
        Some(out)
    }

    /// A node of isomorphic statements computing `lanes`, with its subtree.
    fn pack(&mut self, lanes: &[ValueId], elem: ScalarType) -> Option<usize> {
        let lets = self.free_lets(lanes)?;
        let first = lets[0].1;
        if !lets.iter().all(|(_, op)| same_shape(first, op)) || !self.packable(first, elem) {
            return None;
        }
        if let Op::Load { .. } = first {
            return self.load_pack(lanes, &lets, elem);
        }
        // Operand lists, lane by lane; commutative operations may swap a lane's operands
        // to line them up with lane 0's.
        let arity = first.operands().len();
        let mut operands: Vec<Vec<ValueId>> = vec![Vec::new(); arity];
        for (_, op) in &lets {
            let mut ops = op.operands();
            if commutative(op) && self.better_swapped(&ops, &lets[0].1.operands()) {
                ops.swap(0, 1);
            }
            for (k, o) in ops.into_iter().enumerate() {
                operands[k].push(o);
            }
        }
        let saved = self.snapshot();
        for (i, _) in &lets {
            self.claim(*i);
        }
        let mut children = Vec::with_capacity(arity);
        for lanes in &operands {
            match self.build(lanes) {
                Some(c) => children.push(c),
                None => {
                    self.restore(saved);
                    return None;
                }
            }
        }
        Some(self.push(Node {
            kind: Kind::Op(first.clone()),
            lanes: lanes.to_vec(),
            elem,
            children,
        }))
    }

    /// Adjacent loads, in lane order, of plain memory.
    fn load_pack(
        &mut self,
        lanes: &[ValueId],
        lets: &[(usize, &Op)],
        elem: ScalarType,
    ) -> Option<usize> {
        let mut addrs = Vec::with_capacity(lets.len());
        for (_, op) in lets {
            let Op::Load { ptr } = op else { return None };
            if self.cx.vars.promoted(*ptr).is_some() {
                return None;
            }
            addrs.push(self.cx.addrs.address(*ptr));
        }
        let size = elem.size() as i64;
        if addrs.windows(2).any(|w| w[1].distance(&w[0]) != Some(size)) {
            return None;
        }
        for (i, _) in lets {
            self.claim(*i);
        }
        Some(self.push(Node {
            kind: Kind::Load,
            lanes: lanes.to_vec(),
            elem,
            children: Vec::new(),
        }))
    }

    /// True when swapping `ops` (a commutative lane's two operands) lines them up better
    /// with `first` (lane 0's).
    fn better_swapped(&self, ops: &[ValueId], first: &[ValueId]) -> bool {
        let key = |v: ValueId| self.shape_key(v);
        let straight = (key(ops[0]) == key(first[0])) as u8 + (key(ops[1]) == key(first[1])) as u8;
        let swapped = (key(ops[1]) == key(first[0])) as u8 + (key(ops[0]) == key(first[1])) as u8;
        swapped > straight
    }

    /// What kind of value `v` is, for lining operands up: the operation that defines it
    /// and, for a load, the root of its address.
    fn shape_key(&self, v: ValueId) -> String {
        match self.cx.defs.op(v) {
            Some(Op::Load { ptr }) => format!("load {:?}", self.cx.addrs.address(*ptr).root),
            Some(op) => format!("{:?}", std::mem::discriminant(op)),
            None => "param".to_string(),
        }
    }

    /// True when the vector form of `op` on `elem` lanes computes, lane by lane, exactly
    /// what the scalar statements computed.
    fn packable(&self, op: &Op, elem: ScalarType) -> bool {
        let float = elem.is_float();
        match op {
            Op::Load { .. } | Op::Unary(..) => true,
            // Float division and remainder may be computed by a routine whose vector form
            // rounds differently.
            Op::Binary(BinaryOp::Div | BinaryOp::Rem, ..) => !float,
            Op::Binary(..) => true,
            Op::Convert { to, .. } => matches!(self.cx.types.get(*to), Type::Scalar(_)),
            Op::Math { func, .. } => exact_math(*func, float),
            _ => false,
        }
    }
}

/// Math functions whose vector form gives, lane by lane, the scalar form's exact result on
/// every target: the correctly rounded or exact ones (not `sqrt`, the transcendentals, or
/// a float `mad`, which a backend may fuse in one form and not the other).
fn exact_math(func: MathFn, float: bool) -> bool {
    use MathFn::*;
    match func {
        Fabs | Fma | Min | Max | Clamp | Copysign | Floor | Ceil | Trunc | Rint | Round => true,
        Mad | Abs => !float,
        _ => false,
    }
}

/// True when two `let` operations are the same operation on (possibly) other operands.
fn same_shape(a: &Op, b: &Op) -> bool {
    match (a, b) {
        (Op::Load { .. }, Op::Load { .. }) => true,
        (Op::Unary(x, _), Op::Unary(y, _)) => x == y,
        (Op::Binary(x, ..), Op::Binary(y, ..)) => x == y,
        (
            Op::Convert {
                to: t1,
                saturate: s1,
                rounding: r1,
                ..
            },
            Op::Convert {
                to: t2,
                saturate: s2,
                rounding: r2,
                ..
            },
        ) => t1 == t2 && s1 == s2 && r1 == r2,
        (Op::Math { func: f1, args: a1 }, Op::Math { func: f2, args: a2 }) => {
            f1 == f2 && a1.len() == a2.len()
        }
        _ => false,
    }
}

/// Operations whose two operands may be swapped (float `min`/`max` may not: which zero
/// they return for -0 and +0 may depend on the order).
fn commutative(op: &Op) -> bool {
    matches!(
        op,
        Op::Binary(
            BinaryOp::Add | BinaryOp::Mul | BinaryOp::And | BinaryOp::Or | BinaryOp::Xor,
            ..
        )
    )
}
