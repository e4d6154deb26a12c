//! SLP vectorisation inside a work-item: scalar loads of adjacent addresses and the
//! isomorphic arithmetic on them become vector operations (the optimization chapter's
//! float4 step, done by the compiler).
//!
//! Rules.
//! - **Where.** Within one straight-line run of `let`s and stores of a block (after
//!   unrolling, the copies of a loop body); anything else (a branch, a loop, a barrier, a
//!   fence, `return`) ends a run. Nothing happens when the module may use `volatile`
//!   memory ([`Module::volatile_memory`]).
//! - **Trees.** A tree starts from a list of scalar values wanted side by side, its root:
//!   a window of consecutive operands of a chain of additions (`sum += a[k] * b[k]`
//!   unrolled), or the values stored to adjacent addresses. Going down, the lanes of a node
//!   are defined by the same operation (the same binary or unary operator, conversion, or an
//!   exactly rounded math function; operands of a commutative operator may be swapped to
//!   line them up), and its operand lists become the child nodes; the leaves are loads of
//!   adjacent addresses in lane order (same root pointer, same terms, offsets one element
//!   apart: [`address`]), one value in every lane (a splat), or constants (composed); lanes
//!   that are none of these (loads that are not adjacent, or run backwards) end the tree.
//!   A statement belongs to one node of one tree. Only trees whose root computes something
//!   and that read adjacent loads are made. Widths are powers of two from
//!   [`OptConfig::slp_lanes`] down to 2, the widest that works first.
//! - **Vector memory accesses are vloadN and vstoreN.** A vector load is what the lowering
//!   of `vloadN` produces: the lanes' scalar loads, side by side, composed into a vector
//!   (element alignment only; each lane keeps the address it had, so a 32-bit index that
//!   wraps reads what it read before). Stores stay scalar stores of extracted lanes, as
//!   `vstoreN` lowers. A lane still read by a statement outside the tree is extracted
//!   under its old name.
//! - **Order.** Each tree is computed at one place of the run; the other statements keep
//!   their order where they can. A statement stays after its operands and after every
//!   conflicting memory access ([`deps`]): a load never moves past a store that may write
//!   its memory, a store never past an access of memory it may write, nothing past a call,
//!   atomic, `printf` or image access. A tree that cannot be placed so is not made.
//! - **Exact arithmetic.** Lane by lane, the vector operations compute what the scalar
//!   ones did (no float division, `sqrt`, transcendentals or float `mad`, whose vector
//!   forms may round differently). A chain of additions keeps its order, reading the lanes
//!   one by one, unless reassociating it is allowed: always for integers (wrapping
//!   addition is associative), for floats only under `-cl-fast-relaxed-math`
//!   ([`OptConfig::fast_math`]) and never in the built-in library. Then the chain becomes
//!   vector additions, a horizontal sum by halves, and the values no vector holds.
//!
//! Which targets run the pass is their cost model's choice (`OptConfig::slp_lanes`); none
//! does by default, as it pays on none of oclc's targets yet (`bench/results/slp.txt`):
//! `--enable-pass slp` adds it ([`super::append_opt_in`]).

pub mod address;
pub mod deps;
pub mod emit;
pub mod seeds;
pub mod tree;

use crate::fx::{HashMap, HashSet};

use self::address::Addresses;
use self::deps::Deps;
use self::emit::{emit_tree, Reduction};
use self::seeds::Chain;
use self::tree::{Builder, Context, Tree};
use super::OptConfig;
use crate::analysis::defs::Defs;
use crate::analysis::vars::{variables, Variables};
use crate::diag::refusal::Refusal;
use crate::module::{Block, Function, Module, Stmt};
use crate::op::ValueId;
use crate::pipeline::Pass;
use crate::types::TypeTable;
use crate::visit::{use_counts, UseCounts};

/// Runs longer than this are left alone (the order check is quadratic in the worst case).
const MAX_RUN: usize = 8192;

/// The SLP vectorisation pass (see the module documentation).
pub struct Slp {
    /// The settings (`slp_lanes`, `fast_math`).
    pub config: OptConfig,
}

impl Pass for Slp {
    fn name(&self) -> &'static str {
        "slp"
    }

    fn run(&self, module: &mut Module) -> Result<bool, Refusal> {
        if self.config.slp_lanes < 2 || module.volatile_memory {
            return Ok(false);
        }
        let mut changed = false;
        for f in &mut module.functions {
            changed |= slp_function(&mut module.types, f, &self.config);
        }
        Ok(changed)
    }
}

/// What stays the same while one function is rewritten: the function and its types as
/// they were, and their analyses.
struct Snapshot<'a> {
    f: &'a Function,
    types: &'a TypeTable,
    defs: &'a Defs,
    vars: &'a Variables,
    addrs: &'a Addresses<'a>,
    uses: UseCounts,
    widths: Vec<usize>,
    fast_math: bool,
}

