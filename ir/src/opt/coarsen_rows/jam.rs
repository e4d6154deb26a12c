//! Pairing the two rows' copies of a kernel body (see the module documentation of
//! [`super`]): statement by statement, loops in lockstep.
//!
//! A pair of loops `A` (row 0) and `B` (row 1) whose bodies start with their exit test
//! (pure `let`s and loads of private variables, then `if c { break }`) and leave only by
//! it becomes
//! ```text
//! [A's first iteration, when A's induction variable meets the row id]
//! loop { A's test; B's test; if A stops: break; if B stops: break;
//!        A's body and B's body, paired; continuing: A's, then B's }
//! A (what is left of it)      B (what is left of it)
//! ```
//! which is right whatever the trip counts: each row runs its own iterations in order.
//! When both are counted loops with one step and equal starts, B's induction variable in
//! the lockstep loop is A's (minus the step when A went first): row 1's addresses then
//! read like row 0's, and value numbering can find the loads they share.

use super::shape::{exit_cond, parts, Parts};
use super::steps::{loads_before_store, stepped_vars, Stepped};
use crate::analysis::defs::Defs;
use crate::analysis::loops::{counted_loop, CountedLoop};
use crate::analysis::vars::{variables, Variables};
use crate::fx::{HashMap, HashSet};
use crate::module::{walk_stmt_list, walk_stmts, Block, Function, LocalId, Stmt, Unroll};
use crate::op::{BinaryOp, Const, Op, ValueId};
use crate::types::TypeTable;
use crate::visit::{op_operands_mut, remove_lets, replace_uses, resolve};

use super::super::clone::clone_fresh;

/// Row 0's statements `a` and row 1's `b` (copies of one body) paired into one list, the
/// trailing stores of both last. `row0` are row 0's `get_global_id(1)` values.
pub(super) fn jam_rows(
    types: &TypeTable,
    f: &mut Function,
    a: Vec<Stmt>,
    b: Vec<Stmt>,
    row0: &[ValueId],
    twins: HashMap<LocalId, LocalId>,
) -> Vec<Stmt> {
    // The analyses see both copies in place, one after the other.
    f.body.stmts = a.iter().chain(&b).cloned().collect();
    let vars = variables(f, types);
    let defs = Defs::of_function(f);
    let row_like = row_like(&f.body, row0);
    f.body.stmts.clear();
    let tail_start = a.iter().rposition(|s| !in_tail(s)).map_or(0, |i| i + 1);
    let mut a = a;
    let mut b = b;
    let a_tail = a.split_off(tail_start);
    let b_tail = b.split_off(tail_start);
    let mut jammer = Jammer {
        f,
        types,
        vars,
        defs,
        row_like,
        twins,
        row1_reads_row0: HashMap::default(),
        depth: 0,
        equal_after: Vec::new(),
    };
    let mut out = jammer.lists(Vec::new(), a, b);
    let mut block = Block { stmts: out };
    remove_lets(&mut block, &jammer.row1_reads_row0);
    replace_uses(&mut block, &jammer.row1_reads_row0);
    out = block.stmts;
    let (a_stores, a_lets): (Vec<Stmt>, Vec<Stmt>) = a_tail
        .into_iter()
        .partition(|s| matches!(s, Stmt::Store { .. }));
    let (b_stores, b_lets): (Vec<Stmt>, Vec<Stmt>) = b_tail
        .into_iter()
        .partition(|s| matches!(s, Stmt::Store { .. }));
    out.extend(a_lets);
    out.extend(b_lets);
    out.extend(a_stores);
    out.extend(b_stores);
    out
}

/// A statement that may stay in the tail: a pure `let` or a store.
fn in_tail(s: &Stmt) -> bool {
    match s {
        Stmt::Let { op, .. } => op.is_pure(),
        Stmt::Store { .. } => true,
        _ => false,
    }
}

/// The values of `body` that are `roots` give or take a constant: conversions of them and
/// sums of them with constants (a row index, not yet multiplied by the row length).
fn row_like(body: &Block, roots: &[ValueId]) -> HashSet<ValueId> {
    let mut set: HashSet<ValueId> = roots.iter().copied().collect();
    let defs = Defs::of_block(body);
    walk_stmts(body, &mut |s| {
        let Stmt::Let { value, op } = s else {
            return;
        };
        let keep = match op {
            Op::Convert { value: x, .. } => set.contains(x),
            Op::Binary(BinaryOp::Add, x, y) => {
                (set.contains(x) && defs.int_constant(*y).is_some())
                    || (set.contains(y) && defs.int_constant(*x).is_some())
            }
            _ => false,
        };
        if keep {
            set.insert(*value);
        }
    });
    set
}

