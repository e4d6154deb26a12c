//! Images and samplers of one Vulkan launch: a `VkImage` (or, for `image1d_buffer_t`, a
//! texel buffer) per image argument, filled from a staging buffer and kept in layout
//! `GENERAL` during the dispatch, read back into the argument's bytes (tightly packed
//! texels, as the OpenCL device does) after it; a `VkSampler` per sampler argument and
//! constant sampler; and their descriptors (see the compiler's Vulkan reflection for the
//! scheme: every Vulkan sampler uses normalized coordinates).

use ash::vk;

use super::device::{vk_err, VulkanDevice, VulkanError};
use super::launch::{VulkanArg, VulkanArgKindRt, VulkanKernel};
use super::memory::VkBuffer;
use crate::opencl::{object_type, OpenClImageDesc};

/// One image argument's device objects.
struct DevImage {
    /// The image (null for a texel buffer).
    image: vk::Image,
    memory: vk::DeviceMemory,
    view: vk::ImageView,
    /// The texel buffer and its view (texel buffer images only).
    texel_buffer: Option<VkBuffer>,
    buffer_view: vk::BufferView,
    /// Staging buffers: texels in, texels out.
    up: VkBuffer,
    down: VkBuffer,
    len: u64,
    extent: vk::Extent3D,
    layers: u32,
}

/// One descriptor of the launch.
struct Binding {
    binding: u32,
    ty: vk::DescriptorType,
    view: vk::ImageView,
    buffer_view: vk::BufferView,
    sampler: vk::Sampler,
}

/// The images, samplers and descriptors of one launch; destroyed on drop (after the
/// device is idle: the launch's objects wait for it first).
pub(crate) struct ImageSet<'d> {
    dev: &'d VulkanDevice,
    images: Vec<DevImage>,
    samplers: Vec<vk::Sampler>,
    bindings: Vec<Binding>,
}

impl Drop for ImageSet<'_> {
    fn drop(&mut self) {
        let d = &self.dev.device;
        unsafe {
            let _ = d.device_wait_idle();
            for s in self.samplers.drain(..) {
                d.destroy_sampler(s, None);
            }
            for i in self.images.drain(..) {
                d.destroy_image_view(i.view, None);
                d.destroy_buffer_view(i.buffer_view, None);
                d.destroy_image(i.image, None);
                d.free_memory(i.memory, None);
                if let Some(b) = i.texel_buffer {
                    self.dev.destroy_buffer(b);
                }
                self.dev.destroy_buffer(i.up);
                self.dev.destroy_buffer(i.down);
            }
        }
    }
}

/// The Vulkan format with the memory layout of an OpenCL image format.
pub(crate) fn vk_format(order: u32, channel: u32) -> Option<vk::Format> {
    use vk::Format as F;
    // Per channel type: r, rg, rgba, bgra.
    let table: [(u32, [F; 4]); 12] = [
        (
            0x10D0,
            [
                F::R8_SNORM,
                F::R8G8_SNORM,
                F::R8G8B8A8_SNORM,
                F::B8G8R8A8_SNORM,
            ],
        ),
        (
            0x10D1,
            [
                F::R16_SNORM,
                F::R16G16_SNORM,
                F::R16G16B16A16_SNORM,
                F::UNDEFINED,
            ],
        ),
        (
            0x10D2,
            [
                F::R8_UNORM,
                F::R8G8_UNORM,
                F::R8G8B8A8_UNORM,
                F::B8G8R8A8_UNORM,
            ],
        ),
        (
            0x10D3,
            [
                F::R16_UNORM,
                F::R16G16_UNORM,
                F::R16G16B16A16_UNORM,
                F::UNDEFINED,
            ],
        ),
        (
            0x10D7,
            [F::R8_SINT, F::R8G8_SINT, F::R8G8B8A8_SINT, F::B8G8R8A8_SINT],
        ),
        (
            0x10D8,
            [
                F::R16_SINT,
                F::R16G16_SINT,
                F::R16G16B16A16_SINT,
                F::UNDEFINED,
            ],
        ),
        (
            0x10D9,
            [
                F::R32_SINT,
                F::R32G32_SINT,
                F::R32G32B32A32_SINT,
                F::UNDEFINED,
            ],
        ),
        (
            0x10DA,
            [F::R8_UINT, F::R8G8_UINT, F::R8G8B8A8_UINT, F::B8G8R8A8_UINT],
        ),
        (
            0x10DB,
            [
                F::R16_UINT,
                F::R16G16_UINT,
                F::R16G16B16A16_UINT,
                F::UNDEFINED,
            ],
        ),
        (
            0x10DC,
            [
                F::R32_UINT,
                F::R32G32_UINT,
                F::R32G32B32A32_UINT,
                F::UNDEFINED,
            ],
        ),
        (
            0x10DD,
            [
                F::R16_SFLOAT,
                F::R16G16_SFLOAT,
                F::R16G16B16A16_SFLOAT,
                F::UNDEFINED,
            ],
        ),
        (
            0x10DE,
            [
                F::R32_SFLOAT,
                F::R32G32_SFLOAT,
                F::R32G32B32A32_SFLOAT,
                F::UNDEFINED,
            ],
        ),
    ];
    let column = match order {
        0x10B0 => 0,
        0x10B2 => 1,
        0x10B5 => 2,
        0x10B6 => 3,
        _ => return None,
    };
    let (_, formats) = table.iter().find(|(c, _)| *c == channel)?;
    Some(formats[column]).filter(|f| *f != F::UNDEFINED)
}

