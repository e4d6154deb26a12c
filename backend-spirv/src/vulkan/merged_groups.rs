//! Several work-groups of a kernel that synchronises run as one Vulkan workgroup.
//!
//! A kernel that waits at barriers or uses `__local` memory can tell its work-groups
//! apart, so `super::group_merge` does not let a launcher merge them freely. Many such
//! kernels (tree reductions, tiled transposes and products) still reach every barrier the
//! same way in every work-group (`oclc_ir::analysis::group_invariant`). For those, the
//! module can run `m` consecutive work-groups along x as one workgroup of `m` times the
//! local size, `m` being specialization constant [`MERGED_GROUPS_SPEC_ID`] (default 1):
//! with `L = WorkgroupSize.x / m` the OpenCL work-group size along x and
//! `j = LocalInvocationId.x / L` the work-group an invocation stands for,
//! - `get_local_id(0)` is `LocalInvocationId.x % L`, `get_local_size(0)` is `L`,
//!   `get_group_id(0)` is `WorkgroupId.x * m + j`, `get_num_groups(0)` is
//!   `NumWorkgroups.x * m`; global ids are unchanged (`GlobalInvocationId` numbers the
//!   invocations as before);
//! - every `__local` variable is an array of `m` copies, the work-group's copy being
//!   element `j`, and a `__local` argument of `n` elements per group (the launcher sets
//!   its length to `m * n`) starts at element `j * n`;
//! - a barrier waits for the `m` groups together, which gives the same results because
//!   each of them reaches the same barriers in the same order.
//!
//! Where `m` is 1 the remapped forms select the built-ins unchanged; drivers fold the
//! selection when they specialise the pipeline. Only modules with such a kernel use these
//! forms; the launcher merges only kernels whose reflection names the constant. On an
//! NVIDIA H200, two 128-item work-groups of the suite's tree reduction merged by hand into
//! one of 256 ran 1.31x faster (bench/results/gpu-loop-form.txt).

use oclc_ir::{AddressSpace, FuncId, Function, Module, ScalarType, WorkItemQuery};
use rspirv::spirv::{BuiltIn, Op as SOp, Word};

use super::reflection::KernelReflection;
use crate::common::{FnEmitter, ModuleCtx};
use crate::error::Result;

/// The specialization constant id of the number of work-groups merged into one workgroup.
pub const MERGED_GROUPS_SPEC_ID: u32 = 0x1_0001;

/// True when kernel `kernel` (described by `layout`) synchronises or uses `__local` memory
/// but may still run several work-groups as one workgroup (see the module documentation):
/// its barriers are reached alike in every group and it does not fix its work-group size.
pub(crate) fn merges_synchronised_groups(
    module: &Module,
    kernel: FuncId,
    layout: &KernelReflection,
) -> bool {
    !layout.groups_mergeable
        && layout.reqd_work_group_size.is_none()
        && oclc_ir::analysis::barriers_alike_in_every_group(module, kernel)
}

/// Bytes of the `__local` variables of `kernel` and of the functions it calls.
pub(crate) fn local_memory_bytes(module: &Module, kernel: &Function) -> u32 {
    let bytes: u64 = super::group_merge::reachable_functions(module, kernel)
        .into_iter()
        .flat_map(|f| &f.locals)
        .filter(|l| l.space == AddressSpace::Local)
        .map(|l| module.types.layout(l.ty).size)
        .sum();
    u32::try_from(bytes).unwrap_or(u32::MAX)
}

impl ModuleCtx<'_> {
    /// The specialization constant of the merged work-group count, made on first use.
    pub(crate) fn vk_merged_groups(&mut self) -> Word {
        if let Some(m) = self.vk.merged_groups {
            return m;
        }
        let m = self.vk_spec_u32(MERGED_GROUPS_SPEC_ID);
        self.b.name(m, "oclc.merged_groups");
        self.vk.merged_groups = Some(m);
        m
    }
}

/// The pieces every remapped query needs.
struct Merge {
    /// `m`.
    count: Word,
    /// `m == 1`.
    single: Word,
    /// `L`, the OpenCL work-group size along x.
    group_x: Word,
    /// `LocalInvocationId.x`.
    invocation_x: Word,
}

