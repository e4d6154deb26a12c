//! How many chunks an interleaved region runs per iteration of its chunk loop
//! (`crate::codegen::vector::interleave`): four where each of the region's innermost loops
//! keeps few vector registers per chunk live, else two.
//!
//! Why. A running sum (`sum += f[c] * in[c]`) is a chain of dependent additions, each
//! waiting for the last (3 cycles on the development machine's Zen 3, 4 on many Intel
//! cores); OpenCL fixes their order, so the only parallelism is across work-items. Two
//! chunks keep 8 work-items' chains in flight, four keep 16. But x86-64 has 16 vector
//! registers, and Cranelift issues a block's loads before the arithmetic that uses them, so
//! every chunk's loads of one iteration and its loop-carried values are live together:
//! four chunks of a loop with too many of them spill.
//!
//! Rule. A loop's *pressure* per chunk is the vector registers of its varying loads from
//! memory (not private variables, which live in registers; uniform loads are shared by the
//! chunks; loads placed by their uses, [`super::movable_loads`], count once: one is live at
//! a time) plus those of the private variables it stores varying values to (what it
//! carries from one iteration to the next); a value of `s` bytes per work-item takes
//! `ceil(4 s / 16)` registers in a chunk of four lanes. Four chunks when every innermost
//! loop has `4 x pressure <= 12` and no loop of the region is left by lanes at different
//! iterations (those run masks per chunk: Mandelbrot's escape loop ran 1.5x slower with
//! four). The CPU unrolls loops of run-time trip count by 2 (`crate::pipeline`), so the
//! chapter's Convolve has two input loads and one sum per iteration: pressure 3, or 2 when
//! the launch's buffers are distinct and its loads are placed by their uses.
//!
//! Measured (bench/results/middle-end.txt, stop 47, one thread, Zen 3): the chapter's
//! Convolve at width 8 7.67 -> 5.57 ms with four chunks and unrolling by 2 (unrolling by 4
//! with four chunks spilled: 8.94); ConvolveFloat4 (a float4 sum: pressure 8) ran 1.2-1.3x
//! slower with four and keeps two. The hand-unrolled ConvolveUnroll (eight loads per
//! iteration) ran 1.18x slower with four until its loads were placed by their uses; now its
//! pressure is 2 and it runs four.

use std::collections::HashSet;

use oclc_ir::{AddressSpace, Function, Op, Stmt, TypeTable, ValueId};

use super::{loop_is_divergent, Uniformity, LANES};

/// Vector registers the chunks of an interleaved region may fill in one loop iteration.
const REGISTER_BUDGET: u64 = 12;

/// Bytes of one x86-64 vector register.
const REGISTER_BYTES: u64 = 16;

/// The number of chunks (2 or 4) region `stmts` runs interleaved, for a region that
/// [`super::interleaves_chunks`] accepts; `movable`: the loads placed by their uses.
pub fn interleaved_chunk_count(
    types: &TypeTable,
    func: &Function,
    stmts: &[Stmt],
    u: &Uniformity,
    movable: &HashSet<ValueId>,
) -> usize {
    let mut fits = true;
    oclc_ir::walk_stmt_list(stmts, &mut |s| {
        if let Stmt::Loop {
            body,
            continuing,
            break_if,
            ..
        } = s
        {
            if loop_is_divergent(body, continuing, *break_if, u) {
                fits = false;
            } else if is_innermost(&body.stmts) && is_innermost(&continuing.stmts) {
                let per_chunk = pressure(types, func, &body.stmts, u, movable)
                    + pressure(types, func, &continuing.stmts, u, movable);
                fits &= 4 * per_chunk <= REGISTER_BUDGET;
            }
        }
    });
    if fits {
        4
    } else {
        2
    }
}

/// True when `stmts` hold no loop.
fn is_innermost(stmts: &[Stmt]) -> bool {
    let mut found = false;
    oclc_ir::walk_stmt_list(stmts, &mut |s| found |= matches!(s, Stmt::Loop { .. }));
    !found
}

/// Vector registers per chunk of the varying loads from memory in `stmts` (the widest of
/// those in `movable` once) and of the private variables they store varying values to
/// (each variable once).
fn pressure(
    types: &TypeTable,
    func: &Function,
    stmts: &[Stmt],
    u: &Uniformity,
    movable: &HashSet<ValueId>,
) -> u64 {
    let registers = |v| {
        let bytes = types.layout(func.value_type(v)).size;
        (bytes * LANES as u64).div_ceil(REGISTER_BYTES).max(1)
    };
    let is_private = |ptr| {
        types
            .pointee(func.value_type(ptr))
            .is_some_and(|(space, _)| space == AddressSpace::Private)
    };
    let mut total = 0;
    let mut widest_movable = 0;
    let mut carried = Vec::new();
    oclc_ir::walk_stmt_list(stmts, &mut |s| match s {
        Stmt::Let {
            value,
            op: Op::Load { ptr },
        } if u.is_varying(*value) && !is_private(*ptr) => {
            if movable.contains(value) {
                widest_movable = widest_movable.max(registers(*value));
            } else {
                total += registers(*value);
            }
        }
        Stmt::Store { ptr, value }
            if u.is_varying(*value) && is_private(*ptr) && !carried.contains(ptr) =>
        {
            carried.push(*ptr);
            total += registers(*value);
        }
        _ => {}
    });
    total + widest_movable
}
