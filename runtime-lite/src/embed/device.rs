//! The device generated launchers run on, and the kernels they describe.

use super::args::Args;
use super::cpu::{self, CpuKernel};
use super::vulkan::{self, VulkanEntry};
use crate::ndrange::NDRange;
use crate::vulkan::VulkanDevice;

/// Why a launch failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LaunchError(pub String);

impl std::fmt::Display for LaunchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LaunchError {}

/// One kernel of a generated module: its CPU entry and Vulkan module, for the targets it
/// was compiled for.
#[derive(Clone, Copy, Debug)]
pub struct Kernel {
    /// The kernel's OpenCL name.
    pub name: &'static str,
    /// The CPU object's entry (`Target::Cpu`).
    pub cpu: Option<CpuKernel>,
    /// The Vulkan module (`Target::Vulkan`).
    pub vulkan: Option<VulkanEntry>,
}

/// Where kernels run.
///
/// ```
/// use oclc_runtime_lite::embed::Device;
/// assert_eq!(Device::cpu().name(), "cpu");
/// ```
pub enum Device {
    /// This machine's CPU, through the objects linked into the app (on the calling thread).
    Cpu,
    /// A Vulkan device.
    Vulkan(Box<VulkanDevice>),
}

impl std::fmt::Debug for Device {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Device({})", self.name())
    }
}

impl Device {
    /// The CPU.
    pub fn cpu() -> Device {
        Device::Cpu
    }

    /// The first discrete GPU with Vulkan, else the first Vulkan device with a compute
    /// queue (e.g. lavapipe); an error when there is no Vulkan loader or device.
    pub fn vulkan() -> Result<Device, LaunchError> {
        VulkanDevice::open()
            .map(|d| Device::Vulkan(Box::new(d)))
            .map_err(|e| LaunchError(e.0))
    }

    /// `cpu`, or the Vulkan device's name.
    pub fn name(&self) -> String {
        match self {
            Device::Cpu => "cpu".to_string(),
            Device::Vulkan(d) => d.name.clone(),
        }
    }

    /// Runs `kernel` over `range` with `args` and waits for it; buffers passed mutably hold
    /// the results. An error when the kernel was not compiled for this device.
    pub fn launch(
        &self,
        kernel: &Kernel,
        range: &NDRange,
        mut args: Args<'_>,
    ) -> Result<(), LaunchError> {
        let missing = |target: &str| {
            LaunchError(format!(
                "kernel {} was not compiled for {target} (add the target in build.rs)",
                kernel.name
            ))
        };
        match self {
            Device::Cpu => {
                let k = kernel.cpu.as_ref().ok_or_else(|| missing("the CPU"))?;
                cpu::launch(kernel.name, k, range, &mut args)
            }
            Device::Vulkan(dev) => {
                let k = kernel.vulkan.as_ref().ok_or_else(|| missing("Vulkan"))?;
                vulkan::launch(dev, k, range, &mut args)
            }
        }
    }
}