impl FnEmitter<'_, '_> {
    fn vk_merge(&mut self) -> Result<Option<Merge>> {
        let Some(count) = self.cx.vk.merged_groups else {
            return Ok(None);
        };
        let u32t = self.cx.shape_ty(ScalarType::U32, 1, false);
        let boolt = self.cx.b.type_bool();
        let one = self.cx.const_u32(1);
        let single = self.inst(SOp::IEqual, boolt, &[count, one])?;
        let size = self.cx.vk_workgroup_size();
        let size_x = self.cx.b.composite_extract(u32t, None, size, [0])?;
        let group_x = self.inst(SOp::UDiv, u32t, &[size_x, count])?;
        let local = self.vk_builtin_value(BuiltIn::LocalInvocationId)?;
        let invocation_x = self.cx.b.composite_extract(u32t, None, local, [0])?;
        Ok(Some(Merge {
            count,
            single,
            group_x,
            invocation_x,
        }))
    }

    /// `j`, the merged work-group this invocation stands for (0 when none are merged).
    fn vk_merged_group_index(&mut self, m: &Merge) -> Result<Word> {
        let u32t = self.cx.shape_ty(ScalarType::U32, 1, false);
        let zero = self.cx.const_u32(0);
        let j = self.inst(SOp::UDiv, u32t, &[m.invocation_x, m.group_x])?;
        self.inst(SOp::Select, u32t, &[m.single, zero, j])
    }

    /// `v`, the `uvec3` value of `query` as the built-ins give it, remapped for merged
    /// work-groups when the module has them.
    pub(crate) fn vk_merged_query(&mut self, query: WorkItemQuery, v: Word) -> Result<Word> {
        let remapped = matches!(
            query,
            WorkItemQuery::LocalId
                | WorkItemQuery::GroupId
                | WorkItemQuery::LocalSize
                | WorkItemQuery::NumGroups
        );
        if !remapped {
            return Ok(v);
        }
        let Some(m) = self.vk_merge()? else {
            return Ok(v);
        };
        let u32t = self.cx.shape_ty(ScalarType::U32, 1, false);
        let uvec3 = self.cx.shape_ty(ScalarType::U32, 3, false);
        let x = self.cx.b.composite_extract(u32t, None, v, [0])?;
        let new_x = match query {
            WorkItemQuery::LocalId => {
                let r = self.inst(SOp::UMod, u32t, &[m.invocation_x, m.group_x])?;
                self.inst(SOp::Select, u32t, &[m.single, x, r])?
            }
            WorkItemQuery::GroupId => {
                let j = self.vk_merged_group_index(&m)?;
                let first = self.inst(SOp::IMul, u32t, &[x, m.count])?;
                self.inst(SOp::IAdd, u32t, &[first, j])?
            }
            WorkItemQuery::LocalSize => m.group_x,
            _ => self.inst(SOp::IMul, u32t, &[x, m.count])?,
        };
        Ok(self.cx.b.composite_insert(uvec3, None, new_x, v, [0])?)
    }

    /// The address of this work-group's copy of a `__local` variable: element `j` of
    /// `var` (an array of copies) when the module merges work-groups, `var` otherwise.
    pub(crate) fn vk_local_copy(&mut self, var: Word, ptr_ty: Word) -> Result<Word> {
        let Some(m) = self.vk_merge()? else {
            return Ok(var);
        };
        let j = self.vk_merged_group_index(&m)?;
        Ok(self.cx.b.access_chain(ptr_ty, None, var, [j])?)
    }

    /// The first element of this work-group's part of a `__local` argument whose array
    /// holds `len` elements in all (`m` parts when work-groups are merged).
    pub(crate) fn vk_local_arg_start(&mut self, len: Word) -> Result<Word> {
        let Some(m) = self.vk_merge()? else {
            return Ok(self.cx.const_u32(0));
        };
        let u32t = self.cx.shape_ty(ScalarType::U32, 1, false);
        let part = self.inst(SOp::UDiv, u32t, &[len, m.count])?;
        let j = self.vk_merged_group_index(&m)?;
        self.inst(SOp::IMul, u32t, &[j, part])
    }
}
