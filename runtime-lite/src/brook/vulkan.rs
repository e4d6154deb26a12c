//! Brook+ kernels on a Vulkan device: the OpenCL kernels of the generated program, compiled
//! to oclc's Vulkan SPIR-V, launched one at a time through [`VulkanDevice::run`].

use super::device::{BrookDevice, DeviceArg};
use crate::ndrange::NDRange;
use crate::vulkan::{VulkanArg, VulkanDevice, VulkanKernel};

/// A Vulkan device with the Vulkan SPIR-V module of a Brook+ program and the reflection of
/// its kernels.
pub struct VulkanBrookDevice<'d> {
    /// The opened device.
    pub device: &'d VulkanDevice,
    /// The module's words.
    pub spirv: &'d [u32],
    /// How each kernel of the module takes its arguments.
    pub kernels: &'d [VulkanKernel],
}

impl BrookDevice for VulkanBrookDevice<'_> {
    fn launch(
        &mut self,
        kernel: &str,
        args: &mut [DeviceArg<'_>],
        range: &NDRange,
    ) -> Result<(), String> {
        let k = self
            .kernels
            .iter()
            .find(|k| k.entry_point == kernel)
            .ok_or_else(|| format!("no kernel named '{kernel}' in the Vulkan module"))?;
        let mut vk: Vec<VulkanArg<'_>> = args
            .iter_mut()
            .map(|a| match a {
                DeviceArg::Buffer(b) => VulkanArg::Buffer(b.as_mut_slice()),
                DeviceArg::Value(v) => VulkanArg::Value(v.as_slice()),
            })
            .collect();
        self.device
            .run(self.spirv, k, &mut vk, range, 0)
            .map(|_| ())
            .map_err(|e| format!("{e} (on {})", self.device.name))
    }
}
