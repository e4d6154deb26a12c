//! The per-thread scratch memory of a launch, kept between launches.
//!
//! Every thread running work-groups needs its own `__local` areas, per-work-item state and
//! copy of the argument block. Allocating them per launch (four or more aligned
//! allocations per thread) was about a tenth of a small launch's time, so a program keeps
//! the sets its launches used and hands them out again, zeroed as fresh ones are.

use std::sync::Mutex;

use crate::buffer::{alloc_chunks, Chunk};
use crate::error::RuntimeError;

/// The sizes in bytes of one thread's scratch areas.
pub(crate) struct ScratchSizes {
    /// Static `__local` variables.
    pub static_local: u64,
    /// Per-work-item state of the whole work-group.
    pub state: u64,
    /// Each `__local` pointer argument's area, in argument order.
    pub arg_locals: Vec<u64>,
    /// The argument block.
    pub args: u64,
}

/// One thread's scratch: static `__local` variables, per-work-item state, the `__local`
/// pointer arguments' areas and its copy of the argument block; each zeroed when handed
/// out.
pub(crate) struct Scratch {
    pub static_local: Vec<Chunk>,
    pub state: Vec<Chunk>,
    pub arg_locals: Vec<Vec<Chunk>>,
    pub argmem: Vec<Chunk>,
}

/// Scratch sets larger than this are freed after their launch rather than kept.
const KEEP_LIMIT: usize = 1 << 20;

/// Sets kept at most per program (enough for one launch on every core of a large machine).
const KEEP_SETS: usize = 256;

/// The scratch sets a program's launches have finished with.
#[derive(Default)]
pub(crate) struct ScratchPool(Mutex<Vec<Scratch>>);

impl std::fmt::Debug for ScratchPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kept = self.0.lock().map_or(0, |v| v.len());
        write!(f, "ScratchPool({kept} sets kept)")
    }
}

impl ScratchPool {
    /// A zeroed scratch set of `sizes`, reusing a kept one where there is one.
    pub(crate) fn take(&self, sizes: &ScratchSizes) -> Result<Scratch, RuntimeError> {
        let kept = self.0.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let Some(mut s) = kept else {
            return Ok(Scratch {
                static_local: alloc_chunks(sizes.static_local)?,
                state: alloc_chunks(sizes.state)?,
                arg_locals: sizes
                    .arg_locals
                    .iter()
                    .map(|size| alloc_chunks(*size))
                    .collect::<Result<_, _>>()?,
                argmem: alloc_chunks(sizes.args)?,
            });
        };
        fit(&mut s.static_local, sizes.static_local)?;
        fit(&mut s.state, sizes.state)?;
        s.arg_locals.truncate(sizes.arg_locals.len());
        for (i, size) in sizes.arg_locals.iter().enumerate() {
            match s.arg_locals.get_mut(i) {
                Some(area) => fit(area, *size)?,
                None => s.arg_locals.push(alloc_chunks(*size)?),
            }
        }
        fit(&mut s.argmem, sizes.args)?;
        Ok(s)
    }

    /// Keeps `s` for a later launch, unless it is large or enough sets are kept.
    pub(crate) fn give_back(&self, s: Scratch) {
        let chunks = s.static_local.len()
            + s.state.len()
            + s.arg_locals.iter().map(Vec::len).sum::<usize>()
            + s.argmem.len();
        if chunks.saturating_mul(size_of::<Chunk>()) > KEEP_LIMIT {
            return;
        }
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if kept.len() < KEEP_SETS {
            kept.push(s);
        }
    }
}

/// Makes `area` hold at least `bytes` bytes whose first `bytes` (rounded up to a chunk)
/// are zero, as [`alloc_chunks`] gives them.
fn fit(area: &mut Vec<Chunk>, bytes: u64) -> Result<(), RuntimeError> {
    let needed = usize::try_from(bytes.div_ceil(128).max(1))
        .map_err(|_| RuntimeError::OutOfMemory { bytes })?;
    if area.len() < needed {
        *area = alloc_chunks(bytes)?;
    } else {
        area[..needed].fill(Chunk([0; 128]));
    }
    Ok(())
}
