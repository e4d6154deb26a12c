//! Barriers and fences. The OpenCL flavour follows clang + llvm-spirv: sequentially
//! consistent semantics plus the memories fenced. The Vulkan flavour uses AcquireRelease
//! (Vulkan forbids SequentiallyConsistent) with Workgroup memory for `__local` and
//! Uniform memory (storage and physical storage buffers) for `__global`.

use oclc_ir::MemFence;
use rspirv::spirv::{MemorySemantics, Scope};

use super::context::Flavour;
use super::function::FnEmitter;
use crate::error::Result;

impl FnEmitter<'_, '_> {
    /// The memory semantics of a fence over the memories in `fence` (empty: none).
    fn fence_semantics(&self, fence: MemFence) -> MemorySemantics {
        let mut sem = MemorySemantics::RELAXED;
        if fence.local {
            sem |= MemorySemantics::WORKGROUP_MEMORY;
        }
        if fence.global {
            sem |= match self.cx.flavour {
                Flavour::OpenCl => MemorySemantics::CROSS_WORKGROUP_MEMORY,
                Flavour::Vulkan => MemorySemantics::UNIFORM_MEMORY,
            };
        }
        if !sem.is_empty() {
            sem |= match self.cx.flavour {
                Flavour::OpenCl => MemorySemantics::SEQUENTIALLY_CONSISTENT,
                Flavour::Vulkan => MemorySemantics::ACQUIRE_RELEASE,
            };
        }
        sem
    }

    /// `barrier(flags)`: `OpControlBarrier Workgroup Workgroup semantics`.
    pub fn barrier(&mut self, fence: MemFence) -> Result<()> {
        let sem = self.fence_semantics(fence);
        let wg = self.cx.const_u32(Scope::Workgroup as u32);
        let sem = self.cx.const_u32(sem.bits());
        self.cx.b.control_barrier(wg, wg, sem)?;
        Ok(())
    }

    /// `mem_fence(flags)`: `OpMemoryBarrier Workgroup semantics`; a fence over no memory
    /// orders nothing and emits nothing.
    pub fn fence(&mut self, fence: MemFence) -> Result<()> {
        let sem = self.fence_semantics(fence);
        if sem.is_empty() {
            return Ok(());
        }
        let wg = self.cx.const_u32(Scope::Workgroup as u32);
        let sem = self.cx.const_u32(sem.bits());
        self.cx.b.memory_barrier(wg, sem)?;
        Ok(())
    }
}
