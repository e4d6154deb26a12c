//! Several work-groups per invocation on Vulkan: the link between a kernel and the
//! variant `opt::coarsen_groups` made of it.
//!
//! The variant is a second entry point of the module (`NAME.groups4`), which computes its
//! local id in `factor` consecutive work-groups along dimension `dim` per invocation. A
//! launcher that runs it dispatches `1 / factor` of the work-groups along `dim` (their
//! number must be a multiple of `factor`) with the original kernel's argument block: the
//! user's global size and offset, so that every query but the rewritten group ones keeps
//! the user's launch. The variant takes the kernel's arguments, then one more `__local`
//! argument per `__local` argument of the kernel for each group after the first (in that
//! order), which the launcher sizes as the user's (`local_copies`: which argument each
//! copies, and its specialization constant). The original kernel's reflection names the
//! variant only when both take the kernel's arguments alike (same block layout, bindings
//! and samplers) and merge work-groups alike (`super::merged_groups`, which acts on the
//! dispatched groups along x and composes with the variant's).

use oclc_ir::{FunctionKind, Module};

use super::reflection::{GroupCoarsening, KernelReflection, VulkanArgKind};

/// Names each kernel's variant in its reflection (and the kernel in the variant's), where
/// the two are compatible (see the module documentation).
pub(crate) fn link_variants(module: &Module, kernels: &mut [KernelReflection]) {
    for f in &module.functions {
        let FunctionKind::Kernel(attrs) = &f.kind else {
            continue;
        };
        let Some(v) = &attrs.groups_variant else {
            continue;
        };
        let find = |name: &str| kernels.iter().position(|k| k.entry_point == name);
        let (Some(a), Some(b)) = (find(&f.name), find(&v.kernel)) else {
            continue;
        };
        if !launched_alike(&kernels[a], &kernels[b]) {
            continue;
        }
        let Some(local_copies) = local_copies(&kernels[a], &kernels[b], v.factor) else {
            continue;
        };
        kernels[a].groups_per_invocation = Some(GroupCoarsening {
            entry_point: v.kernel.clone(),
            dim: v.dim,
            factor: v.factor,
            local_copies,
        });
        kernels[b].variant_of = Some(f.name.clone());
    }
}

/// Which of `a`'s arguments each of the variant `b`'s extra `__local` arguments copies, with
/// its specialization constant; `None` unless they are the copies the variant should have.
fn local_copies(
    a: &KernelReflection,
    b: &KernelReflection,
    factor: u32,
) -> Option<Vec<(u32, u32)>> {
    let locals: Vec<usize> = (0..a.args.len())
        .filter(|&i| a.args[i].kind == VulkanArgKind::Local)
        .collect();
    let extra = &b.args[a.args.len()..];
    if extra.len() != locals.len() * (factor as usize - 1) {
        return None;
    }
    extra
        .iter()
        .enumerate()
        .map(|(j, e)| {
            let of = locals[j % locals.len()];
            let alike = e.kind == VulkanArgKind::Local && e.elem_size == a.args[of].elem_size;
            Some((of as u32, e.local_spec_id.filter(|_| alike)?))
        })
        .collect()
}

/// Whether a launcher may run `b` with the arguments (its extra `__local` copies aside)
/// and merging set up for `a`.
fn launched_alike(a: &KernelReflection, b: &KernelReflection) -> bool {
    b.args.starts_with(&a.args)
        && a.block_size == b.block_size
        && a.block_in_uniform_buffer == b.block_in_uniform_buffer
        && a.reqd_work_group_size == b.reqd_work_group_size
        && a.groups_mergeable == b.groups_mergeable
        && a.items_spec_id == b.items_spec_id
        && a.merged_groups_spec_id == b.merged_groups_spec_id
        && a.rows_spec_id == b.rows_spec_id
        && a.constant_data_offset == b.constant_data_offset
        && a.constant_samplers == b.constant_samplers
        && a.printf_buffer_offset == b.printf_buffer_offset
}
