//! Which signed integer values of a function are known to be non-negative, following the
//! control flow: `if (n < 1) n = -n + 1;` leaves `n` positive on both paths, and a loop
//! whose every store to `n` keeps it non-negative keeps it so in every iteration (the
//! Collatz step `n = (n & 1) ? 3 * n + 1 : n / 2`).
//!
//! Scope: scalar `int` and `long` values of user code (not oclc's library, whose bit
//! manipulations may wrap). A `size_t` converted to `int` may wrap, so only the work-item
//! queries bounded by the work-group (`get_local_id`, `get_local_size`, `get_work_dim`)
//! are taken as non-negative after such a conversion; `(int)get_global_id(0)` is not.
//! Signed overflow is undefined in OpenCL C as in C (clang marks the same operations
//! `nsw`), so `a + b` of non-negative values is taken as non-negative.
//!
//! How: one walk over the structured statements keeps, for every private `int`/`long`
//! variable that behaves as a register ([`crate::analysis::vars`]), whether it holds a
//! non-negative value and which value it was last given. A value is judged where it is
//! defined (it never changes afterwards), from its operands' signs and from what the
//! enclosing conditions say (`x < 1` makes `x <= 0` in the `then` branch and `x >= 1` in
//! the `else` branch; after `if (c) break;` the rest of the block knows `!c`). Paths meet
//! by keeping what holds on each; a loop is walked again from the meeting of its entry and
//! its back edge until that stops changing (facts only ever drop, so this ends), so the
//! last walk's judgements are those of a state that holds in every iteration. A `switch`
//! forgets the variables its cases store. A walk that grows past a budget proportional to
//! the function gives up and knows nothing.

use crate::fx::{HashMap, HashSet};

use crate::analysis::loops::{inverse, swapped};
use crate::analysis::vars::{variables, Variables};
use crate::module::{Block, Function, LocalId, Stmt};
use crate::op::{BinaryOp, CmpOp, MathFn, Op, UnaryOp, ValueId, WorkItemQuery};
use crate::types::{ScalarType, Type, TypeTable};

/// The `int`/`long` `div` and `rem` values of `f` whose dividend is known to be
/// non-negative where they are computed (empty for library functions).
pub fn nonneg_dividends(types: &TypeTable, f: &Function) -> HashSet<ValueId> {
    if f.is_library || !has_wide_signed_division(types, f) {
        return HashSet::default();
    }
    let vars = variables(f, types);
    let tracked = (0..f.locals.len())
        .map(|l| vars.is_promotable(LocalId(l as u32)) && is_wide_signed(types, f.locals[l].ty))
        .collect::<Vec<_>>();
    let mut walk = Walk {
        types,
        f,
        vars,
        tracked,
        sign: vec![Sign::Unknown; f.value_types.len()],
        dividend_nonneg: vec![false; f.value_types.len()],
        facts: condition_parts(f),
        refined: Vec::new(),
        frames: Vec::new(),
        steps: 0,
        budget: 64 * crate::module::count_stmts(&f.body.stmts) + 10_000,
    };
    let entry = State {
        vars: vec![VarFact::default(); f.locals.len()],
    };
    walk.block(&f.body, Some(entry));
    if walk.steps > walk.budget {
        return HashSet::default();
    }
    walk.dividend_nonneg
        .iter()
        .enumerate()
        .filter(|(_, known)| **known)
        .map(|(i, _)| ValueId(i as u32))
        .collect()
}

/// What is known of a value's sign.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sign {
    Unknown,
    /// `>= 0`.
    NonNeg,
    /// `<= 0`.
    NonPos,
}

/// What is known of a tracked variable at a point.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct VarFact {
    /// It holds a non-negative value.
    nonneg: bool,
    /// The value it was last given, when that is the same on every path here.
    holds: Option<ValueId>,
}

/// The variables' facts at a reachable point.
#[derive(Clone, Debug, PartialEq, Eq)]
struct State {
    vars: Vec<VarFact>,
}

