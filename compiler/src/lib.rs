//! oclc: an OpenCL C compiler to SPIR-V (for OpenCL and Vulkan) and native CPU code.
//!
//! This crate is the driver: it holds the compile options, runs the pipeline (front end,
//! lowering, IR passes, backends), writes `-save-temps` stages, and implements the `oclc`
//! command line including `oclc run`. Rust programs (for example a `build.rs`) can call
//! [`compile_to_spirv`] directly.
//!
//! It uses each stage only through its public API and knows nothing of their internals.

pub mod brook;
pub mod build_options;
pub mod cli;
pub mod compile_stack;
pub mod driver;
pub mod located;
pub mod malloc_tuning;
pub mod options;
pub mod run;
pub mod time_report;

use std::path::Path;

pub use compile_stack::on_compile_stack;
pub use driver::{CompileError, Stages};
pub use options::{ClStd, CompileOptions, Target, WarningMode};

/// Compiles an OpenCL C file to a SPIR-V module for OpenCL (`clCreateProgramWithIL`),
/// returned as 32-bit words. Warnings are returned as rendered text alongside. Runs on a
/// thread of its own (see [`on_compile_stack`]).
pub fn compile_to_spirv(
    path: &Path,
    opts: &CompileOptions,
) -> Result<(Vec<u32>, String), CompileError> {
    on_compile_stack(|| {
        let mut stages = Stages::default();
        let lowered = driver::lower_file(path, opts, &mut stages)?;
        let words = driver::emit_opencl_spirv(&lowered, opts, &mut stages)?;
        Ok((words, lowered.warnings))
    })
}
