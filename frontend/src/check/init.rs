//! Initializers: brace lists with nesting, brace elision and designators for
//! arrays, structs, unions and vectors; string literals for `char` arrays.

use super::Checker;
use crate::ast::{self, Designator, InitItem};
use crate::checked::{CType, Expr, ExprKind as K, Initializer, ScalarKind};
use crate::diagnostic::Diagnostic;
use crate::source::Span;

/// Array designators must index below this: the checked initializer keeps every element
/// before a designated one (a gap of 2^31 elements would take hundreds of gigabytes).
const MAX_DESIGNATED_INDEX: i128 = 1 << 20;

/// Position in a brace list shared by brace-elided sub-aggregates.
struct Cursor<'a> {
    items: &'a [InitItem],
    pos: usize,
}

fn slot_count(ty: &CType) -> usize {
    match ty {
        CType::Array { len, .. } => *len as usize,
        CType::Struct(s) => s.layout().map_or(0, |l| l.fields.len()),
        CType::Vector(_, n) => *n as usize,
        _ => 1,
    }
}

fn slot_type(ty: &CType, i: usize) -> CType {
    match ty {
        CType::Array { elem, .. } => (**elem).clone(),
        CType::Struct(s) => s.layout().expect("complete").fields[i].ty.clone(),
        CType::Vector(k, _) => CType::Scalar(*k),
        t => t.clone(),
    }
}

fn is_aggregate(ty: &CType) -> bool {
    matches!(
        ty,
        CType::Array { .. } | CType::Struct(_) | CType::Vector(..)
    )
}

fn is_char_array(ty: &CType) -> bool {
    matches!(ty, CType::Array { elem, .. }
        if matches!(**elem, CType::Scalar(ScalarKind::Char | ScalarKind::UChar)))
}

fn aggregate_word(ty: &CType) -> &'static str {
    match ty {
        CType::Array { .. } => "array",
        CType::Vector(..) => "vector",
        CType::Struct(s) if s.is_union() => "union",
        CType::Struct(_) => "struct",
        _ => "scalar",
    }
}

impl Checker {
    /// Checks an initializer against a target type.
    pub(crate) fn initializer(&mut self, i: &ast::Initializer, ty: &CType) -> Option<Initializer> {
        match i {
            ast::Initializer::Expr(e) => {
                if let (true, ast::ExprKind::StrLit(_)) = (is_char_array(ty), &e.kind) {
                    return self.string_init(e, ty);
                }
                let v = self.rvalue(e)?;
                let v = self.assign_convert(v, ty, e.span, "initializing")?;
                Some(Initializer::Expr(v))
            }
            ast::Initializer::List(items, span) => {
                // `char s[] = {"abc"}`: a string literal may be enclosed in braces (C99 6.7.8p14).
                if let ([item], true) = (items.as_slice(), is_char_array(ty)) {
                    if let (true, ast::Initializer::Expr(e)) =
                        (item.designators.is_empty(), &item.init)
                    {
                        if let ast::ExprKind::StrLit(_) = e.kind {
                            return self.string_init(e, ty);
                        }
                    }
                }
                if !is_aggregate(ty) {
                    let Some(first) = items.first() else {
                        return Some(Initializer::Zero);
                    };
                    if let Some(d) = first.designators.first() {
                        self.designator_error(d, ty);
                        return None;
                    }
                    if items.len() > 1 {
                        self.diags.push(Diagnostic::warning(
                            "W0303",
                            "excess elements in scalar initializer",
                            items[1].init.span(),
                        ));
                    }
                    return self.initializer(&first.init, ty);
                }
                let mut cur = Cursor { items, pos: 0 };
                let out = self.fill(&mut cur, ty, true, *span)?;
                if let Some(extra) = items.get(cur.pos) {
                    let msg = format!("excess elements in {} initializer", aggregate_word(ty));
                    if matches!(ty, CType::Vector(..)) {
                        self.error(Diagnostic::error("E0314", msg, extra.init.span()));
                        return None;
                    }
                    // C (and clang) only warn; the extra elements are ignored.
                    self.diags
                        .push(Diagnostic::warning("W0303", msg, extra.init.span()));
                }
                Some(out)
            }
        }
    }

    fn designator_error(&mut self, d: &Designator, ty: &CType) {
        let (msg, span) = match d {
            Designator::Field(f) => (
                format!(
                    "field designator '{}' does not refer to any field in type '{}'",
                    f.name,
                    ty.display()
                ),
                f.span,
            ),
            Designator::Index(_, s) => (
                format!(
                    "array designator cannot initialize non-array type '{}'",
                    ty.display()
                ),
                *s,
            ),
        };
        self.error(Diagnostic::error("E0314", msg, span));
    }