impl State {
    /// What holds on both paths.
    fn meet(&mut self, other: &State) {
        for (a, b) in self.vars.iter_mut().zip(&other.vars) {
            a.nonneg &= b.nonneg;
            if a.holds != b.holds {
                a.holds = None;
            }
        }
    }
}

/// The meeting of two maybe-unreachable states (`None`: no path reaches the point).
fn meet(a: Option<State>, b: Option<State>) -> Option<State> {
    match (a, b) {
        (Some(mut a), Some(b)) => {
            a.meet(&b);
            Some(a)
        }
        (a, None) => a,
        (None, b) => b,
    }
}

/// An enclosing statement that `break`/`continue` reach.
enum Frame {
    Loop {
        breaks: Option<State>,
        continues: Option<State>,
    },
    /// A `switch` (its `break`s leave it; its exit state is computed conservatively).
    Switch,
}

struct Walk<'a> {
    types: &'a TypeTable,
    f: &'a Function,
    vars: Variables,
    /// By variable number: a register-like `int`/`long` variable.
    tracked: Vec<bool>,
    /// Every value's sign as judged at its definition (the last walk's judgement).
    sign: Vec<Sign>,
    /// By value number: a `div`/`rem` whose dividend is non-negative where it is computed
    /// (the last walk's judgement).
    dividend_nonneg: Vec<bool>,
    /// The definitions conditions are made of (constants, comparisons, `!`, `&`, `|`) and
    /// work-item queries.
    facts: HashMap<ValueId, Op>,
    /// Signs that the enclosing conditions give to values, innermost last.
    refined: Vec<(ValueId, Sign)>,
    frames: Vec<Frame>,
    steps: usize,
    budget: usize,
}

