//! A Brook+-shaped runtime on top of oclc's devices: [`Stream`]s with read/write and
//! error()/errorLog(), and kernel calls with the Brook+ semantics (domain from the output
//! streams, implicit resize of inputs, gather/scatter arrays, reductions into scalars or
//! smaller streams in several passes). It knows kernels only through [`BrookKernel`], which
//! the compiler fills from the Brook+ front end's description.

mod device;
mod kernel;
mod launch;
mod reduce;
mod stream;
mod vulkan;

pub use device::{BrookDevice, CpuBrookDevice, DeviceArg};
pub use kernel::{BrookKernel, BrookParam, BrookRole, BrookShape};
pub use launch::{call_kernel, BrookArg};
pub use stream::{BrookError, Stream};
pub use vulkan::VulkanBrookDevice;

#[cfg(test)]
mod tests;