/// Vectorises the runs of `f`; true when anything changed.
pub fn slp_function(types: &mut TypeTable, f: &mut Function, config: &OptConfig) -> bool {
    let before = f.clone();
    let types_before = types.clone();
    let defs = Defs::of_function(&before);
    let vars = variables(&before, &types_before);
    let addrs = Addresses::new(&before, &types_before, &defs);
    let snap = Snapshot {
        f: &before,
        types: &types_before,
        defs: &defs,
        vars: &vars,
        addrs: &addrs,
        uses: use_counts(&before.body),
        widths: [16, 8, 4, 2]
            .into_iter()
            .filter(|w| *w <= config.slp_lanes as usize)
            .collect(),
        fast_math: config.fast_math && !before.is_library,
    };
    let mut body = std::mem::take(&mut f.body);
    let changed = rewrite_block(&snap, &mut body, f, types);
    f.body = body;
    changed
}

fn rewrite_block(
    snap: &Snapshot,
    block: &mut Block,
    f: &mut Function,
    types: &mut TypeTable,
) -> bool {
    let mut changed = false;
    let mut out = Vec::with_capacity(block.stmts.len());
    let mut run: Vec<Stmt> = Vec::new();
    for mut stmt in std::mem::take(&mut block.stmts) {
        if matches!(stmt, Stmt::Let { .. } | Stmt::Store { .. }) {
            run.push(stmt);
            continue;
        }
        changed |= flush(snap, &mut run, &mut out, f, types);
        for child in stmt.child_blocks_mut() {
            changed |= rewrite_block(snap, child, f, types);
        }
        out.push(stmt);
    }
    changed |= flush(snap, &mut run, &mut out, f, types);
    block.stmts = out;
    changed
}

/// Vectorises `run` onto the end of `out`; true when anything changed.
fn flush(
    snap: &Snapshot,
    run: &mut Vec<Stmt>,
    out: &mut Vec<Stmt>,
    f: &mut Function,
    types: &mut TypeTable,
) -> bool {
    let stmts = std::mem::take(run);
    if stmts.len() < 4 || stmts.len() > MAX_RUN {
        out.extend(stmts);
        return false;
    }
    let plan = plan_run(snap, &stmts);
    if plan.trees.is_empty() {
        out.extend(stmts);
        return false;
    }
    let order = plan
        .deps
        .schedule(&plan.group_of, &plan.key)
        .expect("every committed tree was checked");
    let n = stmts.len();
    // Uses of each value by statements the trees remove.
    let mut removed_uses: HashMap<ValueId, usize> = HashMap::default();
    for planned in &plan.trees {
        for &i in &planned.removed {
            for v in crate::visit::stmt_uses(&stmts[i]) {
                *removed_uses.entry(v).or_default() += 1;
            }
        }
    }
    // Uses the trees add: the scalars they compose or splat, the values a reduction adds
    // one by one.
    let mut added_uses: HashSet<ValueId> = HashSet::default();
    for planned in &plan.trees {
        added_uses.extend(planned.reads());
    }
    let external = |v: ValueId| {
        added_uses.contains(&v) || snap.uses.get(v) > removed_uses.get(&v).copied().unwrap_or(0)
    };
    for g in order {
        if g < n {
            out.push(stmts[g].clone());
        } else {
            let planned = &plan.trees[g - n];
            out.extend(emit_tree(
                &planned.tree,
                planned.reduction.as_ref(),
                &stmts,
                f,
                types,
                &external,
            ));
        }
    }
    true
}

/// A tree chosen for a run.
struct Planned {
    tree: Tree,
    reduction: Option<Reduction>,
    /// The run statements that go (all members but the loads, which the tree re-emits).
    removed: Vec<usize>,
}

impl Planned {
    /// The scalars the emitted tree reads that no member defines: lanes it composes or
    /// splats, and the values of a reduction that no vector holds.
    fn reads(&self) -> Vec<ValueId> {
        let mut out: Vec<ValueId> = self
            .tree
            .nodes
            .iter()
            .filter(|n| matches!(n.kind, tree::Kind::Constants | tree::Kind::Splat))
            .flat_map(|n| n.lanes.iter().copied())
            .collect();
        if let Some(r) = &self.reduction {
            out.extend(r.uncovered(&self.tree));
        }
        out
    }
}

/// The trees of a run and where they go.
struct Plan {
    deps: Deps,
    trees: Vec<Planned>,
    /// The group of each statement: itself (`i`), or `n + t` for tree `t`.
    group_of: Vec<usize>,
    /// Each group's place among the groups ready at once.
    key: Vec<usize>,
}

impl Plan {
    /// Adds `planned` when the run can still be ordered with it; true when it was added.
    fn try_add(&mut self, planned: Planned, claimed: &mut HashSet<usize>) -> bool {
        let g = self.key.len();
        let mut group_of = self.group_of.clone();
        let mut last = 0;
        for &i in &planned.tree.members {
            group_of[i] = g;
            last = last.max(i);
        }
        let mut key = self.key.clone();
        key.push(last);
        if self.deps.schedule(&group_of, &key).is_none() {
            return false;
        }
        claimed.extend(planned.tree.members.iter().copied());
        self.group_of = group_of;
        self.key = key;
        self.trees.push(planned);
        true
    }
}

