//! Counted loops: `for (iv = start; iv CMP bound; iv += step)` in the IR's shape.
//!
//! The lowering writes such a loop as a `loop` without `break_if` whose body starts with
//! the exit test (pure `let`s and loads of the induction variable, then
//! `if !(iv CMP bound) { break }`), and which stores the induction variable once per
//! iteration, `iv = iv + step` with a constant step, at the top level of its `continuing`
//! block (`for`) or of its body after the test (`while (..) { ...; c += 4; }`). The
//! induction variable is a promotable private variable ([`super::vars`]); the bound is
//! invariant in the loop. When the start (the last store before the loop), the bound and
//! the step are constants, the trip count is known: it is counted in the induction
//! variable's own type, so wrap-around is taken into account, and a loop that would run
//! more than [`MAX_COUNTED_TRIPS`] times (or forever) has no known trip count.
//!
//! A *halving* loop ([`unrollable_loop`]) has the same shape but shifts its induction variable
//! right by a constant each iteration (`for (k = 128; k > 0; k >>= 1)`, the tree steps of a
//! work-group reduction; `k /= 2` on an unsigned `k` alike). It is recognised only with a
//! constant start and bound, for its trip count: nothing else about it is linear.

use crate::fx::HashSet;

use super::defs::Defs;
use super::effects::{block_effects, stmts_effects};
use super::vars::Variables;
use crate::module::{walk_stmts, Block, Function, LocalId, Stmt};
use crate::op::{BinaryOp, CmpOp, Op, UnaryOp, ValueId};
use crate::types::{ScalarType, TypeTable};

/// Trip counts above this are not counted at compile time.
pub const MAX_COUNTED_TRIPS: u64 = 1 << 16;

/// Where a counted loop stores its induction variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepAt {
    /// At this index of the `continuing` block.
    Continuing(usize),
    /// At this index of the body (after the exit test).
    Body(usize),
}

/// A counted loop (see the module documentation).
#[derive(Clone, Debug, PartialEq)]
pub struct CountedLoop {
    /// The induction variable.
    pub iv: LocalId,
    /// Its (integer) type.
    pub elem: ScalarType,
    /// The type the exit test compares in (the induction variable may be converted first,
    /// as C's integer promotions convert a `uchar`).
    pub cmp_elem: ScalarType,
    /// The index in the body of the exit test `if`; the statements before it are the
    /// header (pure `let`s and loads of promotable variables).
    pub exit_index: usize,
    /// The loop runs while `iv CMP bound` (normalised so that the induction variable is
    /// on the left).
    pub cmp: CmpOp,
    /// The bound, invariant in the loop (defined before it or in the header).
    pub bound: ValueId,
    /// The constant added to the induction variable each iteration (0 for a halving loop,
    /// [`unrollable_loop`]).
    pub step: i128,
    /// Where the induction variable is stored.
    pub step_at: StepAt,
    /// The value stored to the induction variable just before the loop, if known.
    pub start: Option<ValueId>,
    /// The number of times the body runs, when known at compile time.
    pub trip_count: Option<u64>,
    /// The loop's body (after the header) or continuing block leaves it other than by the
    /// exit test: a `break`, or a `return`.
    pub other_exits: bool,
    /// The body holds a `continue` of this loop.
    pub continues: bool,
}

/// Recognises the loop `body`/`continuing`/`break_if` of `f` as a counted loop;
/// `preceding` are the statements before the loop in its block (for the start value);
/// `outer` is `Defs::of_function(f)` (the caller builds it once for all of `f`'s loops).
#[allow(clippy::too_many_arguments)]
pub fn counted_loop(
    f: &Function,
    types: &TypeTable,
    vars: &Variables,
    outer: &Defs,
    preceding: &[Stmt],
    body: &Block,
    continuing: &Block,
    break_if: Option<ValueId>,
) -> Option<CountedLoop> {
    let (lp, update) = recognise(f, types, vars, outer, preceding, body, continuing, break_if)?;
    matches!(update, Update::Add(_)).then_some(lp)
}