/// The Vulkan sampler of an OpenCL sampler's `CLK_*` bits (normalized coordinates).
fn sampler_info(bits: u32) -> vk::SamplerCreateInfo<'static> {
    let mode = match bits & 0xe {
        4 => vk::SamplerAddressMode::CLAMP_TO_BORDER,
        6 => vk::SamplerAddressMode::REPEAT,
        8 => vk::SamplerAddressMode::MIRRORED_REPEAT,
        _ => vk::SamplerAddressMode::CLAMP_TO_EDGE,
    };
    let filter = if bits & 0x20 != 0 {
        vk::Filter::LINEAR
    } else {
        vk::Filter::NEAREST
    };
    vk::SamplerCreateInfo::default()
        .mag_filter(filter)
        .min_filter(filter)
        .mipmap_mode(vk::SamplerMipmapMode::NEAREST)
        .address_mode_u(mode)
        .address_mode_v(mode)
        .address_mode_w(mode)
        .min_lod(0.0)
        .max_lod(0.0)
        .border_color(vk::BorderColor::FLOAT_TRANSPARENT_BLACK)
        .unnormalized_coordinates(false)
}

/// The image type, view type, extent and layer count of an OpenCL image.
fn shape(desc: &OpenClImageDesc) -> (vk::ImageType, vk::ImageViewType, vk::Extent3D, u32) {
    let e = |w: usize, h: usize, d: usize| vk::Extent3D {
        width: w as u32,
        height: h as u32,
        depth: d as u32,
    };
    let (w, h, d, n) = (desc.width, desc.height, desc.depth, desc.array_size as u32);
    match desc.object_type {
        object_type::IMAGE1D_ARRAY => (
            vk::ImageType::TYPE_1D,
            vk::ImageViewType::TYPE_1D_ARRAY,
            e(w, 1, 1),
            n,
        ),
        object_type::IMAGE2D => (
            vk::ImageType::TYPE_2D,
            vk::ImageViewType::TYPE_2D,
            e(w, h, 1),
            1,
        ),
        object_type::IMAGE2D_ARRAY => (
            vk::ImageType::TYPE_2D,
            vk::ImageViewType::TYPE_2D_ARRAY,
            e(w, h, 1),
            n,
        ),
        object_type::IMAGE3D => (
            vk::ImageType::TYPE_3D,
            vk::ImageViewType::TYPE_3D,
            e(w, h, d),
            1,
        ),
        _ => (
            vk::ImageType::TYPE_1D,
            vk::ImageViewType::TYPE_1D,
            e(w, 1, 1),
            1,
        ),
    }
}

/// The name of the format feature an image descriptor needs.
fn feature_name(f: vk::FormatFeatureFlags) -> &'static str {
    match f {
        vk::FormatFeatureFlags::SAMPLED_IMAGE => "sampled images",
        vk::FormatFeatureFlags::STORAGE_IMAGE => "storage images",
        vk::FormatFeatureFlags::UNIFORM_TEXEL_BUFFER => "uniform texel buffers",
        _ => "storage texel buffers",
    }
}

