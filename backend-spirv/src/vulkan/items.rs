//! Several work-items per invocation on Vulkan.
//!
//! A streaming kernel (`o[i] = f(a[i])`, one element per work-item) keeps only one load in
//! flight per GPU thread, and on NVIDIA's H200 that, not bandwidth, bounds it: a copy of
//! 64M floats took 0.239 ms through Vulkan with one element per invocation and 0.182 ms
//! with two, one after the other (NVIDIA's OpenCL: 0.220 ms); through this module, with
//! four, `native_sin` over 64M floats went from 0.252 to 0.177 ms (NVIDIA's OpenCL 0.221;
//! bench/results/gpu-dispatch-shape.txt).
//! A kernel whose work-groups may merge (`super::group_merge`: no barrier, no `__local`
//! memory, no group queries) whose arguments are all buffers and values can run that way
//! without changing its results: its entry point reads the argument block once, then calls
//! the kernel's body, emitted as a callable function, once per work-item it stands for.
//! With `K` work-items per invocation (specialization constant [`ITEMS_SPEC_ID`], 1 by
//! default) and `S = global_size(0) / K`, the invocation with x id `t` runs the work-items
//! `t, t + S, ..., t + (K - 1) S` in that order (neighbouring invocations touch
//! neighbouring elements, as before), by adding `j * S` to `get_global_id(0)` through a
//! Private variable. A launcher may choose `K > 1` only when `K` divides the number of
//! work-groups along x; it then dispatches `1 / K` of the invocations.
//!
//! The work-items of one invocation run in order, each to its end (a `return` ends one
//! work-item), so a kernel sees every memory effect in an order OpenCL already allowed:
//! work-items of one launch that do not synchronise may run in any order.

use oclc_ir::ScalarType;
use rspirv::spirv::{LoopControl, Op as SOp, StorageClass, Word};

use super::reflection::{KernelReflection, VulkanArgKind};
use crate::common::{FnEmitter, ModuleCtx};
use crate::error::Result;

/// The specialization constant id of the number of work-items each invocation runs.
pub const ITEMS_SPEC_ID: u32 = 0x1_0000;

/// The module-wide pieces of multi-item entry points.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ItemsState {
    /// The specialization constant of the work-items per invocation (default 1).
    pub count: Word,
    /// The Private `uint` added to `get_global_id(0)`: `j * S` for the `j`-th work-item of
    /// the invocation (initially 0, so kernels entered directly see their own ids).
    pub x_offset: Word,
}

/// True when the kernel described by `layout` may run several work-items per invocation.
pub(crate) fn runs_items(layout: &KernelReflection) -> bool {
    layout.groups_mergeable
        && layout
            .args
            .iter()
            .all(|a| matches!(a.kind, VulkanArgKind::Buffer | VulkanArgKind::Value))
}

impl ModuleCtx<'_> {
    /// The [`ItemsState`] of the module, made on first use.
    pub(crate) fn vk_items_state(&mut self) -> ItemsState {
        if let Some(s) = self.vk.items {
            return s;
        }
        let count = self.vk_spec_u32(ITEMS_SPEC_ID);
        let u32t = self.shape_ty(ScalarType::U32, 1, false);
        self.b.name(count, "oclc.items_per_invocation");
        let ptr = self.pointer_type(StorageClass::Private, u32t);
        let zero = self.const_u32(0);
        let x_offset = self.global_variable(ptr, StorageClass::Private, Some(zero));
        self.b.name(x_offset, "oclc.item_x_offset");
        let s = ItemsState { count, x_offset };
        self.vk.items = Some(s);
        s
    }
}

impl FnEmitter<'_, '_> {
    /// The rest of a multi-item entry point after its prologue: for `j` in `0..K`, set the
    /// x offset to `j * (global_size(0) / K)` and call `body` with the kernel's arguments;
    /// then return.
    pub(crate) fn vk_items_loop(&mut self, body: Word) -> Result<()> {
        let st = self.cx.vk_items_state();
        self.use_var(st.x_offset);
        let u32t = self.cx.shape_ty(ScalarType::U32, 1, false);
        let uvec3 = self.cx.shape_ty(ScalarType::U32, 3, false);
        let boolt = self.cx.b.type_bool();
        let void = self.cx.ty(self.f.ret)?;
        let [_, _, size_var] = self.vk_launch_vars();
        let size = self.cx.b.load(uvec3, None, size_var, None, [])?;
        let size_x = self.cx.b.composite_extract(u32t, None, size, [0])?;
        let stride = self.inst(SOp::UDiv, u32t, &[size_x, st.count])?;
        let params = self
            .f
            .params
            .iter()
            .map(|p| self.val(p.value))
            .collect::<Result<Vec<_>>>()?;
        let [pre, header, body_l, cont, merge] = [0; 5].map(|_| self.cx.b.id());
        let next = self.cx.b.id();
        let zero = self.cx.const_u32(0);
        let one = self.cx.const_u32(1);
        self.cx.b.branch(pre)?;
        self.cx.b.begin_block(Some(pre))?;
        self.cx.b.branch(header)?;
        self.cx.b.begin_block(Some(header))?;
        let j = self.cx.b.phi(u32t, None, [(zero, pre), (next, cont)])?;
        self.cx.b.loop_merge(merge, cont, LoopControl::NONE, [])?;
        self.cx.b.branch(body_l)?;
        self.cx.b.begin_block(Some(body_l))?;
        let offset = self.inst(SOp::IMul, u32t, &[j, stride])?;
        self.cx.b.store(st.x_offset, offset, None, [])?;
        self.cx.b.function_call(void, None, body, params)?;
        self.cx.b.branch(cont)?;
        self.cx.b.begin_block(Some(cont))?;
        self.cx.b.i_add(u32t, Some(next), j, one)?;
        let more = self.cx.b.u_less_than(boolt, None, next, st.count)?;
        self.cx.b.branch_conditional(more, header, merge, [])?;
        self.cx.b.begin_block(Some(merge))?;
        self.cx.b.ret()?;
        self.open = false;
        Ok(())
    }

    /// `id` (the `GlobalInvocationId` vector) plus the x offset of the work-item being run,
    /// when some kernel of the module runs several work-items per invocation.
    pub(crate) fn vk_item_id(&mut self, id: Word) -> Result<Word> {
        let Some(st) = self.cx.vk.items else {
            return Ok(id);
        };
        self.use_var(st.x_offset);
        let u32t = self.cx.shape_ty(ScalarType::U32, 1, false);
        let uvec3 = self.cx.shape_ty(ScalarType::U32, 3, false);
        let off = self.cx.b.load(u32t, None, st.x_offset, None, [])?;
        let zero = self.cx.const_u32(0);
        let v = self
            .cx
            .b
            .composite_construct(uvec3, None, [off, zero, zero])?;
        self.inst(SOp::IAdd, uvec3, &[id, v])
    }
}