fn plan_run(snap: &Snapshot, run: &[Stmt]) -> Plan {
    let n = run.len();
    let deps = Deps::of_run(run, snap.f, snap.types, snap.vars, snap.addrs);
    let mut plan = Plan {
        deps,
        trees: Vec::new(),
        group_of: (0..n).collect(),
        key: (0..n).collect(),
    };
    let defined_at: HashMap<ValueId, usize> = run
        .iter()
        .enumerate()
        .filter_map(|(i, s)| match s {
            Stmt::Let { value, .. } => Some((*value, i)),
            _ => None,
        })
        .collect();
    let cx = Context {
        run,
        f: snap.f,
        types: snap.types,
        defs: snap.defs,
        vars: snap.vars,
        addrs: snap.addrs,
        defined_at,
    };
    let mut claimed: HashSet<usize> = HashSet::default();
    for chain in seeds::chains(run, snap.f, snap.types, snap.vars, &snap.uses) {
        let reassociate = chain.elem.is_int() || snap.fast_math;
        if reassociate && reduction_tree(snap, &cx, &chain, &mut plan, &mut claimed) {
            continue;
        }
        for_windows(snap, &chain.values, &mut |lanes| {
            plain_tree(&cx, lanes, &mut plan, &mut claimed)
        });
    }
    for group in seeds::adjacent_stores(run, snap.f, snap.types, snap.vars, snap.addrs) {
        let values: Vec<ValueId> = group
            .iter()
            .map(|&i| match &run[i] {
                Stmt::Store { value, .. } => *value,
                _ => unreachable!("a store group holds stores"),
            })
            .collect();
        for_windows(snap, &values, &mut |lanes| {
            plain_tree(&cx, lanes, &mut plan, &mut claimed)
        });
    }
    plan
}

/// Calls `make` on windows of `values` from the start, the widest first; after a window
/// that made a tree the next starts behind it, else one value further.
fn for_windows(snap: &Snapshot, values: &[ValueId], make: &mut dyn FnMut(&[ValueId]) -> bool) {
    let mut i = 0;
    'next: while i + 1 < values.len() {
        for &w in &snap.widths {
            if i + w <= values.len() && make(&values[i..i + w]) {
                i += w;
                continue 'next;
            }
        }
        i += 1;
    }
}

/// A tree whose root's lanes are `lanes`, each read by statements outside the tree.
fn plain_tree(
    cx: &Context,
    lanes: &[ValueId],
    plan: &mut Plan,
    claimed: &mut HashSet<usize>,
) -> bool {
    let mut b = Builder::new(cx, claimed);
    let Some(root) = b.build(lanes) else {
        return false;
    };
    if !b.worth_it(root) {
        return false;
    }
    let tree = b.tree;
    let removed = removed_members(cx, &tree);
    plan.try_add(
        Planned {
            tree,
            reduction: None,
            removed,
        },
        claimed,
    )
}

/// The whole chain as one tree: windows of its values as vectors, summed as the
/// module documentation says. True when it was made.
fn reduction_tree(
    snap: &Snapshot,
    cx: &Context,
    chain: &Chain,
    plan: &mut Plan,
    claimed: &mut HashSet<usize>,
) -> bool {
    let mut b = Builder::new(cx, claimed);
    for &i in chain.adds.iter().chain(&chain.dead_stores) {
        b.claim(i);
    }
    let mut roots = Vec::new();
    let values = &chain.values;
    let mut i = 0;
    'next: while i + 1 < values.len() {
        for &w in &snap.widths {
            if i + w > values.len() {
                continue;
            }
            let state = b.snapshot();
            match b.build(&values[i..i + w]) {
                Some(root) if b.worth_it(root) => {
                    roots.push((root, i));
                    i += w;
                    continue 'next;
                }
                _ => b.restore(state),
            }
        }
        i += 1;
    }
    if roots.is_empty() {
        return false;
    }
    let tree = b.tree;
    let removed = removed_members(cx, &tree);
    let Some(Stmt::Let { value: result, .. }) = chain.adds.last().map(|&i| &cx.run[i]) else {
        return false;
    };
    let reduction = Reduction {
        values: values.clone(),
        roots,
        result: *result,
        elem: chain.elem,
    };
    plan.try_add(
        Planned {
            tree,
            reduction: Some(reduction),
            removed,
        },
        claimed,
    )
}

/// The members of `tree` that its emission drops: all but its loads.
fn removed_members(cx: &Context, tree: &Tree) -> Vec<usize> {
    tree.members
        .iter()
        .copied()
        .filter(|&i| {
            !matches!(
                &cx.run[i],
                Stmt::Let {
                    op: crate::op::Op::Load { .. },
                    ..
                }
            )
        })
        .collect()
}
