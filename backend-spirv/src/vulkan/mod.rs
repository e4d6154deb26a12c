//! The Vulkan flavour: a `Shader` module for the `GLCompute` execution model with
//! `PhysicalStorageBuffer64` addressing and the `GLSL450` memory model (SPIR-V 1.5, the
//! version of Vulkan 1.2), one entry point per kernel, plus a [`KernelReflection`] per
//! kernel that tells a launcher how to pass arguments (see [`reflection`] for the ABI).

mod constants;
mod convert;
mod div_const;
mod entry;
pub mod group_merge;
pub mod groups;
pub(crate) mod image;
pub(crate) mod image_descriptors;
mod image_uses;
pub mod items;
mod layout;
pub(crate) mod math;
pub mod merged_groups;
mod narrow;
mod nonneg;
mod packed;
pub mod pipeline;
mod pointers;
pub mod printf;
pub mod reflection;
pub mod rows;
mod variable_pointers;
mod workarounds;
mod workitem;

#[cfg(test)]
mod tests;

use oclc_ir::legalize::printf_buffer::PrintfFormat;
use oclc_ir::{FuncId, FunctionKind, Module};
use rspirv::binary::Assemble;
use rspirv::spirv::{AddressingModel, Capability, ExecutionMode, ExecutionModel, MemoryModel};

pub use constants::{ConstantImage, CONSTANT_DATA_NAME};
pub(crate) use pointers::OffsetForm;
pub use reflection::{
    module_reflection_json, reflection_json, KernelReflection, VulkanArg, VulkanArgKind,
};

use crate::common::{emit_function, emit_items_entry, EmitKind, Flavour, ModuleCtx};
use crate::error::SpirvError;
use crate::options::VulkanOptions;

/// The SPIR-V version of Vulkan modules (the one Vulkan 1.2 accepts natively).
pub const VULKAN_SPIRV_VERSION: (u8, u8) = (1, 5);

/// A Vulkan SPIR-V module and the reflection of its kernels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VulkanModule {
    /// The SPIR-V binary (words).
    pub words: Vec<u32>,
    /// One description per kernel, in module order.
    pub kernels: Vec<KernelReflection>,
    /// The image of the program-scope `__constant` data (of size 0 when there is none),
    /// also carried by the module as the initializer of [`CONSTANT_DATA_NAME`]: a launcher
    /// puts it in a buffer whose address goes at each kernel's `constant_data_offset`.
    pub constant_data: ConstantImage,
    /// The `printf` formats, indexed by the format id of the printf buffer's records
    /// (empty when nothing prints; see [`printf`]).
    pub printf_formats: Vec<PrintfFormat>,
}

/// Emits `module` as a Vulkan compute SPIR-V module with OpenCL's default float semantics
/// ([`emit_vulkan_with`] and default [`VulkanOptions`]).
pub fn emit_vulkan(module: &Module) -> Result<VulkanModule, SpirvError> {
    emit_vulkan_with(module, &VulkanOptions::default())
}

/// Emits `module` as a Vulkan compute SPIR-V module. Constructs Vulkan cannot express
/// (or that are not implemented for it yet) give a [`SpirvError`] naming them.
pub fn emit_vulkan_with(module: &Module, opts: &VulkanOptions) -> Result<VulkanModule, SpirvError> {
    emit_vulkan_debug(module, opts, None)
}