impl Walk<'_> {
    /// Walks `block` from `state`; returns the state where it falls through.
    fn block(&mut self, block: &Block, mut state: Option<State>) -> Option<State> {
        let refined_at_start = self.refined.len();
        for s in &block.stmts {
            self.steps += 1;
            if state.is_none() || self.steps > self.budget {
                state = None;
                break;
            }
            state = self.stmt(s, state);
        }
        self.settle(&mut state);
        self.refined.truncate(refined_at_start);
        state
    }

    fn stmt(&mut self, s: &Stmt, state: Option<State>) -> Option<State> {
        let mut state = state?;
        match s {
            Stmt::Let { value, op } => {
                let tracked = self.is_tracked_type(*value);
                let sign = if tracked {
                    self.judge(op, &state)
                } else {
                    Sign::Unknown
                };
                self.sign[value.0 as usize] = sign;
                if let (true, Op::Binary(BinaryOp::Div | BinaryOp::Rem, x, _)) = (tracked, op) {
                    self.dividend_nonneg[value.0 as usize] = self.sign_of(*x) == Sign::NonNeg;
                }
                Some(state)
            }
            Stmt::Store { ptr, value } => {
                if let Some(l) = self.tracked_var(*ptr) {
                    state.vars[l.0 as usize] = VarFact {
                        nonneg: self.sign_of(*value) == Sign::NonNeg,
                        holds: Some(*value),
                    };
                }
                Some(state)
            }
            Stmt::If {
                cond,
                then_body,
                else_body,
            } => {
                let at = self.refined.len();
                self.refine(*cond, true);
                let then_end = self.block(then_body, Some(state.clone()));
                self.refined.truncate(at);
                self.refine(*cond, false);
                let else_end = self.block(else_body, Some(state));
                self.refined.truncate(at);
                // Only one branch falls through: what chose it holds after the `if` too.
                match (then_end.is_some(), else_end.is_some()) {
                    (true, false) => self.refine(*cond, true),
                    (false, true) => self.refine(*cond, false),
                    _ => {}
                }
                meet(then_end, else_end)
            }
            Stmt::Loop {
                body,
                continuing,
                break_if,
                ..
            } => self.loop_stmt(body, continuing, break_if.is_some(), state),
            Stmt::Break => {
                let state = self.settled(state);
                if let Some(Frame::Loop { breaks, .. }) = self.frames.last_mut() {
                    *breaks = meet(breaks.take(), Some(state));
                }
                None
            }
            Stmt::Continue => {
                let state = self.settled(state);
                let frame = self
                    .frames
                    .iter_mut()
                    .rev()
                    .find(|f| matches!(f, Frame::Loop { .. }));
                if let Some(Frame::Loop { continues, .. }) = frame {
                    *continues = meet(continues.take(), Some(state));
                }
                None
            }
            Stmt::Return(_) => None,
            Stmt::Switch { cases, .. } => {
                // The cases start from the entry without what any case stores, which also
                // covers entering one by falling through from another.
                for case in cases {
                    self.forget_stored(&case.body, &mut state);
                }
                self.frames.push(Frame::Switch);
                for case in cases {
                    self.block(&case.body, Some(state.clone()));
                }
                self.frames.pop();
                Some(state)
            }
            Stmt::Barrier { .. } | Stmt::Fence { .. } => Some(state),
        }
    }

    /// Walks a loop from `entry` until the state at its head stops changing; returns the
    /// state after it.
    fn loop_stmt(
        &mut self,
        body: &Block,
        continuing: &Block,
        has_break_if: bool,
        entry: State,
    ) -> Option<State> {
        let mut head = entry.clone();
        loop {
            self.frames.push(Frame::Loop {
                breaks: None,
                continues: None,
            });
            let body_end = self.block(body, Some(head.clone()));
            let continues = match self.frames.last_mut() {
                Some(Frame::Loop { continues, .. }) => continues.take(),
                _ => None,
            };
            let back = self.block(continuing, meet(body_end, continues));
            let Some(Frame::Loop { breaks, .. }) = self.frames.pop() else {
                unreachable!("the loop's own frame");
            };
            let exit = if has_break_if {
                meet(breaks, back.clone())
            } else {
                breaks
            };
            let mut next = entry.clone();
            if let Some(back) = &back {
                next.meet(back);
            }
            if next == head || self.steps > self.budget {
                return exit;
            }
            head = next;
        }
    }

    /// Marks every tracked variable that `block` stores as unknown in `state`.
    fn forget_stored(&self, block: &Block, state: &mut State) {
        crate::module::walk_stmts(block, &mut |s| {
            if let Stmt::Store { ptr, .. } = s {
                if let Some(l) = self.tracked_var(*ptr) {
                    state.vars[l.0 as usize] = VarFact::default();
                }
            }
        });
    }

    /// Records in `state`, before the conditions of the block it ends are dropped, which
    /// variables hold a value those conditions made non-negative.
    fn settle(&self, state: &mut Option<State>) {
        let Some(state) = state else { return };
        for fact in &mut state.vars {
            if let Some(v) = fact.holds {
                fact.nonneg |= self.sign_of(v) == Sign::NonNeg;
            }
        }
    }

    /// `state` settled (see [`Walk::settle`]).
    fn settled(&self, state: State) -> State {
        let mut state = Some(state);
        self.settle(&mut state);
        state.expect("a reachable state stays reachable")
    }

    /// The tracked variable `ptr` addresses, if any.
    fn tracked_var(&self, ptr: ValueId) -> Option<LocalId> {
        self.vars
            .promoted(ptr)
            .filter(|l| self.tracked[l.0 as usize])
    }

    fn is_tracked_type(&self, v: ValueId) -> bool {
        is_wide_signed(self.types, self.f.value_type(v))
    }

    /// The sign of `v` here: its judgement, or what an enclosing condition says.
    fn sign_of(&self, v: ValueId) -> Sign {
        let judged = self.sign[v.0 as usize];
        if judged != Sign::Unknown {
            return judged;
        }
        self.refined
            .iter()
            .rev()
            .find(|(r, _)| *r == v)
            .map_or(Sign::Unknown, |(_, s)| *s)
    }

    /// The constant `v` is, as a signed number.
    fn constant(&self, v: ValueId) -> Option<i64> {
        match self.facts.get(&v)? {
            Op::Const(c) if c.ty.is_int() => Some(c.as_i64()),
            _ => None,
        }
    }

    /// Adds what `cond` being `truth` says about the signs of its operands.
    fn refine(&mut self, cond: ValueId, truth: bool) {
        let Some(op) = self.facts.get(&cond) else {
            return;
        };
        match op {
            Op::Unary(UnaryOp::Not, c) => self.refine(*c, !truth),
            Op::Binary(BinaryOp::And, a, b) if truth => {
                let (a, b) = (*a, *b);
                self.refine(a, true);
                self.refine(b, true);
            }
            Op::Binary(BinaryOp::Or, a, b) if !truth => {
                let (a, b) = (*a, *b);
                self.refine(a, false);
                self.refine(b, false);
            }
            Op::Compare(cmp, a, b) => {
                let (cmp, a, b) = (*cmp, *a, *b);
                let cmp = if truth { cmp } else { inverse(cmp) };
                if self.is_tracked_type(a) {
                    self.refine_compare(a, cmp, b);
                    self.refine_compare(b, swapped(cmp), a);
                }
            }
            _ => {}
        }
    }

    /// Adds what `x cmp other` says about the sign of `x`.
    fn refine_compare(&mut self, x: ValueId, cmp: CmpOp, other: ValueId) {
        let bound = match self.constant(other) {
            Some(k) => Bound::Const(k),
            None => Bound::Sign(self.sign_of(other)),
        };
        let sign = match (cmp, bound) {
            (CmpOp::Lt, Bound::Const(k)) if k <= 1 => Sign::NonPos,
            (CmpOp::Le, Bound::Const(k)) if k <= 0 => Sign::NonPos,
            (CmpOp::Gt, Bound::Const(k)) if k >= -1 => Sign::NonNeg,
            (CmpOp::Ge, Bound::Const(k)) if k >= 0 => Sign::NonNeg,
            (CmpOp::Eq, Bound::Const(k)) if k >= 0 => Sign::NonNeg,
            (CmpOp::Eq, Bound::Const(_)) => Sign::NonPos,
            (CmpOp::Lt | CmpOp::Le, Bound::Sign(Sign::NonPos)) => Sign::NonPos,
            (CmpOp::Gt | CmpOp::Ge, Bound::Sign(Sign::NonNeg)) => Sign::NonNeg,
            (CmpOp::Eq, Bound::Sign(s)) => s,
            _ => Sign::Unknown,
        };
        if sign != Sign::Unknown && self.sign_of(x) == Sign::Unknown {
            self.refined.push((x, sign));
        }
    }

    /// The sign of the value `op` computes (of a tracked type) in `state`.
    fn judge(&self, op: &Op, state: &State) -> Sign {
        use Sign::{NonNeg, NonPos, Unknown};
        let s = |v: &ValueId| self.sign_of(*v);
        match op {
            Op::Const(c) if c.ty.is_int() => match c.as_i64() {
                k if k >= 0 => NonNeg,
                _ => NonPos,
            },
            Op::Binary(bin, a, b) => match (bin, s(a), s(b)) {
                (BinaryOp::Add, NonNeg, NonNeg) | (BinaryOp::Sub, NonNeg, NonPos) => NonNeg,
                (BinaryOp::Add, NonPos, NonPos) | (BinaryOp::Sub, NonPos, NonNeg) => NonPos,
                (BinaryOp::Mul, NonNeg, NonNeg) | (BinaryOp::Mul, NonPos, NonPos) => NonNeg,
                (BinaryOp::Mul, NonNeg, NonPos) | (BinaryOp::Mul, NonPos, NonNeg) => NonPos,
                (BinaryOp::Div, NonNeg, NonNeg) => NonNeg,
                (BinaryOp::Rem | BinaryOp::Shr, sign, _) => sign,
                (BinaryOp::And, NonNeg, _) | (BinaryOp::And, _, NonNeg) => NonNeg,
                (BinaryOp::Or | BinaryOp::Xor, NonNeg, NonNeg) => NonNeg,
                _ => Unknown,
            },
            Op::Unary(UnaryOp::Neg, a) => match s(a) {
                NonPos => NonNeg,
                NonNeg => NonPos,
                Unknown => Unknown,
            },
            Op::Select {
                if_true, if_false, ..
            } => match (s(if_true), s(if_false)) {
                (x, y) if x == y => x,
                _ => Unknown,
            },
            Op::Math { func, args } => {
                let signs: Vec<Sign> = args.iter().map(s).collect();
                match (func, signs.as_slice()) {
                    (MathFn::Max, [x, y]) if *x == NonNeg || *y == NonNeg => NonNeg,
                    (MathFn::Min, [NonNeg, NonNeg]) => NonNeg,
                    (MathFn::Min, [x, y]) if *x == NonPos || *y == NonPos => NonPos,
                    (MathFn::Clamp, [_, NonNeg, NonNeg]) => NonNeg,
                    _ => Unknown,
                }
            }
            // A local id or size, or the dimension count, fits any signed type: a work-group
            // holds far fewer than 2^31 work-items.
            Op::Convert { value, .. } if self.is_small_query(*value) => NonNeg,
            Op::Convert {
                value, saturate, ..
            } => match self.types.get(self.f.value_type(*value)) {
                // Zero-extended into a wider signed type.
                Type::Scalar(from) if from.is_int() && !from.is_signed() => {
                    if from.bits() < self.result_bits(op) {
                        NonNeg
                    } else {
                        Unknown
                    }
                }
                // Sign-extension keeps the sign; so does a saturating narrowing.
                Type::Scalar(from) if from.is_int() => {
                    if *saturate || from.bits() <= self.result_bits(op) {
                        s(value)
                    } else {
                        Unknown
                    }
                }
                _ => Unknown,
            },
            Op::Load { ptr } => match self.tracked_var(*ptr) {
                Some(l) => {
                    let fact = state.vars[l.0 as usize];
                    if fact.nonneg || fact.holds.is_some_and(|v| self.sign_of(v) == NonNeg) {
                        NonNeg
                    } else {
                        Unknown
                    }
                }
                None => Unknown,
            },
            _ => Unknown,
        }
    }

    /// True when `v` is `get_local_id`, `get_local_size` or `get_work_dim`.
    fn is_small_query(&self, v: ValueId) -> bool {
        matches!(
            self.facts.get(&v),
            Some(Op::WorkItem {
                query: WorkItemQuery::LocalId | WorkItemQuery::LocalSize | WorkItemQuery::WorkDim,
                ..
            })
        )
    }

    /// The width of the scalar type a conversion `op` produces.
    fn result_bits(&self, op: &Op) -> u32 {
        match op {
            Op::Convert { to, .. } => match self.types.get(*to) {
                Type::Scalar(t) => t.bits(),
                _ => 0,
            },
            _ => 0,
        }
    }
}

