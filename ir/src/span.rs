//! Source locations of IR values, kept beside a function's body so that errors raised
//! after the lowering (by passes and backends) can point at the source expression.
//!
//! A [`SourceSpan`] is the IR's own copy of a front-end span (a file number of the
//! compilation's source map and a byte range in it); the driver maps it back to a file,
//! line and column. Spans are side information: the IR text form does not print them.

use crate::op::ValueId;

/// A half-open byte range `[start, end)` of one source file of the compilation (`file` is
/// the front end's file id for it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct SourceSpan {
    /// The file, as numbered by the front end's source map.
    pub file: u32,
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

/// The source span of each value of a function that has one, indexed by [`ValueId`]
/// (values created by passes usually have none). Cheap to keep: one optional span per
/// value, and values past the end have none.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SpanTable {
    spans: Vec<Option<SourceSpan>>,
}

impl SpanTable {
    /// The span of `v`, if it has one.
    pub fn get(&self, v: ValueId) -> Option<SourceSpan> {
        self.spans.get(v.0 as usize).copied().flatten()
    }

    /// Gives `v` the span `span`.
    pub fn set(&mut self, v: ValueId, span: SourceSpan) {
        let i = v.0 as usize;
        if self.spans.len() <= i {
            self.spans.resize(i + 1, None);
        }
        self.spans[i] = Some(span);
    }

    /// Gives `v` the span `span` unless it already has one.
    pub fn set_if_none(&mut self, v: ValueId, span: SourceSpan) {
        if self.get(v).is_none() {
            self.set(v, span);
        }
    }

    /// Gives `to` the span of `from` (when `from` has one and `to` has none): for a pass
    /// that replaces `from` by a new value `to`.
    pub fn inherit(&mut self, to: ValueId, from: ValueId) {
        if let Some(s) = self.get(from) {
            self.set_if_none(to, s);
        }
    }

    /// Gives every value numbered from `first` up to (not including) `end` that has no
    /// span yet the span `span`: how the lowering gives an expression's span to the values
    /// it created for it after its operands took theirs.
    pub fn fill(&mut self, first: u32, end: u32, span: SourceSpan) {
        for v in first..end {
            self.set_if_none(ValueId(v), span);
        }
    }

    /// True when no value has a span.
    pub fn is_empty(&self) -> bool {
        self.spans.iter().all(Option::is_none)
    }
}