    /// Slot index selected by a designator in an aggregate of type `ty`.
    fn designator_index(&mut self, d: &Designator, ty: &CType) -> Option<usize> {
        match (d, ty) {
            (Designator::Field(f), CType::Struct(s)) => {
                let fields = &s.layout()?.fields;
                match fields.iter().position(|x| x.name == f.name) {
                    Some(i) => Some(i),
                    None => {
                        self.designator_error(d, ty);
                        None
                    }
                }
            }
            (Designator::Index(e, sp), CType::Array { .. } | CType::Vector(..)) => {
                let n = slot_count(ty) as i128;
                let v = self.const_int(e)?;
                if v < 0 || v >= n {
                    self.error(Diagnostic::error(
                        "E0314",
                        format!("array designator index ({v}) exceeds array bounds ({n})"),
                        *sp,
                    ));
                    return None;
                }
                if v >= MAX_DESIGNATED_INDEX {
                    self.error(Diagnostic::error(
                        "E0314",
                        format!(
                            "array designator index ({v}) is not supported by oclc: the elements before a designator are kept one by one, and designators reach at most element {}",
                            MAX_DESIGNATED_INDEX - 1
                        ),
                        *sp,
                    ));
                    return None;
                }
                Some(v as usize)
            }
            _ => {
                self.designator_error(d, ty);
                None
            }
        }
    }

    /// Fills the slots of aggregate `ty` from the cursor. `braced` is false for a
    /// brace-elided sub-aggregate, which stops at the next designator.
    fn fill(
        &mut self,
        cur: &mut Cursor,
        ty: &CType,
        braced: bool,
        span: Span,
    ) -> Option<Initializer> {
        if let CType::Struct(_) = ty {
            if !self.complete_object_type(ty, span, "initialized object") {
                return None;
            }
        }
        let n = slot_count(ty);
        let is_union = matches!(ty, CType::Struct(s) if s.is_union());
        // Grown on demand: an array of 2^31 elements with two initializers has two slots.
        let mut slots: Vec<Option<Initializer>> = Vec::new();
        let mut idx = 0usize;
        let mut ok = true;
        while let Some(item) = cur.items.get(cur.pos) {
            if let Some(first) = item.designators.first() {
                if !braced {
                    break;
                }
                let Some(i) = self.designator_index(first, ty) else {
                    cur.pos += 1;
                    ok = false;
                    continue;
                };
                let sty = slot_type(ty, i);
                let v = self.designated(&item.designators[1..], &item.init, &sty);
                match v {
                    Some(v) => {
                        let s = slot(&mut slots, i);
                        *s = Some(merge(s.take(), v))
                    }
                    None => ok = false,
                }
                if is_union {
                    for (j, s) in slots.iter_mut().enumerate() {
                        if j != i {
                            *s = None;
                        }
                    }
                }
                cur.pos += 1;
                idx = i + 1;
                continue;
            }
            if idx >= n || (is_union && idx >= 1) {
                break;
            }
            let sty = slot_type(ty, idx);
            let v = match &item.init {
                ast::Initializer::List(..) => {
                    cur.pos += 1;
                    self.initializer(&item.init, &sty)
                }
                ast::Initializer::Expr(e) if is_aggregate(&sty) => {
                    if let (true, ast::ExprKind::StrLit(_)) = (is_char_array(&sty), &e.kind) {
                        cur.pos += 1;
                        self.string_init(e, &sty)
                    } else if self.peek_type(e).is_some_and(|t| t == sty) {
                        cur.pos += 1;
                        self.initializer(&item.init, &sty)
                    } else {
                        self.fill(cur, &sty, false, e.span)
                    }
                }
                ast::Initializer::Expr(_) => {
                    cur.pos += 1;
                    self.initializer(&item.init, &sty)
                }
            };
            match v {
                Some(v) => *slot(&mut slots, idx) = Some(v),
                None => ok = false,
            }
            idx += 1;
        }
        if !ok {
            return None;
        }
        if let (CType::Vector(_, n), true) = (ty, braced) {
            let have = slots.iter().filter(|s| s.is_some()).count();
            if have < *n as usize {
                self.error(Diagnostic::error(
                    "E0314",
                    format!(
                        "too few elements in vector initialization (expected {n} elements, have {have})"
                    ),
                    span,
                ));
                return None;
            }
        }
        Some(self.finish(ty, slots, span))
    }

