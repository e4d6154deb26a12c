//! oclc's SPIR-V backend: turns an [`oclc_ir::Module`] into a SPIR-V binary module.
//!
//! [`emit_opencl`] produces the OpenCL flavour (Kernel capability, `Physical64`/`OpenCL`
//! memory model, `OpenCL.std` extended instructions), which OpenCL runtimes accept through
//! `clCreateProgramWithIL` and `llvm-spirv -r` reads back. The module-building code in
//! `common/` is shared with the Vulkan flavour: [`emit_vulkan`] produces a `Shader`
//! module for Vulkan compute (GLCompute, `PhysicalStorageBuffer64`, `GLSL.std.450`) plus a
//! [`KernelReflection`] per kernel. [`disassemble`] renders a binary as text for `-save-temps`.
//!
//! This crate reads only the IR: it must not know about the front end's AST or Cranelift.

mod common;
mod disasm;
mod error;
mod opencl;
mod options;
mod vulkan;

pub use disasm::disassemble;
pub use error::SpirvError;
pub use opencl::pipeline::opencl_pipeline;
pub use opencl::{emit_opencl, emit_opencl_debug};
pub use options::{SpirvOptions, VulkanOptions};
pub use vulkan::math::{vulkan_native_division, vulkan_native_math, vulkan_native_math_relaxed};
pub use vulkan::pipeline::{vulkan_pipeline, VulkanPipelineOptions};
pub use vulkan::reflection::{
    ArgInfo, ConstantSampler, TexelBinding, TexelKind, VulkanImageArg, FIRST_ARG_OFFSET,
    FIRST_IMAGE_BINDING, GLOBAL_OFFSET_OFFSET, GLOBAL_SIZE_OFFSET, IMAGE_DESCRIPTOR_SET,
    MAX_PUSH_CONSTANT_BYTES, WORKGROUP_SIZE_SPEC_IDS, WORK_DIM_OFFSET,
};
pub use vulkan::{
    emit_vulkan, emit_vulkan_debug, emit_vulkan_with, module_reflection_json, reflection_json,
    ConstantImage, KernelReflection, VulkanArg, VulkanArgKind, VulkanModule, CONSTANT_DATA_NAME,
    VULKAN_SPIRV_VERSION,
};