/// What pairing needs: the function and the analyses of both copies.
struct Jammer<'a> {
    f: &'a mut Function,
    types: &'a TypeTable,
    vars: Variables,
    defs: Defs,
    /// Row 0's id, give or take a constant (see [`row_like`]).
    row_like: HashSet<ValueId>,
    /// Row 1's copy of each of row 0's private variables.
    twins: HashMap<LocalId, LocalId>,
    /// Row 1's loads that read row 0's value (see [`Jammer::follow`]).
    row1_reads_row0: HashMap<ValueId, ValueId>,
    /// How many paired loops enclose the statements being paired.
    depth: u32,
    /// Row 0's variables known equal to their twins after a lockstep loop both rows left
    /// together, with the length of the statement list the loop ended.
    equal_after: Vec<(LocalId, usize)>,
}

/// Loops nested deeper than this are not paired (each level copies its loop four times:
/// row 0's first iteration, the lockstep loop and both rows' rests).
const MAX_PAIRED_DEPTH: u32 = 3;

impl Jammer<'_> {
    /// `out` followed by `a` and `b` paired.
    fn lists(&mut self, mut out: Vec<Stmt>, a: Vec<Stmt>, b: Vec<Stmt>) -> Vec<Stmt> {
        debug_assert_eq!(a.len(), b.len(), "the rows are copies of one body");
        let mut b = b.into_iter();
        for sa in a {
            match b.next() {
                Some(sb) if matches!((&sa, &sb), (Stmt::Loop { .. }, Stmt::Loop { .. })) => {
                    let (pair, equal) = self.loops(&out, sa, sb);
                    out.extend(pair);
                    let at = out.len();
                    self.equal_after.extend(equal.into_iter().map(|v| (v, at)));
                }
                sb => {
                    out.push(sa);
                    out.extend(sb);
                }
            }
        }
        out.extend(b);
        out
    }

    /// The loops `la` and `lb` (after `preceding` in their block) paired, or as they are
    /// when their shape does not allow it; with row 0's variables that equal their twins
    /// afterwards.
    fn loops(&mut self, preceding: &[Stmt], la: Stmt, lb: Stmt) -> (Vec<Stmt>, Vec<LocalId>) {
        if self.depth >= MAX_PAIRED_DEPTH {
            return (vec![la, lb], Vec::new());
        }
        let shape = |l: &Stmt| parts(l, self.f, self.types, &self.vars);
        let (Some(pa), Some(pb)) = (shape(&la), shape(&lb)) else {
            return (vec![la, lb], Vec::new());
        };
        let sa = stepped_vars(&self.vars, &self.defs, preceding, &pa);
        let sb = stepped_vars(&self.vars, &self.defs, preceding, &pb);
        // Row 0's stepped variables paired with row 1's copies stepping alike from equal
        // starts.
        let pairs: Vec<(Stepped, Stepped)> = sa
            .iter()
            .filter_map(|a| {
                let twin = *self.twins.get(&a.var)?;
                let b = sb.iter().find(|b| b.var == twin)?;
                (a.step == b.step && self.equal_starts(preceding, a, b)).then_some((*a, *b))
            })
            .collect();
        // Row 0 goes one iteration ahead when the loop's induction variable steps by one
        // over rows `y + iv`.
        let counted = match &la {
            Stmt::Loop {
                body,
                continuing,
                break_if,
                ..
            } => counted_loop(
                self.f, self.types, &self.vars, &self.defs, preceding, body, continuing, *break_if,
            ),
            _ => None,
        };
        // In lockstep only when the rows' iterations correspond: the loop's induction
        // variable steps alike in both (else the rows' loads cannot match, and the
        // lockstep form only costs).
        let in_step = counted
            .as_ref()
            .is_some_and(|c| pairs.iter().any(|(a, _)| a.var == c.iv));
        if !in_step {
            return (vec![la, lb], Vec::new());
        }
        let shift = counted.is_some_and(|c| {
            c.step == 1
                && self
                    .iv_load(&pa.header, &c)
                    .is_some_and(|v| self.meets_row(&pa.rest, v))
        });
        let unroll = match &la {
            Stmt::Loop { unroll, .. } => *unroll,
            _ => Unroll::Auto,
        };
        let mut out = Vec::new();
        if shift {
            out.extend(self.one_iteration(&pa));
        }
        // The lockstep loop, on fresh copies of both loops.
        let ja = self.fresh(&pa);
        let mut jb = self.fresh(&pb);
        let mut body = Vec::new();
        for (a, b) in &pairs {
            let delta = if shift { -a.step } else { 0 };
            body.extend(self.follow(&ja, &mut jb, a.var, b.var, delta));
        }
        // Without a head start, rows whose exit tests compute the same leave together:
        // their stepped variables stay equal (the rest loops then run no iteration).
        let together = !shift && self.same_value(exit_cond(&ja.exit), exit_cond(&jb.exit), 8);
        let equal = if together {
            pairs.iter().map(|(a, _)| a.var).collect()
        } else {
            Vec::new()
        };
        body.extend(ja.header);
        body.extend(jb.header);
        body.push(ja.exit);
        body.push(jb.exit);
        self.depth += 1;
        let saved = std::mem::take(&mut self.equal_after);
        let body = self.lists(body, ja.rest, jb.rest);
        self.equal_after = saved;
        self.depth -= 1;
        let mut continuing = ja.continuing;
        continuing.extend(jb.continuing);
        out.push(Stmt::Loop {
            body: Block { stmts: body },
            continuing: Block { stmts: continuing },
            break_if: None,
            unroll,
        });
        out.push(la);
        out.push(lb);
        (out, equal)
    }

    /// Whether the stepped variables `a` (row 0) and `b` (its twin) start alike: from one
    /// value or equal constants, or from loads of the two made after a lockstep loop left
    /// them equal (in `preceding`, with nothing there storing to them since).
    fn equal_starts(&self, preceding: &[Stmt], a: &Stepped, b: &Stepped) -> bool {
        if self.same_value(a.start, b.start, 0) {
            return true;
        }
        let load_of = |v: ValueId| match self.defs.op(v) {
            Some(Op::Load { ptr }) => self.vars.addressed(*ptr),
            _ => None,
        };
        let (Some(va), Some(vb)) = (load_of(a.start), load_of(b.start)) else {
            return false;
        };
        if self.twins.get(&va) != Some(&vb) {
            return false;
        }
        let loaded_after = |at: usize, v: ValueId| {
            preceding[at..]
                .iter()
                .any(|s| matches!(s, Stmt::Let { value, .. } if *value == v))
        };
        self.equal_after.iter().any(|&(v, at)| {
            v == va
                && at <= preceding.len()
                && loaded_after(at, a.start)
                && loaded_after(at, b.start)
                && !preceding[at..].iter().any(|s| {
                    let mut stores = false;
                    walk_stmt_list(std::slice::from_ref(s), &mut |s| {
                        if let Stmt::Store { ptr, .. } = s {
                            let var = self.vars.addressed(*ptr);
                            stores |= var == Some(va) || var == Some(vb);
                        }
                    });
                    stores
                })
        })
    }

    /// Whether `x` and `y` compute the same (after row 1's loads that read row 0's
    /// values): one value, equal constants, or the same pure operation on such operands,
    /// looked through `depth` levels.
    fn same_value(&self, x: ValueId, y: ValueId, depth: u32) -> bool {
        let (x, y) = (
            resolve(&self.row1_reads_row0, x),
            resolve(&self.row1_reads_row0, y),
        );
        if x == y {
            return true;
        }
        match (self.defs.op(x), self.defs.op(y)) {
            (Some(Op::Const(p)), Some(Op::Const(q))) => p == q,
            // Operand-less operations (the rows' own `get_global_id(1)`, a variable's
            // address) are the same only as one value.
            (Some(p), Some(q)) if depth > 0 && p.is_pure() && !p.operands().is_empty() => {
                let shape = |op: &Op| {
                    let mut op = op.clone();
                    op_operands_mut(&mut op, &mut |v| *v = ValueId(0));
                    op
                };
                shape(p) == shape(q)
                    && p.operands().len() == q.operands().len()
                    && p.operands()
                        .iter()
                        .zip(q.operands())
                        .all(|(&a, b)| self.same_value(a, b, depth - 1))
            }
            _ => false,
        }
    }

    /// The value of the header's load of `lp`'s induction variable.
    fn iv_load(&self, header: &[Stmt], lp: &CountedLoop) -> Option<ValueId> {
        header.iter().find_map(|s| match s {
            Stmt::Let {
                value,
                op: Op::Load { ptr },
            } if self.vars.promoted(*ptr) == Some(lp.iv) => Some(*value),
            _ => None,
        })
    }

    /// Whether `stmts` add the induction variable `iv` (or a conversion of it) to row 0's
    /// id give or take a constant: the loop walks rows `y + iv`.
    fn meets_row(&self, stmts: &[Stmt], iv: ValueId) -> bool {
        let mut ivs: HashSet<ValueId> = [iv].into_iter().collect();
        let mut found = false;
        walk_stmt_list(stmts, &mut |s| match s {
            Stmt::Let {
                value,
                op: Op::Convert { value: x, .. },
            } if ivs.contains(x) => {
                ivs.insert(*value);
            }
            Stmt::Let {
                op: Op::Binary(BinaryOp::Add, x, y),
                ..
            } => {
                let row = |v: &ValueId| self.row_like.contains(v);
                found |= (ivs.contains(x) && row(y)) || (ivs.contains(y) && row(x));
            }
            _ => {}
        });
        found
    }

    /// Makes row 1's loads of `vb` in the lockstep copy `jb`, up to its step, read row 0's
    /// first load of `va` in `ja` plus `delta` (the variables' difference at the top of
    /// each lockstep iteration). Row 0's load comes first: the copies pair statement by
    /// statement, headers before bodies.
    /// Returns the constants the new reads need, for the start of the lockstep body (so
    /// that the copies keep their lengths for pairing).
    fn follow(
        &mut self,
        ja: &Parts,
        jb: &mut Parts,
        va: LocalId,
        vb: LocalId,
        delta: i128,
    ) -> Vec<Stmt> {
        let a_stmts: Vec<&Stmt> = ja.header.iter().chain(&ja.rest).collect();
        let Some(&a_load) = loads_before_store(&self.vars, va, &a_stmts).first() else {
            return Vec::new();
        };
        let b_stmts: Vec<&Stmt> = jb.header.iter().chain(&jb.rest).collect();
        let b_loads = loads_before_store(&self.vars, vb, &b_stmts);
        let Some(elem) = self.types.scalar_of(self.f.local(va).ty) else {
            return Vec::new();
        };
        if delta == 0 {
            // Replaced once the copies are paired (removing lets now would shift them).
            self.row1_reads_row0
                .extend(b_loads.iter().map(|&v| (v, a_load)));
            return Vec::new();
        }
        let mut consts = Vec::new();
        let ty = self.f.value_type(a_load);
        let k = self
            .f
            .push_let(&mut consts, ty, Op::Const(Const::int(elem, delta as i64)));
        for part in [&mut jb.header, &mut jb.rest] {
            for s in part.iter_mut() {
                if let Stmt::Let { value, op } = s {
                    if b_loads.contains(value) {
                        *op = Op::Binary(BinaryOp::Add, a_load, k);
                    }
                }
            }
        }
        consts
    }

    /// A fresh copy of the loop parts `p`.
    fn fresh(&mut self, p: &Parts) -> Parts {
        let mut map = HashMap::default();
        let header = clone_fresh(self.f, &p.header, &mut map);
        let exit = clone_fresh(self.f, std::slice::from_ref(&p.exit), &mut map)
            .pop()
            .expect("one statement");
        let rest = clone_fresh(self.f, &p.rest, &mut map);
        let continuing = clone_fresh(self.f, &p.continuing, &mut map);
        let copy = Parts {
            header,
            exit,
            rest,
            continuing,
        };
        // Loops inside the copy are paired next: their analyses need its definitions.
        for part in [&copy.header, &copy.rest, &copy.continuing] {
            self.defs.extend(Defs::of_block(&Block {
                stmts: part.clone(),
            }));
        }
        copy
    }

    /// One iteration of the loop `p` (a fresh copy): its test, and when the loop goes on,
    /// its body and continuing block.
    fn one_iteration(&mut self, p: &Parts) -> Vec<Stmt> {
        let copy = self.fresh(p);
        let mut out = copy.header;
        let Stmt::If {
            cond,
            then_body,
            else_body,
        } = copy.exit
        else {
            unreachable!("parts() checked the exit test")
        };
        let mut go_on = copy.rest;
        go_on.extend(copy.continuing);
        let branch = |b: Block, go_on: &mut Vec<Stmt>| {
            if b.stmts.is_empty() {
                Block {
                    stmts: std::mem::take(go_on),
                }
            } else {
                Block { stmts: Vec::new() }
            }
        };
        let then_body = branch(then_body, &mut go_on);
        let else_body = branch(else_body, &mut go_on);
        out.push(Stmt::If {
            cond,
            then_body,
            else_body,
        });
        out
    }
}