    /// Initializer for the sub-object reached through `rest` designators.
    fn designated(
        &mut self,
        rest: &[Designator],
        init: &ast::Initializer,
        ty: &CType,
    ) -> Option<Initializer> {
        let Some(d) = rest.first() else {
            return match (init, is_aggregate(ty)) {
                (ast::Initializer::Expr(e), true) if !is_char_array(ty) => {
                    if self.peek_type(e).is_some_and(|t| t == *ty) {
                        self.initializer(init, ty)
                    } else {
                        let items = [InitItem {
                            designators: Vec::new(),
                            init: init.clone(),
                        }];
                        let mut c = Cursor {
                            items: &items,
                            pos: 0,
                        };
                        self.fill(&mut c, ty, false, e.span)
                    }
                }
                _ => self.initializer(init, ty),
            };
        };
        if !is_aggregate(ty) {
            self.designator_error(d, ty);
            return None;
        }
        let i = self.designator_index(d, ty)?;
        let sty = slot_type(ty, i);
        let inner = self.designated(&rest[1..], init, &sty)?;
        let mut slots: Vec<Option<Initializer>> = Vec::new();
        *slot(&mut slots, i) = Some(inner);
        Some(self.finish(ty, slots, init.span()))
    }

    /// Builds the checked list (vectors become a vector literal).
    fn finish(&mut self, ty: &CType, slots: Vec<Option<Initializer>>, span: Span) -> Initializer {
        if let CType::Vector(k, n) = ty {
            let mut slots = slots.into_iter();
            let parts: Vec<Expr> = (0..*n)
                .map(|_| match slots.next() {
                    Some(Some(Initializer::Expr(e))) => e,
                    _ => zero_of(*k, span),
                })
                .collect();
            return Initializer::Expr(Expr {
                kind: K::VectorLiteral(parts),
                ty: ty.clone(),
                span,
            });
        }
        let mut v: Vec<Initializer> = slots
            .into_iter()
            .map(|s| s.unwrap_or(Initializer::Zero))
            .collect();
        while matches!(v.last(), Some(Initializer::Zero)) {
            v.pop();
        }
        Initializer::List(v)
    }

    /// Type of an expression, checked without reporting diagnostics.
    fn peek_type(&mut self, e: &ast::Expr) -> Option<CType> {
        let saved = std::mem::take(&mut self.diags);
        let t = self.rvalue(e).map(|v| v.ty);
        self.diags = saved;
        t
    }

    /// `char s[N] = "text"`.
    fn string_init(&mut self, e: &ast::Expr, ty: &CType) -> Option<Initializer> {
        let ast::ExprKind::StrLit(parts) = &e.kind else {
            unreachable!("string literal")
        };
        let bytes = self.string_bytes(parts, e.span)?;
        let CType::Array { elem, len } = ty else {
            unreachable!("char array")
        };
        let mut bytes = bytes;
        if bytes.len() as u64 > *len + 1 {
            self.diags.push(Diagnostic::warning(
                "W0303",
                "initializer-string for char array is too long",
                e.span,
            ));
        }
        bytes.truncate(*len as usize);
        let mut v: Vec<Initializer> = bytes
            .iter()
            .map(|b| {
                Initializer::Expr(Expr {
                    kind: K::IntConst(*b as i8 as i64 as u64),
                    ty: (**elem).clone(),
                    span: e.span,
                })
            })
            .collect();
        while v.len() as u64 > 0
            && matches!(v.last(), Some(Initializer::Expr(x)) if x.kind == K::IntConst(0))
        {
            v.pop();
        }
        Some(Initializer::List(v))
    }
}

/// Slot `i` of a list being filled, growing the list to reach it.
fn slot(slots: &mut Vec<Option<Initializer>>, i: usize) -> &mut Option<Initializer> {
    if slots.len() <= i {
        slots.resize(i + 1, None);
    }
    &mut slots[i]
}

fn zero_of(k: ScalarKind, span: Span) -> Expr {
    Expr {
        kind: if k.is_float() {
            K::FloatConst(0.0)
        } else {
            K::IntConst(0)
        },
        ty: CType::Scalar(k),
        span,
    }
}

/// Overlays a designated initializer on an earlier one for the same slot.
fn merge(old: Option<Initializer>, new: Initializer) -> Initializer {
    match (old, new) {
        (Some(Initializer::List(mut a)), Initializer::List(b)) => {
            for (i, x) in b.into_iter().enumerate() {
                if i < a.len() {
                    if x != Initializer::Zero {
                        let prev = std::mem::replace(&mut a[i], Initializer::Zero);
                        a[i] = merge(Some(prev), x);
                    }
                } else {
                    a.push(x);
                }
            }
            Initializer::List(a)
        }
        (_, n) => n,
    }
}