fn color_range() -> vk::ImageSubresourceRange {
    vk::ImageSubresourceRange::default()
        .aspect_mask(vk::ImageAspectFlags::COLOR)
        .level_count(1)
        .layer_count(vk::REMAINING_ARRAY_LAYERS)
}

impl<'d> ImageSet<'d> {
    /// Creates the images and samplers of kernel `k`'s arguments and constant samplers,
    /// with the images' texels staged for upload.
    pub(crate) fn new(
        dev: &'d VulkanDevice,
        k: &VulkanKernel,
        args: &[VulkanArg<'_>],
    ) -> Result<ImageSet<'d>, VulkanError> {
        let mut set = ImageSet {
            dev,
            images: Vec::new(),
            samplers: Vec::new(),
            bindings: Vec::new(),
        };
        for (i, (a, l)) in args.iter().zip(&k.args).enumerate() {
            let Some(binding) = l.binding else { continue };
            let more = l.more_bindings.iter().flatten().copied();
            match (a, l.kind) {
                (VulkanArg::Sampler(bits), VulkanArgKindRt::Sampler) => {
                    set.add_sampler(binding, *bits)?
                }
                (VulkanArg::Image { desc, bytes }, kind) => set
                    .add_image(binding, more, kind, desc, bytes)
                    .map_err(|e| VulkanError(format!("image argument {i}: {}", e.0)))?,
                _ => {
                    return Err(VulkanError(format!(
                        "argument {i} does not match the kernel's parameter kind"
                    )))
                }
            }
        }
        for &(binding, bits) in &k.constant_samplers {
            set.add_sampler(binding, bits)?;
        }
        Ok(set)
    }

    fn add_sampler(&mut self, binding: u32, bits: u32) -> Result<(), VulkanError> {
        let info = sampler_info(bits);
        let s = unsafe { self.dev.device.create_sampler(&info, None) }
            .map_err(vk_err("vkCreateSampler"))?;
        self.samplers.push(s);
        self.bindings.push(Binding {
            binding,
            ty: vk::DescriptorType::SAMPLER,
            view: vk::ImageView::null(),
            buffer_view: vk::BufferView::null(),
            sampler: s,
        });
        Ok(())
    }

    fn check_format(
        &self,
        format: vk::Format,
        buffer: bool,
        need: vk::FormatFeatureFlags,
    ) -> Result<(), VulkanError> {
        let props = unsafe {
            self.dev
                .instance
                .get_physical_device_format_properties(self.dev.physical, format)
        };
        let have = if buffer {
            props.buffer_features
        } else {
            props.optimal_tiling_features
        };
        if have.contains(need) {
            return Ok(());
        }
        Err(VulkanError(format!(
            "device {} does not support VkFormat {} for {}",
            self.dev.name,
            format.as_raw(),
            feature_name(need)
        )))
    }

