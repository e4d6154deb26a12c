//! oclc's native CPU backend: compiles the kernels of an [`oclc_ir::Module`] with Cranelift
//! (JIT, host ISA, or a relocatable object with C entries: [`object`]) into *work-group functions* that run every work-item of one work-group,
//! following the C ABI described in [`abi`]. Barriers split a kernel into regions that run
//! for all work-items in turn ([`plan`]); helper calls are inlined first (`oclc_ir::opt::inline`).
//!
//! This crate reads only the IR: it must not depend on SPIR-V, on the front end or on its AST.
//! Running kernels (buffers, argument binding, NDRange launches) belongs to `oclc-runtime-lite`.

pub mod abi;
pub mod check;
pub mod codegen;
pub mod debuginfo;
pub mod error;
pub mod group_level;
pub mod image;
pub mod jit;
pub mod mathlib;
pub mod object;
pub mod pieces;
pub mod pipeline;
pub mod plan;
pub mod printf;
pub mod promote;
pub mod region_vars;
pub mod remat;
pub mod specialize;
mod translate;
pub mod variant;
pub mod vectorize;
pub mod wide_rows;

pub use abi::{arg_layout, ArgLayout, WorkGroupContext, WorkGroupFn};
pub use error::CompileError;
pub use jit::{
    compile_module, compile_module_debug, compile_module_with, CompiledKernel, CpuOptions,
    CpuProgram,
};
pub use object::{compile_object, CpuObject, ObjectKernel, ObjectOptions};
pub use pipeline::cpu_pipeline;
pub use variant::KernelVariant;
