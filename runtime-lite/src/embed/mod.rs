//! The embedded runtime of kernels compiled at build time by `oclc-build`: typed buffers,
//! `__local` sizes, a [`Device`] (the CPU through a precompiled object linked into the
//! app, or a Vulkan device) and the argument lists the generated launchers pass to it.
//!
//! Nothing here compiles: the generated module holds the CPU entry points and the SPIR-V
//! words, so an app that only runs its own kernels can depend on this crate with
//! `default-features = false` (no Cranelift, no compiler).

mod args;
mod buffer;
mod cpu;
mod device;
mod element;
mod vulkan;

pub use crate::ndrange::NDRange;
pub use crate::vulkan::VulkanArgKindRt as VulkanArgKind;
pub use args::{Arg, Args, Local};
pub use buffer::Buffer;
pub use cpu::{CpuEntry, CpuKernel, CpuRange};
pub use device::{Device, Kernel, LaunchError};
pub use element::Element;
pub use vulkan::{StaticGroupCoarsening, VulkanArgSpec, VulkanEntry};