/// Recognises the loop as a counted loop ([`counted_loop`]) or as a halving loop (see the
/// module documentation) whose trip count is known: a [`CountedLoop`] with `step` 0 (its
/// induction variable is shifted, not stepped) and `trip_count` set, which only full
/// unrolling may use. One recognition serves both (unrolling asks for either).
#[allow(clippy::too_many_arguments)]
pub fn unrollable_loop(
    f: &Function,
    types: &TypeTable,
    vars: &Variables,
    outer: &Defs,
    preceding: &[Stmt],
    body: &Block,
    continuing: &Block,
    break_if: Option<ValueId>,
) -> Option<CountedLoop> {
    let (lp, update) = recognise(f, types, vars, outer, preceding, body, continuing, break_if)?;
    match update {
        Update::Add(_) => Some(lp),
        Update::Shr(_) => lp.trip_count.is_some().then_some(lp),
    }
}

/// How an induction variable changes each iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Update {
    /// `iv += step` (a non-zero constant).
    Add(i128),
    /// `iv >>= s` (arithmetic for a signed `iv`), or `iv /= 2^s` for an unsigned one.
    Shr(u32),
}

#[allow(clippy::too_many_arguments)]
fn recognise(
    f: &Function,
    types: &TypeTable,
    vars: &Variables,
    outer: &Defs,
    preceding: &[Stmt],
    body: &Block,
    continuing: &Block,
    break_if: Option<ValueId>,
) -> Option<(CountedLoop, Update)> {
    if break_if.is_some() {
        return None;
    }
    // The header: pure lets and loads of promotable variables, then the exit test.
    let mut exit_index = None;
    for (i, s) in body.stmts.iter().enumerate() {
        match s {
            Stmt::Let { op, .. } if op.is_pure() => {}
            Stmt::Let {
                op: Op::Load { ptr },
                ..
            } if vars.promoted(*ptr).is_some() => {}
            Stmt::If { .. } => {
                exit_index = Some(i);
                break;
            }
            _ => return None,
        }
    }
    let exit_index = exit_index?;
    let Stmt::If {
        cond,
        then_body,
        else_body,
    } = &body.stmts[exit_index]
    else {
        return None;
    };
    let is_break = |b: &Block| matches!(b.stmts.as_slice(), [Stmt::Break]);
    // `stay` is true when the value `cond` being false keeps the loop going.
    let stay_when_false = if is_break(then_body) && else_body.stmts.is_empty() {
        true
    } else if then_body.stmts.is_empty() && is_break(else_body) {
        false
    } else {
        return None;
    };
    let inside = Defs::of_block(body).merged(Defs::of_block(continuing));
    let mut stored: HashSet<LocalId> = block_effects(body, f, types, vars).stored_vars;
    stored.extend(block_effects(continuing, f, types, vars).stored_vars);
    // The comparison that keeps the loop going.
    let (mut cmp, mut a, mut b) = comparison(&inside, *cond)?;
    if stay_when_false {
        cmp = inverse(cmp);
    }
    // Which side is the induction variable (loaded, perhaps converted to another integer
    // type)?
    let load_of = |v: ValueId| match inside.op(v) {
        Some(Op::Load { ptr }) => vars.promoted(*ptr),
        Some(Op::Convert {
            value,
            saturate: false,
            ..
        }) => match inside.op(*value) {
            Some(Op::Load { ptr })
                if types
                    .scalar_of(f.value_type(*value))
                    .is_some_and(|s| s.is_int()) =>
            {
                vars.promoted(*ptr)
            }
            _ => None,
        },
        _ => None,
    };
    let iv = match (load_of(a), load_of(b)) {
        (Some(l), _) if stored.contains(&l) => l,
        (_, Some(l)) if stored.contains(&l) => {
            std::mem::swap(&mut a, &mut b);
            cmp = swapped(cmp);
            l
        }
        _ => return None,
    };
    let cmp_elem = types.scalar_of(f.value_type(a)).filter(|s| s.is_int())?;
    let elem = types.scalar_of(f.local(iv).ty).filter(|s| s.is_int())?;
    let header = &body.stmts[..exit_index];
    if !invariant(b, header, &inside, vars, &stored) {
        return None;
    }
    let (update, step_at) = find_step(iv, elem, body, continuing, exit_index, vars, outer)?;
    let rest = stmts_effects(&body.stmts[exit_index + 1..], f, types, vars);
    let cont = block_effects(continuing, f, types, vars);
    if matches!(step_at, StepAt::Body(_)) && rest.continues {
        return None;
    }
    let start = start_value(iv, preceding, vars);
    let trip_count = match (
        start.and_then(|s| outer.int_constant(s)),
        outer.int_constant(b),
    ) {
        (Some(s), Some(n)) => match update {
            Update::Add(step) => count_trips(elem, cmp_elem, cmp, s, n, step),
            // `v` is in `elem`'s range (non-negative when unsigned), so `>>` on it is the
            // logical shift of an unsigned `elem` and the arithmetic one of a signed.
            Update::Shr(k) => count_updates(elem, cmp_elem, cmp, s, n, |v| v >> k),
        },
        _ => None,
    };
    let step = match update {
        Update::Add(step) => step,
        Update::Shr(_) => 0,
    };
    let lp = CountedLoop {
        iv,
        elem,
        cmp_elem,
        exit_index,
        cmp,
        bound: b,
        step,
        step_at,
        start,
        trip_count,
        other_exits: rest.breaks || rest.returns || cont.breaks || cont.returns,
        continues: rest.continues,
    };
    Some((lp, update))
}

