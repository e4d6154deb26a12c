//! Launches on a Vulkan device from the SPIR-V words and reflection a generated module
//! holds.

use super::args::{Arg, Args};
use super::device::LaunchError;
use crate::ndrange::NDRange;
use crate::vulkan::{GroupCoarsening, VulkanArg, VulkanArgLayout, VulkanDevice, VulkanKernel};

/// One kernel of a Vulkan module, as a generated module holds it (`static` data).
#[derive(Clone, Copy, Debug)]
pub struct VulkanEntry {
    /// The module's SPIR-V words.
    pub spirv: &'static [u32],
    /// Entry point name.
    pub entry_point: &'static str,
    /// Arguments in order.
    pub args: &'static [VulkanArgSpec],
    /// Size of the argument block in bytes.
    pub block_size: u32,
    /// The block is a uniform buffer rather than push constants.
    pub block_in_uniform_buffer: bool,
    /// Offsets of the launch parameters in the block: global offset, work dim, global size.
    pub launch_offsets: [u32; 3],
    /// `reqd_work_group_size`, if any.
    pub reqd_work_group_size: Option<[u32; 3]>,
    /// Specialization constant ids of the work-group size.
    pub workgroup_size_spec_ids: [u32; 3],
    /// The launcher may merge consecutive work-groups along x (see [`VulkanKernel`]).
    pub groups_mergeable: bool,
    /// The specialization constant id of the work-items per invocation, if any.
    pub items_spec_id: Option<u32>,
    /// The specialization constant id of the merged work-group count, if any.
    pub merged_groups_spec_id: Option<u32>,
    /// The specialization constant id of the rows per invocation, if any.
    pub rows_spec_id: Option<u32>,
    /// The kernel's several-work-groups variant, if any (see [`VulkanKernel`]).
    pub groups_per_invocation: Option<StaticGroupCoarsening>,
    /// Bytes of `__local` variables per work-group.
    pub local_memory_bytes: u32,
    /// Constant samplers: binding and `CLK_*` bits.
    pub constant_samplers: &'static [(u32, u32)],
}

/// A kernel's variant that computes several work-groups per invocation, as generated code
/// writes it (see [`GroupCoarsening`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StaticGroupCoarsening {
    /// The variant's entry point in the same module.
    pub entry_point: &'static str,
    /// The dimension whose work-groups an invocation computes several of.
    pub dim: u32,
    /// The work-groups each invocation computes.
    pub factor: u32,
    /// The variant's extra `__local` arguments: which argument each copies, its
    /// specialization constant id.
    pub local_copies: &'static [(u32, u32)],
}

/// Where one argument goes (see [`VulkanArgLayout`]).
pub type VulkanArgSpec = VulkanArgLayout;

impl VulkanEntry {
    fn kernel(&self) -> VulkanKernel {
        VulkanKernel {
            entry_point: self.entry_point.to_string(),
            args: self.args.to_vec(),
            block_size: self.block_size,
            block_in_uniform_buffer: self.block_in_uniform_buffer,
            launch_offsets: self.launch_offsets,
            reqd_work_group_size: self.reqd_work_group_size,
            workgroup_size_spec_ids: self.workgroup_size_spec_ids,
            groups_mergeable: self.groups_mergeable,
            items_spec_id: self.items_spec_id,
            merged_groups_spec_id: self.merged_groups_spec_id,
            rows_spec_id: self.rows_spec_id,
            groups_per_invocation: self.groups_per_invocation.map(|g| GroupCoarsening {
                entry_point: g.entry_point.to_string(),
                dim: g.dim,
                factor: g.factor,
                local_copies: g.local_copies.to_vec(),
            }),
            local_memory_bytes: self.local_memory_bytes,
            constant_samplers: self.constant_samplers.to_vec(),
            printf_buffer_offset: None,
        }
    }
}

/// Runs `k` over `range` with `args` on `dev`; written buffers get the results.
pub(crate) fn launch(
    dev: &VulkanDevice,
    k: &VulkanEntry,
    range: &NDRange,
    args: &mut Args<'_>,
) -> Result<(), LaunchError> {
    // Read-only buffers are uploaded from a copy (the device API copies every buffer back).
    let mut copies: Vec<Vec<u8>> = args
        .list
        .iter()
        .map(|a| match a {
            Arg::Buffer(b) => b.to_vec(),
            _ => Vec::new(),
        })
        .collect();
    let mut vk_args: Vec<VulkanArg<'_>> = Vec::new();
    for (arg, copy) in args.list.iter_mut().zip(copies.iter_mut()) {
        vk_args.push(match arg {
            Arg::Buffer(_) => VulkanArg::Buffer(copy),
            Arg::BufferMut(b) => VulkanArg::Buffer(b),
            Arg::Value(v) => VulkanArg::Value(v),
            Arg::Local(n) => VulkanArg::Local(
                usize::try_from(*n).map_err(|_| LaunchError(format!("__local size {n}")))?,
            ),
        });
    }
    dev.run(k.spirv, &k.kernel(), &mut vk_args, range, 0)
        .map(|_| ())
        .map_err(|e| LaunchError(format!("kernel {}: {}", k.entry_point, e.0)))
}
