//! Conditional expressions `c ? a : b`. A right-nested chain `c0 ? v0 : c1 ? v1 : ... : vN`
//! (how generated lookup tables are written) is lowered with a loop, not a recursion, into
//! one `if`/`else if` nest storing to a single temporary, read once after the nest. One
//! temporary per level, each read after its inner level and stored again on the way out,
//! left every level's condition live across all inner levels: the CPU backend's register
//! allocation took cubic time on it (34 s for 400 levels), and the passes' work grew with
//! the square of the depth. A chain whose inner conditions and values are all simple
//! (`x == 3 ? 17u : ...`) needs no control flow at all: it becomes a chain of `select`s.

use oclc_frontend::checked::{self as ck, ExprKind};
use oclc_frontend::source::Span;
use oclc_ir::module::{Block, Stmt};
use oclc_ir::op::{Op, ValueId};

use super::expr::is_simple;
use super::function::FnLower;
use super::LowerError;

/// A level of the chain whose `if` is not closed yet.
struct Level {
    cond: ValueId,
    then_body: Block,
    /// The first value made for the level (its values without a span get its span).
    first: u32,
    span: Span,
}

impl FnLower<'_, '_> {
    /// Lowers the conditional expression `e` (of kind `Ternary`) and the conditional
    /// expressions of its type nested in its `else` operand, without recursing on them.
    pub(crate) fn ternary(&mut self, e: &ck::Expr) -> Result<ValueId, LowerError> {
        let ExprKind::Ternary { cond, then, els } = &e.kind else {
            unreachable!("ternary() on a non-conditional expression");
        };
        if is_simple(then) && is_simple(els) {
            let c = self.expr(cond)?;
            let c = self.num_to_bool(c);
            let a = self.expr(then)?;
            let b = self.expr(els)?;
            let ty = self.vty(&e.ty);
            return Ok(self.b.emit(
                Op::Select {
                    cond: c,
                    if_true: a,
                    if_false: b,
                },
                ty,
            ));
        }
        if let Some(levels) = select_chain(e) {
            return self.select_chain(e, &levels);
        }
        let sty = self.sty(&e.ty);
        let tmp = self.temp("cond.tmp", sty);
        let mut open: Vec<Level> = Vec::new();
        let mut cur = e;
        let result = loop {
            let ExprKind::Ternary { cond, then, els } = &cur.kind else {
                unreachable!("the chain holds conditional expressions only");
            };
            let first = self.b.value_count();
            let c = self.expr(cond)?;
            let c = self.num_to_bool(c);
            self.b.open_block();
            let a = self.expr(then)?;
            let a = self.storage_form(a, &e.ty);
            let addr = self.b.local_addr(tmp);
            self.b.store(addr, a);
            let then_body = self.b.close_block();
            self.b.open_block();
            open.push(Level {
                cond: c,
                then_body,
                first,
                span: cur.span,
            });
            let chained = matches!(&els.kind, ExprKind::Ternary { then: t, els: f, .. }
                if els.ty == e.ty && !(is_simple(t) && is_simple(f)));
            if chained {
                cur = els;
                continue;
            }
            break self.expr(els);
        };
        // On an error the open blocks are abandoned with the function's lowering.
        let b = result?;
        let b = self.storage_form(b, &e.ty);
        let addr = self.b.local_addr(tmp);
        self.b.store(addr, b);
        while let Some(level) = open.pop() {
            let else_body = self.b.close_block();
            self.b.push(Stmt::If {
                cond: level.cond,
                then_body: level.then_body,
                else_body,
            });
            if !open.is_empty() {
                self.b
                    .fill_spans(level.first, super::source_span(level.span));
            }
        }
        let addr = self.b.local_addr(tmp);
        let v = self.b.load(addr);
        Ok(self.value_form(v, &e.ty))
    }

    /// Lowers a chain of `select_chain`'s levels to `select`s: the outermost condition
    /// first (it may have side effects, which the rest must see), then the inner levels
    /// innermost first, so that each condition is used as soon as it is computed.
    fn select_chain(&mut self, e: &ck::Expr, levels: &[&ck::Expr]) -> Result<ValueId, LowerError> {
        let ty = self.vty(&e.ty);
        let (Some(outer), Some(last)) = (levels.first(), levels.last()) else {
            unreachable!("a select chain has levels");
        };
        let (outer_cond, outer_then, _) = parts(outer);
        let c0 = self.expr(outer_cond)?;
        let c0 = self.num_to_bool(c0);
        let mut acc = self.expr(parts(last).2)?;
        for level in levels[1..].iter().rev() {
            let (cond, then, _) = parts(level);
            let first = self.b.value_count();
            let c = self.expr(cond)?;
            let c = self.num_to_bool(c);
            let a = self.expr(then)?;
            acc = self.b.emit(
                Op::Select {
                    cond: c,
                    if_true: a,
                    if_false: acc,
                },
                ty,
            );
            self.b.fill_spans(first, super::source_span(level.span));
        }
        let a = self.expr(outer_then)?;
        Ok(self.b.emit(
            Op::Select {
                cond: c0,
                if_true: a,
                if_false: acc,
            },
            ty,
        ))
    }
}

/// The levels of `e` when it is a chain `c0 ? v0 : c1 ? v1 : ... : vN` of at least two
/// levels of its type whose inner conditions and all values are simple (`is_simple`: no
/// side effect, no trap, cheap), outermost first: such a chain computes every level and
/// selects, without control flow (the outermost condition, evaluated first, may be
/// anything). A lookup table written this way would otherwise nest
/// one `if` per level, past SPIR-V's limit of 1023 nested control-flow constructs, and
/// Cranelift takes minutes on a deep nest.
fn select_chain(e: &ck::Expr) -> Option<Vec<&ck::Expr>> {
    let mut levels = Vec::new();
    let mut cur = e;
    loop {
        let ExprKind::Ternary { cond, then, els } = &cur.kind else {
            unreachable!("the chain holds conditional expressions only");
        };
        if !is_simple(then) || (!levels.is_empty() && !is_simple(cond)) {
            return None;
        }
        levels.push(cur);
        match &els.kind {
            ExprKind::Ternary { .. } if els.ty == e.ty => cur = els,
            _ if is_simple(els) && levels.len() >= 2 => return Some(levels),
            _ => return None,
        }
    }
}

/// The condition and operands of a conditional expression of the chain.
fn parts(e: &ck::Expr) -> (&ck::Expr, &ck::Expr, &ck::Expr) {
    match &e.kind {
        ExprKind::Ternary { cond, then, els } => (cond, then, els),
        _ => unreachable!("the chain holds conditional expressions only"),
    }
}