impl Defs {
    /// These definitions and `other`'s.
    pub fn merged(mut self, other: Defs) -> Defs {
        self.extend(other);
        self
    }
}

/// The integer comparison `v` computes (looking through `not`): `(op, a, b)` such that `v`
/// is `a op b`.
fn comparison(defs: &Defs, v: ValueId) -> Option<(CmpOp, ValueId, ValueId)> {
    match defs.op(v)? {
        Op::Compare(op, a, b) => Some((*op, *a, *b)),
        Op::Unary(UnaryOp::Not, c) => {
            let (op, a, b) = comparison(defs, *c)?;
            Some((inverse(op), a, b))
        }
        _ => None,
    }
}

/// `!(a op b)` as `a op' b` (integers).
pub fn inverse(op: CmpOp) -> CmpOp {
    match op {
        CmpOp::Eq => CmpOp::Ne,
        CmpOp::Ne => CmpOp::Eq,
        CmpOp::Lt => CmpOp::Ge,
        CmpOp::Ge => CmpOp::Lt,
        CmpOp::Gt => CmpOp::Le,
        CmpOp::Le => CmpOp::Gt,
    }
}

/// `a op b` as `b op' a`.
pub fn swapped(op: CmpOp) -> CmpOp {
    match op {
        CmpOp::Lt => CmpOp::Gt,
        CmpOp::Gt => CmpOp::Lt,
        CmpOp::Le => CmpOp::Ge,
        CmpOp::Ge => CmpOp::Le,
        op => op,
    }
}

/// True when `v` has the same value in every iteration: defined outside the loop, or in
/// the header by pure operations of invariant values or loads of promotable variables the
/// loop does not store.
fn invariant(
    v: ValueId,
    header: &[Stmt],
    inside: &Defs,
    vars: &Variables,
    stored: &HashSet<LocalId>,
) -> bool {
    if !inside.defines(v) {
        return true;
    }
    let in_header = header
        .iter()
        .any(|s| matches!(s, Stmt::Let { value, .. } if *value == v));
    if !in_header {
        return false;
    }
    match inside.op(v) {
        Some(Op::Load { ptr }) => vars.promoted(*ptr).is_some_and(|l| !stored.contains(&l)),
        Some(op) if op.is_pure() => op
            .operands()
            .into_iter()
            .all(|o| invariant(o, header, inside, vars, stored)),
        _ => false,
    }
}