/// [`emit_vulkan_with`], with `NonSemantic.Shader.DebugInfo.100` source lines for the
/// files of `debug` (`-g`) when given.
pub fn emit_vulkan_debug(
    module: &Module,
    opts: &VulkanOptions,
    debug: Option<&oclc_ir::DebugSources>,
) -> Result<VulkanModule, SpirvError> {
    let (printing, printf_formats) = printf::lower_printf(module)?;
    let module = printing.as_ref().unwrap_or(module);
    let mut cx = ModuleCtx::new(module, Flavour::Vulkan, VULKAN_SPIRV_VERSION);
    cx.fast_math = opts.relaxed_math;
    cx.require(Capability::Shader);
    cx.require(Capability::PhysicalStorageBufferAddresses);
    cx.require(Capability::Int64);
    cx.b.memory_model(
        AddressingModel::PhysicalStorageBuffer64,
        MemoryModel::GLSL450,
    );
    let (image, offsets) = constants::constant_image(module)?;
    let has_constants = !module.globals.is_empty();
    if has_constants {
        cx.vk_constant_data(&image);
    }
    cx.vk.constant_offsets = offsets;

    if !module.functions.iter().any(|f| f.is_kernel()) {
        return Err(SpirvError::new(
            "the program has no kernel: a Vulkan module needs at least one entry point",
        ));
    }
    pointers::check_logical_pointer_casts(module)?;
    packed::check_packed_buffers(module)?;
    if variable_pointers::needs_variable_pointers(module)
        && !workarounds::enabled("no-variable-pointers")
    {
        cx.require(Capability::VariablePointers);
    }
    cx.vk.offset_form = pointers::OffsetForm::from_workarounds();
    cx.vk.no_signed_wrap = !workarounds::enabled("no-nsw");
    let entry_ids = cx.assign_function_ids();
    if let Some(sources) = debug {
        cx.enable_debug(sources);
    }
    // Module-wide: every pipeline sets the work-group size through spec constants 0..2.
    cx.vk_workgroup_size();

    let mut layouts = Vec::with_capacity(module.functions.len());
    for (i, f) in module.functions.iter().enumerate() {
        layouts.push(match entry_ids[i] {
            Some(_) => Some(
                layout::kernel_layout(module, f, has_constants)
                    .map_err(|e| e.in_function(&f.name))?,
            ),
            None => None,
        });
    }
    // Kernels that synchronise but reach their barriers alike in every work-group may run
    // several work-groups as one workgroup.
    for (i, layout) in layouts.iter_mut().enumerate() {
        if let Some(layout) = layout {
            if merged_groups::merges_synchronised_groups(module, FuncId(i as u32), layout) {
                layout.merged_groups_spec_id = Some(merged_groups::MERGED_GROUPS_SPEC_ID);
                cx.vk_merged_groups();
            }
        }
    }
    // Kernels that run several work-items per invocation call their body as a function.
    let runs_items: Vec<bool> = layouts
        .iter()
        .map(|l| l.as_ref().is_some_and(items::runs_items))
        .collect();
    if runs_items.contains(&true) {
        cx.vk_items_state();
    }
    for (i, &multi) in runs_items.iter().enumerate() {
        if multi && cx.helper_ids[i] == 0 {
            cx.helper_ids[i] = cx.b.id();
        }
    }

    let mut kernels = Vec::new();
    for (i, f) in module.functions.iter().enumerate() {
        let fid = FuncId(i as u32);
        cx.vk.nonneg = nonneg::nonneg_values(&module.types, f);
        if !workarounds::enabled("no-argument-offsets") {
            cx.vk
                .nonneg
                .extend(nonneg::argument_offsets(&module.types, f));
        }
        cx.vk.split_offsets = nonneg::split_offsets(&module.types, f, &cx.vk.nonneg);
        if let (Some(id), Some(mut layout)) = (entry_ids[i], layouts[i].take()) {
            layout.kernel_arg_info = opts.kernel_arg_info;
            if runs_items[i] {
                layout.items_spec_id = Some(items::ITEMS_SPEC_ID);
            }
            cx.vk.entry = Some(layout.clone());
            cx.vk.images = Default::default();
            kernels.push(layout);
            if runs_items[i] {
                let body = cx.helper_ids[i];
                emit_items_entry(&mut cx, fid, id, body)?;
            } else {
                emit_function(&mut cx, fid, id, EmitKind::Entry)?;
            }
            cx.vk.entry = None;
        }
        if !f.is_kernel() || cx.called.contains(&fid) || runs_items[i] {
            let id = cx.helper_ids[i];
            emit_function(&mut cx, fid, id, EmitKind::Callable)?;
        }
        cx.check_vk_errors().map_err(|e| e.in_function(&f.name))?;
    }

    for (i, f) in module.functions.iter().enumerate() {
        let (Some(id), FunctionKind::Kernel(attrs)) = (entry_ids[i], &f.kind) else {
            continue;
        };
        let mut interface: Vec<u32> = cx.transitive_uses(id).into_iter().collect();
        interface.sort_unstable();
        cx.b.entry_point(ExecutionModel::GLCompute, id, f.name.clone(), interface);
        let size = attrs.reqd_work_group_size.unwrap_or([1, 1, 1]);
        cx.b.execution_mode(id, ExecutionMode::LocalSize, size);
    }

    groups::link_variants(module, &mut kernels);

    let caps: Vec<Capability> = cx.caps.values().copied().collect();
    for cap in caps {
        cx.b.capability(cap);
    }
    Ok(VulkanModule {
        words: cx.b.module().assemble(),
        kernels,
        constant_data: image,
        printf_formats,
    })
}
