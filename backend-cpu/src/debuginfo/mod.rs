//! Debug information of CPU code (`-g`): what each compiled work-group function records
//! ([`capture`]: its source rows, where its variables live, how to unwind it), turned into
//! DWARF ([`dwarf`]) and written into relocatable objects ([`elf`]) or, for JIT code
//! (`oclc run -g`), into an in-memory ELF image at the code's addresses ([`jit_image`])
//! registered with debuggers through GDB's JIT interface ([`gdb_jit`], [`jit_debug`]).
//!
//! Under `-g` the code generator runs one work-item at a time (no SIMD lanes), keeps the
//! private variables of kernels without barriers in stack slots, keeps the argument block's
//! address and the current work-item's ids in stack slots ([`crate::codegen::debug`]) and
//! marks each instruction with the IR value it computes. The DWARF then gives:
//! - a line table from those marks (spans through the front end's source map, so lines of
//!   `#include`d files and macro call sites);
//! - one subprogram per kernel (named after the kernel; its frame base is the frame
//!   pointer) with its parameters (read through the argument block), its private variables
//!   (kernels without barriers) and the artificial variables `__local_id` and `__global_id`
//!   (`size_t[3]`, the work-item the frame is running);
//! - call-frame information (`.debug_frame`) for every function, so debuggers unwind
//!   through the kernel into the C caller.

pub mod capture;
pub mod dwarf;
pub mod elf;
pub mod gdb_jit;
pub mod jit_debug;
pub mod jit_image;
mod types;

pub use capture::{capture, FunctionDebug, KernelDebug};
