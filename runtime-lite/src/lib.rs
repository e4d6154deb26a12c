//! oclc's small runtime: loads a program (an [`oclc_ir::Module`]) for the CPU device,
//! describes its kernels' parameters, owns buffers, binds arguments and runs NDRange
//! launches over several threads. The `oclc run` command is its main user; a Vulkan device
//! may be added later behind the same shapes.
//!
//! It works on the IR only: it must not depend on the front end (source parsing and lowering
//! happen before, in the compiler). Code generation is `oclc-backend-cpu`'s job.

mod arg_cache;
pub mod args;
pub mod brook;
pub mod buffer;
pub mod check;
pub mod embed;
pub mod error;
pub mod image;
pub mod launch;
pub mod ndrange;
pub mod opencl;
mod pool;
pub mod program;
mod schedule;
mod scratch;
pub mod specialize;
pub mod vulkan;

pub use args::{ArgValue, ParamInfo, ParamKind};
pub use brook::{call_kernel, BrookArg, BrookError, BrookKernel, Stream};
pub use buffer::Buffer;
pub use check::{CheckOptions, Defect};
pub use error::RuntimeError;
pub use image::{Image, ImageShape};
pub use launch::LaunchInfo;
pub use ndrange::{default_local_size, NDRange, MAX_WORK_GROUP_SIZE};
pub use program::{KernelInfo, Program};
pub use specialize::{ArgSpecialization, SpecializationStats};
pub use vulkan::{VulkanArg, VulkanDevice, VulkanError, VulkanKernel, VulkanRun};
