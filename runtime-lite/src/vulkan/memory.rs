//! Buffers and their memory: device-local storage buffers with device addresses, and
//! host-visible staging (and uniform) buffers mapped for copies.

use ash::vk;

use super::device::{vk_err, VulkanDevice, VulkanError};

/// A buffer with its own memory allocation.
pub(crate) struct VkBuffer {
    pub buffer: vk::Buffer,
    pub memory: vk::DeviceMemory,
    pub size: u64,
    /// Host pointer when the memory is mapped.
    pub mapped: Option<*mut u8>,
}

impl VulkanDevice {
    pub(crate) fn memory_type(&self, bits: u32, want: vk::MemoryPropertyFlags) -> Option<u32> {
        (0..self.memory.memory_type_count).find(|&i| {
            bits & (1 << i) != 0
                && self.memory.memory_types[i as usize]
                    .property_flags
                    .contains(want)
        })
    }

    /// Creates a buffer of `size` bytes (at least 16); `host` makes it host-visible and
    /// mapped, otherwise it is device-local (falling back to any memory type).
    pub(crate) fn create_buffer(
        &self,
        size: u64,
        usage: vk::BufferUsageFlags,
        host: bool,
    ) -> Result<VkBuffer, VulkanError> {
        let size = size.max(16);
        let d = &self.device;
        let info = vk::BufferCreateInfo::default()
            .size(size)
            .usage(usage)
            .sharing_mode(vk::SharingMode::EXCLUSIVE);
        let buffer = unsafe { d.create_buffer(&info, None) }.map_err(vk_err("vkCreateBuffer"))?;
        let req = unsafe { d.get_buffer_memory_requirements(buffer) };
        let want = if host {
            vk::MemoryPropertyFlags::HOST_VISIBLE | vk::MemoryPropertyFlags::HOST_COHERENT
        } else {
            vk::MemoryPropertyFlags::DEVICE_LOCAL
        };
        let ty = self
            .memory_type(req.memory_type_bits, want)
            .or_else(|| {
                (!host)
                    .then(|| {
                        self.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::empty())
                    })
                    .flatten()
            })
            .ok_or_else(|| VulkanError("no suitable memory type for a buffer".into()))?;
        let mut flags = vk::MemoryAllocateFlagsInfo::default();
        let addressed = usage.contains(vk::BufferUsageFlags::SHADER_DEVICE_ADDRESS);
        if addressed {
            flags = flags.flags(vk::MemoryAllocateFlags::DEVICE_ADDRESS);
        }
        let alloc = vk::MemoryAllocateInfo::default()
            .allocation_size(req.size)
            .memory_type_index(ty)
            .push_next(&mut flags);
        let memory = unsafe { d.allocate_memory(&alloc, None) }.map_err(|e| {
            VulkanError(format!(
                "vkAllocateMemory of {} bytes failed: {e}",
                req.size
            ))
        })?;
        unsafe { d.bind_buffer_memory(buffer, memory, 0) }.map_err(vk_err("vkBindBufferMemory"))?;
        let mapped = if host {
            let p = unsafe { d.map_memory(memory, 0, vk::WHOLE_SIZE, vk::MemoryMapFlags::empty()) }
                .map_err(vk_err("vkMapMemory"))?;
            Some(p as *mut u8)
        } else {
            None
        };
        Ok(VkBuffer {
            buffer,
            memory,
            size,
            mapped,
        })
    }

    /// The device address of a buffer created with `SHADER_DEVICE_ADDRESS`.
    pub(crate) fn address(&self, b: &VkBuffer) -> u64 {
        let info = vk::BufferDeviceAddressInfo::default().buffer(b.buffer);
        unsafe { self.device.get_buffer_device_address(&info) }
    }

    /// Frees a buffer and its memory.
    pub(crate) fn destroy_buffer(&self, b: VkBuffer) {
        unsafe {
            self.device.destroy_buffer(b.buffer, None);
            self.device.free_memory(b.memory, None);
        }
    }
}

impl VkBuffer {
    /// Copies `bytes` into a mapped buffer.
    pub(crate) fn write(&self, bytes: &[u8]) {
        if let Some(p) = self.mapped {
            let n = bytes.len().min(self.size as usize);
            unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), p, n) };
        }
    }

    /// Copies a mapped buffer's first `out.len()` bytes out.
    pub(crate) fn read(&self, out: &mut [u8]) {
        if let Some(p) = self.mapped {
            let n = out.len().min(self.size as usize);
            unsafe { std::ptr::copy_nonoverlapping(p, out.as_mut_ptr(), n) };
        }
    }
}
