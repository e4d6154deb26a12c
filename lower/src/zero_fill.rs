//! Zeroing runs of array elements (the elements an initializer list leaves out, `= {0}`):
//! one store per element for a short run, a loop over the elements beyond that, so that
//! the IR of `float a[65536] = {1};` does not grow with the array's length.

use std::ops::Range;

use oclc_frontend::checked::CType;
use oclc_frontend::source::Span;

use super::function::FnLower;
use super::LowerError;
use oclc_ir::module::Stmt;
use oclc_ir::op::{BinaryOp, CmpOp, Op, ValueId};
use oclc_ir::types::{ScalarType, TypeId};

/// Runs of at most this many elements are zeroed by one store each.
const UNROLLED_ELEMENTS: u64 = 16;

impl FnLower<'_, '_> {
    /// The type of a pointer to an element of the array `base` points to.
    pub(super) fn element_pointer(&mut self, base: ValueId, elem: &CType) -> TypeId {
        let elem_sty = self.sty(elem);
        let pt = self.b.value_type(base);
        let (space, _) = self.types().pointee(pt).expect("pointer");
        self.types().pointer(space, elem_sty)
    }

    /// Zeroes elements `range` of the array (of `elem`) that `base` points to.
    pub(super) fn zero_fill_elements(
        &mut self,
        base: ValueId,
        elem: &CType,
        range: Range<u64>,
        span: Span,
    ) -> Result<(), LowerError> {
        let pty = self.element_pointer(base, elem);
        if range.end.saturating_sub(range.start) <= UNROLLED_ELEMENTS {
            for i in range {
                let index = self.b.const_i64(i as i64);
                let addr = self.b.emit(Op::IndexAddr { base, index }, pty);
                self.zero_fill(addr, elem, span)?;
            }
            return Ok(());
        }
        // i = start; loop { if (i >= end) break; zero base[i]; continuing: i += 1 }
        let i64t = self.types().scalar(ScalarType::I64);
        let boolt = self.types().scalar(ScalarType::Bool);
        let counter = self.temp("zero_fill.i", i64t);
        let counter_addr = self.b.local_addr(counter);
        let start = self.b.const_i64(range.start as i64);
        self.b.store(counter_addr, start);

        self.b.open_block();
        let index = self.b.load(counter_addr);
        let end = self.b.const_i64(range.end as i64);
        let done = self.b.emit(Op::Compare(CmpOp::Ge, index, end), boolt);
        self.b.push_break_if(done);
        let addr = self.b.emit(Op::IndexAddr { base, index }, pty);
        self.zero_fill(addr, elem, span)?;
        let body = self.b.close_block();

        self.b.open_block();
        let current = self.b.load(counter_addr);
        let one = self.b.const_i64(1);
        let next = self.b.emit(Op::Binary(BinaryOp::Add, current, one), i64t);
        self.b.store(counter_addr, next);
        let continuing = self.b.close_block();
        self.b.push(Stmt::Loop {
            body,
            continuing,
            break_if: None,
            unroll: oclc_ir::Unroll::Auto,
        });
        Ok(())
    }
}
