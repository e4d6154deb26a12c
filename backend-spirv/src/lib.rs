//! oclc's SPIR-V backend: turns an [`oclc_ir::Module`] into a SPIR-V binary module.
//!
//! [`emit_opencl`] produces the OpenCL flavour (Kernel capability, `Physical64`/`OpenCL`
//! memory model, `OpenCL.std` extended instructions), which OpenCL runtimes accept through
//! `clCreateProgramWithIL` and `llvm-spirv -r` reads back. The module-building code in
//! `common/` is independent of the flavour so that a Vulkan flavour can be added beside
//! `opencl/` later. [`disassemble`] renders a binary as text for `-save-temps`.
//!
//! This crate reads only the IR: it must not know about the front end's AST or Cranelift.

mod common;
mod disasm;
mod error;
mod opencl;
mod options;

pub use disasm::disassemble;
pub use error::SpirvError;
pub use opencl::emit_opencl;
pub use options::SpirvOptions;