    /// Adds image argument `desc` with texels `bytes`, bound (as one view) at `binding`
    /// and at the `more` bindings of its further texel types.
    fn add_image(
        &mut self,
        binding: u32,
        more: impl Iterator<Item = u32>,
        kind: VulkanArgKindRt,
        desc: &OpenClImageDesc,
        bytes: &[u8],
    ) -> Result<(), VulkanError> {
        let d = &self.dev.device;
        let format = vk_format(desc.channel_order, desc.channel_type).ok_or_else(|| {
            VulkanError(format!(
                "no Vulkan format has the layout of channel order {:#x} with channel type {:#x}",
                desc.channel_order, desc.channel_type
            ))
        })?;
        let len = bytes.len() as u64;
        let up = self
            .dev
            .create_buffer(len, vk::BufferUsageFlags::TRANSFER_SRC, true)?;
        up.write(bytes);
        let down = self
            .dev
            .create_buffer(len, vk::BufferUsageFlags::TRANSFER_DST, true)?;
        let (image_type, view_type, extent, layers) = shape(desc);
        let mut img = DevImage {
            image: vk::Image::null(),
            memory: vk::DeviceMemory::null(),
            view: vk::ImageView::null(),
            texel_buffer: None,
            buffer_view: vk::BufferView::null(),
            up,
            down,
            len,
            extent,
            layers,
        };
        let (ty, feature, usage) = match kind {
            VulkanArgKindRt::SampledImage => (
                vk::DescriptorType::SAMPLED_IMAGE,
                vk::FormatFeatureFlags::SAMPLED_IMAGE,
                vk::ImageUsageFlags::SAMPLED,
            ),
            VulkanArgKindRt::StorageImage => (
                vk::DescriptorType::STORAGE_IMAGE,
                vk::FormatFeatureFlags::STORAGE_IMAGE,
                vk::ImageUsageFlags::STORAGE,
            ),
            VulkanArgKindRt::SampledTexelBuffer => (
                vk::DescriptorType::UNIFORM_TEXEL_BUFFER,
                vk::FormatFeatureFlags::UNIFORM_TEXEL_BUFFER,
                vk::ImageUsageFlags::empty(),
            ),
            VulkanArgKindRt::StorageTexelBuffer => (
                vk::DescriptorType::STORAGE_TEXEL_BUFFER,
                vk::FormatFeatureFlags::STORAGE_TEXEL_BUFFER,
                vk::ImageUsageFlags::empty(),
            ),
            _ => return Err(VulkanError("not an image parameter".into())),
        };
        let texel_buffer = matches!(
            kind,
            VulkanArgKindRt::SampledTexelBuffer | VulkanArgKindRt::StorageTexelBuffer
        );
        // Registered first, so that whatever is created below is destroyed on failure.
        let at = self.images.len();
        if texel_buffer {
            self.check_format(format, true, feature)?;
            let usage = if kind == VulkanArgKindRt::SampledTexelBuffer {
                vk::BufferUsageFlags::UNIFORM_TEXEL_BUFFER
            } else {
                vk::BufferUsageFlags::STORAGE_TEXEL_BUFFER
            } | vk::BufferUsageFlags::TRANSFER_SRC
                | vk::BufferUsageFlags::TRANSFER_DST;
            let buf = self.dev.create_buffer(len, usage, false)?;
            let info = vk::BufferViewCreateInfo::default()
                .buffer(buf.buffer)
                .format(format)
                .offset(0)
                .range(len);
            img.texel_buffer = Some(buf);
            self.images.push(img);
            let view = unsafe { d.create_buffer_view(&info, None) }
                .map_err(vk_err("vkCreateBufferView"))?;
            self.images[at].buffer_view = view;
        } else {
            self.check_format(format, false, feature)?;
            let info = vk::ImageCreateInfo::default()
                .image_type(image_type)
                .format(format)
                .extent(extent)
                .mip_levels(1)
                .array_layers(layers)
                .samples(vk::SampleCountFlags::TYPE_1)
                .tiling(vk::ImageTiling::OPTIMAL)
                .usage(
                    usage | vk::ImageUsageFlags::TRANSFER_SRC | vk::ImageUsageFlags::TRANSFER_DST,
                )
                .sharing_mode(vk::SharingMode::EXCLUSIVE)
                .initial_layout(vk::ImageLayout::UNDEFINED);
            self.images.push(img);
            let image = unsafe { d.create_image(&info, None) }.map_err(vk_err("vkCreateImage"))?;
            self.images[at].image = image;
            let req = unsafe { d.get_image_memory_requirements(image) };
            let mem_ty = self
                .dev
                .memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::DEVICE_LOCAL)
                .or_else(|| {
                    self.dev
                        .memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::empty())
                })
                .ok_or_else(|| VulkanError("no suitable memory type for an image".into()))?;
            let alloc = vk::MemoryAllocateInfo::default()
                .allocation_size(req.size)
                .memory_type_index(mem_ty);
            let memory = unsafe { d.allocate_memory(&alloc, None) }
                .map_err(vk_err("vkAllocateMemory (image)"))?;
            self.images[at].memory = memory;
            unsafe { d.bind_image_memory(image, memory, 0) }
                .map_err(vk_err("vkBindImageMemory"))?;
            let info = vk::ImageViewCreateInfo::default()
                .image(image)
                .view_type(view_type)
                .format(format)
                .subresource_range(color_range());
            let view =
                unsafe { d.create_image_view(&info, None) }.map_err(vk_err("vkCreateImageView"))?;
            self.images[at].view = view;
        }
        for binding in std::iter::once(binding).chain(more) {
            self.bindings.push(Binding {
                binding,
                ty,
                view: self.images[at].view,
                buffer_view: self.images[at].buffer_view,
                sampler: vk::Sampler::null(),
            });
        }
        Ok(())
    }

    /// True when the launch has image or sampler descriptors.
    pub(crate) fn is_empty(&self) -> bool {
        self.bindings.is_empty()
    }

    /// The descriptor set layout bindings of the images and samplers.
    pub(crate) fn layout_bindings(&self) -> Vec<vk::DescriptorSetLayoutBinding<'static>> {
        self.bindings
            .iter()
            .map(|b| {
                vk::DescriptorSetLayoutBinding::default()
                    .binding(b.binding)
                    .descriptor_type(b.ty)
                    .descriptor_count(1)
                    .stage_flags(vk::ShaderStageFlags::COMPUTE)
            })
            .collect()
    }

    /// One pool size per descriptor.
    pub(crate) fn pool_sizes(&self) -> Vec<vk::DescriptorPoolSize> {
        self.bindings
            .iter()
            .map(|b| {
                vk::DescriptorPoolSize::default()
                    .ty(b.ty)
                    .descriptor_count(1)
            })
            .collect()
    }

    /// Writes the image and sampler descriptors of `set`.
    pub(crate) fn write_descriptors(&self, set: vk::DescriptorSet) {
        let infos: Vec<[vk::DescriptorImageInfo; 1]> = self
            .bindings
            .iter()
            .map(|b| {
                [vk::DescriptorImageInfo::default()
                    .image_view(b.view)
                    .sampler(b.sampler)
                    .image_layout(vk::ImageLayout::GENERAL)]
            })
            .collect();
        let views: Vec<[vk::BufferView; 1]> =
            self.bindings.iter().map(|b| [b.buffer_view]).collect();
        let writes: Vec<vk::WriteDescriptorSet> = self
            .bindings
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let w = vk::WriteDescriptorSet::default()
                    .dst_set(set)
                    .dst_binding(b.binding)
                    .descriptor_type(b.ty);
                match b.ty {
                    vk::DescriptorType::UNIFORM_TEXEL_BUFFER
                    | vk::DescriptorType::STORAGE_TEXEL_BUFFER => w.texel_buffer_view(&views[i]),
                    _ => w.image_info(&infos[i]),
                }
            })
            .collect();
        unsafe { self.dev.device.update_descriptor_sets(&writes, &[]) };
    }

    fn layout_barrier(
        &self,
        cb: vk::CommandBuffer,
        image: vk::Image,
        from: (vk::ImageLayout, vk::AccessFlags, vk::PipelineStageFlags),
        to: (vk::ImageLayout, vk::AccessFlags, vk::PipelineStageFlags),
    ) {
        let b = [vk::ImageMemoryBarrier::default()
            .old_layout(from.0)
            .new_layout(to.0)
            .src_access_mask(from.1)
            .dst_access_mask(to.1)
            .src_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .dst_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .image(image)
            .subresource_range(color_range())];
        unsafe {
            self.dev.device.cmd_pipeline_barrier(
                cb,
                from.2,
                to.2,
                vk::DependencyFlags::empty(),
                &[],
                &[],
                &b,
            )
        };
    }

    fn copy_region(i: &DevImage) -> [vk::BufferImageCopy; 1] {
        [vk::BufferImageCopy::default()
            .image_subresource(
                vk::ImageSubresourceLayers::default()
                    .aspect_mask(vk::ImageAspectFlags::COLOR)
                    .layer_count(i.layers),
            )
            .image_extent(i.extent)]
    }

    /// Records the uploads of the texels, leaving images in layout `GENERAL` for compute.
    pub(crate) fn record_upload(&self, cb: vk::CommandBuffer) {
        let d = &self.dev.device;
        let transfer = vk::PipelineStageFlags::TRANSFER;
        let compute = vk::PipelineStageFlags::COMPUTE_SHADER;
        let shader = vk::AccessFlags::SHADER_READ | vk::AccessFlags::SHADER_WRITE;
        for i in &self.images {
            if let Some(b) = &i.texel_buffer {
                let r = [vk::BufferCopy::default().size(i.len.max(1))];
                unsafe { d.cmd_copy_buffer(cb, i.up.buffer, b.buffer, &r) };
                continue;
            }
            self.layout_barrier(
                cb,
                i.image,
                (
                    vk::ImageLayout::UNDEFINED,
                    vk::AccessFlags::empty(),
                    vk::PipelineStageFlags::TOP_OF_PIPE,
                ),
                (
                    vk::ImageLayout::TRANSFER_DST_OPTIMAL,
                    vk::AccessFlags::TRANSFER_WRITE,
                    transfer,
                ),
            );
            let r = Self::copy_region(i);
            unsafe {
                d.cmd_copy_buffer_to_image(
                    cb,
                    i.up.buffer,
                    i.image,
                    vk::ImageLayout::TRANSFER_DST_OPTIMAL,
                    &r,
                )
            };
            self.layout_barrier(
                cb,
                i.image,
                (
                    vk::ImageLayout::TRANSFER_DST_OPTIMAL,
                    vk::AccessFlags::TRANSFER_WRITE,
                    transfer,
                ),
                (vk::ImageLayout::GENERAL, shader, compute),
            );
        }
    }

    /// Records the copies of the texels back to the host after the dispatch (after a
    /// barrier that makes the kernel's writes visible to transfers).
    pub(crate) fn record_download(&self, cb: vk::CommandBuffer) {
        let d = &self.dev.device;
        let transfer = vk::PipelineStageFlags::TRANSFER;
        let compute = vk::PipelineStageFlags::COMPUTE_SHADER;
        for i in &self.images {
            if let Some(b) = &i.texel_buffer {
                let r = [vk::BufferCopy::default().size(i.len.max(1))];
                unsafe { d.cmd_copy_buffer(cb, b.buffer, i.down.buffer, &r) };
                continue;
            }
            self.layout_barrier(
                cb,
                i.image,
                (
                    vk::ImageLayout::GENERAL,
                    vk::AccessFlags::SHADER_WRITE,
                    compute,
                ),
                (
                    vk::ImageLayout::TRANSFER_SRC_OPTIMAL,
                    vk::AccessFlags::TRANSFER_READ,
                    transfer,
                ),
            );
            let r = Self::copy_region(i);
            unsafe {
                d.cmd_copy_image_to_buffer(
                    cb,
                    i.image,
                    vk::ImageLayout::TRANSFER_SRC_OPTIMAL,
                    i.down.buffer,
                    &r,
                )
            };
        }
    }

    /// Copies the texels read back into the image arguments' bytes.
    pub(crate) fn read_back(&self, args: &mut [VulkanArg<'_>]) {
        let mut next = self.images.iter();
        for a in args.iter_mut() {
            if let VulkanArg::Image { bytes, .. } = a {
                if let Some(i) = next.next() {
                    i.down.read(bytes);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_keep_the_opencl_memory_layout() {
        // (CL_RGBA, CL_UNORM_INT8), (CL_BGRA, CL_UNORM_INT8), (CL_R, CL_FLOAT), (CL_RG, CL_SIGNED_INT16).
        assert!(vk_format(0x10B5, 0x10D2) == Some(vk::Format::R8G8B8A8_UNORM));
        assert!(vk_format(0x10B6, 0x10D2) == Some(vk::Format::B8G8R8A8_UNORM));
        assert!(vk_format(0x10B0, 0x10DE) == Some(vk::Format::R32_SFLOAT));
        assert!(vk_format(0x10B2, 0x10D8) == Some(vk::Format::R16G16_SINT));
        // Vulkan has no 32-bit BGRA, nor (here) other orders.
        assert!(vk_format(0x10B6, 0x10DE).is_none());
        assert!(vk_format(0x10B1, 0x10D2).is_none());
    }

    #[test]
    fn samplers_use_normalized_coordinates_and_the_opencl_address_mode() {
        // CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR.
        let s = sampler_info(0x24);
        assert!(s.unnormalized_coordinates == vk::FALSE);
        assert!(s.address_mode_u == vk::SamplerAddressMode::CLAMP_TO_BORDER);
        assert!(s.border_color == vk::BorderColor::FLOAT_TRANSPARENT_BLACK);
        assert!(s.mag_filter == vk::Filter::LINEAR);
        // CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_MIRRORED_REPEAT | CLK_FILTER_NEAREST.
        let s = sampler_info(0x19);
        assert!(s.address_mode_w == vk::SamplerAddressMode::MIRRORED_REPEAT);
        assert!(s.min_filter == vk::Filter::NEAREST);
        // CLK_ADDRESS_NONE is served by clamping to the edge.
        assert!(sampler_info(0x10).address_mode_v == vk::SamplerAddressMode::CLAMP_TO_EDGE);
    }
}