/// How the induction variable changes and where its one store is.
fn find_step(
    iv: LocalId,
    elem: ScalarType,
    body: &Block,
    continuing: &Block,
    exit_index: usize,
    vars: &Variables,
    all: &Defs,
) -> Option<(Update, StepAt)> {
    // Exactly one store of `iv` in the loop, at the top level of the continuing block or of
    // the body after the header.
    let mut count = 0;
    for b in [body, continuing] {
        walk_stmts(b, &mut |s| {
            if let Stmt::Store { ptr, .. } = s {
                if vars.promoted(*ptr) == Some(iv) {
                    count += 1;
                }
            }
        });
    }
    if count != 1 {
        return None;
    }
    let top_store = |block: &Block, from: usize| {
        block.stmts[from..]
            .iter()
            .position(|s| matches!(s, Stmt::Store { ptr, .. } if vars.promoted(*ptr) == Some(iv)))
            .map(|i| i + from)
    };
    let (block, at, index) = match top_store(continuing, 0) {
        Some(i) => (continuing, StepAt::Continuing(i), i),
        None => {
            let i = top_store(body, exit_index + 1)?;
            (body, StepAt::Body(i), i)
        }
    };
    let Stmt::Store { value, .. } = &block.stmts[index] else {
        return None;
    };
    // The stored value: a load of `iv` made earlier in the same block, plus or minus a
    // constant.
    let before = Defs::of_block(&Block {
        stmts: block.stmts[..index].to_vec(),
    });
    let is_iv_load = |v: ValueId| matches!(before.op(v), Some(Op::Load { ptr }) if vars.promoted(*ptr) == Some(iv));
    // A shift by a constant below the width (the IR masks larger counts).
    let shift = |k: i128| (1..elem.bits() as i128).contains(&k).then_some(k as u32);
    let update = match before.op(*value)? {
        Op::Binary(BinaryOp::Add, x, k) if is_iv_load(*x) => Update::Add(all.int_constant(*k)?),
        Op::Binary(BinaryOp::Add, k, x) if is_iv_load(*x) => Update::Add(all.int_constant(*k)?),
        Op::Binary(BinaryOp::Sub, x, k) if is_iv_load(*x) => Update::Add(-all.int_constant(*k)?),
        Op::Binary(BinaryOp::Shr, x, k) if is_iv_load(*x) => {
            Update::Shr(shift(all.int_constant(*k)?)?)
        }
        Op::Binary(BinaryOp::Div, x, k) if is_iv_load(*x) && !elem.is_signed() => {
            let d = all.int_constant(*k)?;
            let log = (d > 1 && d.count_ones() == 1).then(|| d.trailing_zeros() as i128)?;
            Update::Shr(shift(log)?)
        }
        _ => return None,
    };
    (update != Update::Add(0)).then_some((update, at))
}

/// The value the statements `preceding` store last to `iv`, if the last statement that may
/// store it is a plain store at this level.
pub(crate) fn start_value(iv: LocalId, preceding: &[Stmt], vars: &Variables) -> Option<ValueId> {
    for s in preceding.iter().rev() {
        match s {
            Stmt::Store { ptr, value } if vars.promoted(*ptr) == Some(iv) => return Some(*value),
            Stmt::Let { .. } | Stmt::Store { .. } | Stmt::Barrier { .. } | Stmt::Fence { .. } => {}
            other => {
                let mut stores = false;
                walk_stmts(
                    &Block {
                        stmts: vec![other.clone()],
                    },
                    &mut |s| {
                        if let Stmt::Store { ptr, .. } = s {
                            stores |= vars.promoted(*ptr) == Some(iv);
                        }
                    },
                );
                if stores {
                    return None;
                }
            }
        }
    }
    None
}

/// Wraps `v` to the range of `elem`.
pub fn wrap(elem: ScalarType, v: i128) -> i128 {
    let bits = elem.bits();
    let m = 1i128 << bits;
    let u = v.rem_euclid(m);
    if elem.is_signed() && u >= m / 2 {
        u - m
    } else {
        u
    }
}

/// `a op b` on integers of `elem` (already in its range).
pub fn compare(op: CmpOp, a: i128, b: i128) -> bool {
    match op {
        CmpOp::Eq => a == b,
        CmpOp::Ne => a != b,
        CmpOp::Lt => a < b,
        CmpOp::Le => a <= b,
        CmpOp::Gt => a > b,
        CmpOp::Ge => a >= b,
    }
}

/// How many times `for (v = start; (cmp_elem) v op bound; v += step)` runs, `v` in `elem`
/// arithmetic and the test in `cmp_elem`'s, if at most [`MAX_COUNTED_TRIPS`].
pub fn count_trips(
    elem: ScalarType,
    cmp_elem: ScalarType,
    op: CmpOp,
    start: i128,
    bound: i128,
    step: i128,
) -> Option<u64> {
    count_updates(elem, cmp_elem, op, start, bound, |v| v + step)
}

/// How many times `for (v = start; (cmp_elem) v op bound; v = next(v))` runs, `v` wrapped to
/// `elem` after each update and tested in `cmp_elem`, if at most [`MAX_COUNTED_TRIPS`].
fn count_updates(
    elem: ScalarType,
    cmp_elem: ScalarType,
    op: CmpOp,
    start: i128,
    bound: i128,
    next: impl Fn(i128) -> i128,
) -> Option<u64> {
    let (mut v, bound) = (wrap(elem, start), wrap(cmp_elem, bound));
    let mut n = 0u64;
    while compare(op, wrap(cmp_elem, v), bound) {
        n += 1;
        if n > MAX_COUNTED_TRIPS {
            return None;
        }
        v = wrap(elem, next(v));
    }
    Some(n)
}