/// The other side of a comparison with a known constant or sign.
#[derive(Clone, Copy)]
enum Bound {
    Const(i64),
    Sign(Sign),
}

/// True for the scalar types the analysis judges: `int` and `long`.
fn is_wide_signed(types: &TypeTable, ty: crate::types::TypeId) -> bool {
    matches!(
        types.get(ty),
        Type::Scalar(ScalarType::I32 | ScalarType::I64)
    )
}

/// True when `f` divides an `int` or `long` (the only users of the analysis so far).
fn has_wide_signed_division(types: &TypeTable, f: &Function) -> bool {
    let mut found = false;
    crate::module::walk_stmts(&f.body, &mut |s| {
        if let Stmt::Let {
            value,
            op: Op::Binary(BinaryOp::Div | BinaryOp::Rem, ..),
        } = s
        {
            found |= is_wide_signed(types, f.value_type(*value));
        }
    });
    found
}

/// The `let`s of `f` that conditions are made of, and its work-item queries (see
/// [`Walk::facts`]).
fn condition_parts(f: &Function) -> HashMap<ValueId, Op> {
    let mut parts = HashMap::default();
    crate::module::walk_stmts(&f.body, &mut |s| {
        if let Stmt::Let { value, op } = s {
            let part = matches!(
                op,
                Op::Const(_)
                    | Op::Compare(..)
                    | Op::Unary(UnaryOp::Not, _)
                    | Op::Binary(BinaryOp::And | BinaryOp::Or, ..)
                    | Op::WorkItem { .. }
            );
            if part {
                parts.insert(*value, op.clone());
            }
        }
    });
    parts
}
