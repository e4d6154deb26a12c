//! One kernel launch on a Vulkan device: argument block, buffers, pipeline with
//! specialization constants, dispatch, timestamps, read-back.

use std::ffi::CString;
use std::time::{Duration, Instant};

use ash::vk;

use super::device::{vk_err, VulkanDevice, VulkanError};
use super::memory::VkBuffer;
use super::pipeline_stats;
use crate::ndrange::{default_local_size, NDRange};

/// How an argument is passed (mirrors the compiler's reflection).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VulkanArgKindRt {
    /// A buffer device address in the argument block.
    Buffer,
    /// Bytes in the argument block.
    Value,
    /// A `__local` array sized by a specialization constant.
    Local,
    /// A `read_only` image: a sampled image descriptor.
    SampledImage,
    /// A writable image: a storage image descriptor.
    StorageImage,
    /// A `read_only image1d_buffer_t`: a uniform texel buffer descriptor.
    SampledTexelBuffer,
    /// A writable `image1d_buffer_t`: a storage texel buffer descriptor.
    StorageTexelBuffer,
    /// A sampler descriptor (its `CLK_*` bits also go in the block).
    Sampler,
}

/// Where one argument goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VulkanArgLayout {
    /// How it is passed.
    pub kind: VulkanArgKindRt,
    /// Byte offset in the argument block (`Buffer`, `Value`).
    pub offset: Option<u32>,
    /// Specialization constant of the element count (`Local`).
    pub local_spec_id: Option<u32>,
    /// Pointee element size in bytes (`Local`, `Buffer`).
    pub elem_size: u32,
    /// Binding in descriptor set 0 (images and samplers).
    pub binding: Option<u32>,
    /// Further bindings of the same image, for an image the kernel reads or writes with
    /// more than one texel type (one descriptor per `OpTypeImage` sampled type; at most
    /// three types): the launcher binds the image's view at each too.
    pub more_bindings: [Option<u32>; 2],
}

/// What the launcher needs to know about a kernel of a Vulkan module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VulkanKernel {
    /// Entry point name.
    pub entry_point: String,
    /// Arguments in order.
    pub args: Vec<VulkanArgLayout>,
    /// Size of the argument block in bytes.
    pub block_size: u32,
    /// The block is a uniform buffer (set 0, binding 0) rather than push constants.
    pub block_in_uniform_buffer: bool,
    /// Offsets of the launch parameters in the block: global offset, work dim, global size.
    pub launch_offsets: [u32; 3],
    /// `reqd_work_group_size`, if any.
    pub reqd_work_group_size: Option<[u32; 3]>,
    /// Specialization constant ids of the work-group size.
    pub workgroup_size_spec_ids: [u32; 3],
    /// No work-item can tell which work-group it is in, so the launcher may run several
    /// consecutive work-groups along x as one Vulkan workgroup (see
    /// [`super::dispatch`]).
    pub groups_mergeable: bool,
    /// The specialization constant id of the work-items per invocation, when the kernel
    /// can run several (see [`super::dispatch`]).
    pub items_spec_id: Option<u32>,
    /// The specialization constant id of the number of work-groups run as one workgroup,
    /// for a kernel that synchronises its work-groups but reaches its barriers alike in
    /// each (see [`super::dispatch`]).
    pub merged_groups_spec_id: Option<u32>,
    /// The specialization constant id of the rows of work-items each invocation computes,
    /// when the kernel reads it: with 2 the launch dispatches half the invocation rows
    /// along y (see [`super::dispatch`]).
    pub rows_spec_id: Option<u32>,
    /// The kernel's variant that computes several work-groups per invocation, when it has
    /// one (see [`super::dispatch`]).
    pub groups_per_invocation: Option<GroupCoarsening>,
    /// Bytes of `__local` variables per work-group (`__local` arguments not included).
    pub local_memory_bytes: u32,
    /// Constant samplers: binding in descriptor set 0 and `CLK_*` bits.
    pub constant_samplers: Vec<(u32, u32)>,
    /// Where the printf buffer's address goes in the block, when the kernel prints (the
    /// launcher allocates the buffer; see [`super::printf`]).
    pub printf_buffer_offset: Option<u32>,
}

/// A kernel's variant that computes several work-groups per invocation (its
/// reflection's `groups_per_invocation`; see [`super::dispatch`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupCoarsening {
    /// The variant's entry point in the same module (its arguments go as the kernel's).
    pub entry_point: String,
    /// The dimension whose work-groups an invocation computes several of.
    pub dim: u32,
    /// The work-groups each invocation computes.
    pub factor: u32,
    /// The variant's extra `__local` arguments, in order: the index of the kernel's
    /// argument each copies (and is sized as), and its specialization constant id.
    pub local_copies: Vec<(u32, u32)>,
}

/// An argument value.
pub enum VulkanArg<'a> {
    /// A buffer: uploaded before the launch, the results copied back into it.
    Buffer(&'a mut [u8]),
    /// A value's bytes.
    Value(&'a [u8]),
    /// A `__local` buffer of this many bytes.
    Local(usize),
    /// An image: its format and extents, and its texels (tightly packed), uploaded
    /// before the launch and updated from the device after it.
    Image {
        /// Format and extents.
        desc: crate::opencl::OpenClImageDesc,
        /// The texels.
        bytes: &'a mut [u8],
    },
    /// A sampler, as OpenCL C's `CLK_*` bits.
    Sampler(u32),
}

/// What a run measured.
#[derive(Clone, Debug, Default)]
pub struct VulkanRun {
    /// Kernel time of each timed launch (timestamp queries around the dispatch).
    pub times: Vec<Duration>,
    /// The work-group size used.
    pub local: [u64; 3],
    /// How many consecutive work-groups along x each Vulkan workgroup ran (1: none
    /// merged; see [`super::group_merge`]).
    pub merged_groups: u32,
    /// Work-items each invocation ran (1: one each; see [`super::dispatch`]).
    pub items_per_invocation: u32,
    /// Rows of work-items (along y) each invocation ran (1 or 2; see [`super::dispatch`]).
    pub rows_per_invocation: u32,
    /// Work-groups each invocation computed along the kernel's coarsened dimension (1: one).
    pub groups_per_invocation: u32,
    /// The printf buffer after the first launch (header and records, as words), when the
    /// kernel prints; format it with [`super::printf::format_printf_buffer`].
    pub printf_words: Vec<u32>,
}

/// Every Vulkan object of one launch, destroyed on drop.
struct Objects<'d> {
    dev: &'d VulkanDevice,
    buffers: Vec<VkBuffer>,
    module: vk::ShaderModule,
    set_layout: vk::DescriptorSetLayout,
    desc_pool: vk::DescriptorPool,
    layout: vk::PipelineLayout,
    pipeline: vk::Pipeline,
    cmd_pool: vk::CommandPool,
    query_pool: vk::QueryPool,
    fence: vk::Fence,
}

impl Drop for Objects<'_> {
    fn drop(&mut self) {
        let d = &self.dev.device;
        unsafe {
            let _ = d.device_wait_idle();
            d.destroy_fence(self.fence, None);
            d.destroy_query_pool(self.query_pool, None);
            d.destroy_command_pool(self.cmd_pool, None);
            d.destroy_pipeline(self.pipeline, None);
            d.destroy_pipeline_layout(self.layout, None);
            d.destroy_descriptor_pool(self.desc_pool, None);
            d.destroy_descriptor_set_layout(self.set_layout, None);
            d.destroy_shader_module(self.module, None);
        }
        for b in self.buffers.drain(..) {
            self.dev.destroy_buffer(b);
        }
    }
}

fn u32_of(v: u64, what: &str) -> Result<u32, VulkanError> {
    u32::try_from(v).map_err(|_| VulkanError(format!("{what} {v} does not fit in 32 bits")))
}

impl VulkanDevice {
    /// Runs kernel `k` of the SPIR-V module `spirv` once (results copied back into the
    /// buffer arguments), then `repeat` more times from the same inputs for timing.
    pub fn run(
        &self,
        spirv: &[u32],
        k: &VulkanKernel,
        args: &mut [VulkanArg<'_>],
        range: &NDRange,
        repeat: usize,
    ) -> Result<VulkanRun, VulkanError> {
        if args.len() != k.args.len() {
            return Err(VulkanError(format!(
                "kernel {} takes {} arguments, {} given",
                k.entry_point,
                k.args.len(),
                args.len()
            )));
        }
        let local = match (range.local, k.reqd_work_group_size) {
            (Some(l), _) => l,
            (None, Some(r)) => [r[0] as u64, r[1] as u64, r[2] as u64],
            (None, None) => default_local_size(range.work_dim, range.global),
        };
        let mut groups = [1u32; 3];
        for d in 0..3 {
            if local[d] == 0 || !range.global[d].is_multiple_of(local[d]) {
                return Err(VulkanError(format!(
                    "global size {} is not a multiple of the work-group size {} in dimension {d}",
                    range.global[d], local[d]
                )));
            }
            groups[d] = u32_of(range.global[d] / local[d], "work-group count")?;
        }
        // The block below keeps the user's global size and offset whatever the shape.
        let shape = super::dispatch::plan(
            range.work_dim,
            local.map(|l| l as u32),
            groups,
            grouping(k, args, rows_fit_int(range)),
            self.workgroup_limits,
        );
        groups = shape.groups;
        let d = &self.device;
        let mut o = Objects {
            dev: self,
            buffers: Vec::new(),
            module: vk::ShaderModule::null(),
            set_layout: vk::DescriptorSetLayout::null(),
            desc_pool: vk::DescriptorPool::null(),
            layout: vk::PipelineLayout::null(),
            pipeline: vk::Pipeline::null(),
            cmd_pool: vk::CommandPool::null(),
            query_pool: vk::QueryPool::null(),
            fence: vk::Fence::null(),
        };

        // Argument block and buffers (device, upload, download per buffer argument).
        let mut block = vec![0u8; k.block_size as usize];
        let mut put = |off: u32, bytes: &[u8]| {
            let off = off as usize;
            let end = (off + bytes.len()).min(block.len());
            block[off..end].copy_from_slice(&bytes[..end - off]);
        };
        let [off_o, dim_o, size_o] = k.launch_offsets;
        for i in 0..3 {
            put(
                off_o + 4 * i as u32,
                &u32_of(range.offset[i], "global offset")?.to_le_bytes(),
            );
            put(
                size_o + 4 * i as u32,
                &u32_of(range.global[i], "global size")?.to_le_bytes(),
            );
        }
        put(dim_o, &range.work_dim.to_le_bytes());
        let storage = vk::BufferUsageFlags::STORAGE_BUFFER
            | vk::BufferUsageFlags::SHADER_DEVICE_ADDRESS
            | vk::BufferUsageFlags::TRANSFER_SRC
            | vk::BufferUsageFlags::TRANSFER_DST;
        let mut copies = Vec::new(); // (device, upload, download, len) buffer indices
        let mut spec: Vec<(u32, u32)> = k
            .workgroup_size_spec_ids
            .iter()
            .zip(shape.workgroup)
            .map(|(&id, l)| (id, l))
            .collect();
        if let Some(id) = k.items_spec_id {
            spec.push((id, shape.items));
        }
        if let Some(id) = k.merged_groups_spec_id {
            spec.push((id, shape.merged));
        }
        if let Some(id) = k.rows_spec_id {
            spec.push((id, shape.rows));
        }
        for (a, l) in args.iter().zip(&k.args) {
            match (a, l.kind) {
                (VulkanArg::Buffer(bytes), VulkanArgKindRt::Buffer) => {
                    let len = bytes.len() as u64;
                    let dev = self.create_buffer(len, storage, false)?;
                    put(l.offset.unwrap_or(0), &self.address(&dev).to_le_bytes());
                    let up = self.create_buffer(len, vk::BufferUsageFlags::TRANSFER_SRC, true)?;
                    up.write(bytes);
                    let down = self.create_buffer(len, vk::BufferUsageFlags::TRANSFER_DST, true)?;
                    let n = o.buffers.len();
                    o.buffers.extend([dev, up, down]);
                    copies.push((n, n + 1, n + 2, len.max(1)));
                }
                (VulkanArg::Value(bytes), VulkanArgKindRt::Value) => {
                    put(l.offset.unwrap_or(0), bytes)
                }
                (VulkanArg::Local(n), VulkanArgKindRt::Local) => {
                    // One part per merged work-group (see `super::dispatch`).
                    let elems = local_arg_elems(*n, l.elem_size);
                    spec.push((l.local_spec_id.unwrap_or(0), elems * shape.merged));
                }
                (VulkanArg::Image { desc, .. }, _) if l.binding.is_some() => {
                    let off = l.offset.unwrap_or(0);
                    put(off, &desc.channel_type.to_le_bytes());
                    put(off + 4, &desc.channel_order.to_le_bytes());
                }
                (VulkanArg::Sampler(bits), VulkanArgKindRt::Sampler) => {
                    put(l.offset.unwrap_or(0), &bits.to_le_bytes())
                }
                _ => {
                    return Err(VulkanError(
                        "an argument does not match the kernel's parameter kind".into(),
                    ))
                }
            }
        }

        // The variant's own copies of the `__local` arguments, each as large as the user's.
        if let Some(g) = k
            .groups_per_invocation
            .as_ref()
            .filter(|_| shape.groups_per_invocation > 1)
        {
            for &(of, id) in &g.local_copies {
                let (arg, layout) = (args.get(of as usize), k.args.get(of as usize));
                if let (Some(VulkanArg::Local(n)), Some(l)) = (arg, layout) {
                    spec.push((id, local_arg_elems(*n, l.elem_size) * shape.merged));
                }
            }
        }

        // Program-scope __constant data: a buffer whose address ends the block.
        if let Some(data) = super::constants::constant_data(spirv)? {
            if k.block_size < 8 {
                return Err(VulkanError(format!(
                    "kernel {} has program-scope constant data but no room for its address",
                    k.entry_point
                )));
            }
            let len = data.len() as u64;
            let dev = self.create_buffer(len, storage, false)?;
            put(k.block_size - 8, &self.address(&dev).to_le_bytes());
            let up = self.create_buffer(len, vk::BufferUsageFlags::TRANSFER_SRC, true)?;
            up.write(&data);
            let down = self.create_buffer(len, vk::BufferUsageFlags::TRANSFER_DST, true)?;
            let n = o.buffers.len();
            o.buffers.extend([dev, up, down]);
            copies.push((n, n + 1, n + 2, len));
        }

        let images = super::images::ImageSet::new(self, k, args)?;
        // The printf buffer, when the kernel prints: its address at the kernel's offset.
        let mut printf_copy = None;
        if let Some(off) = k.printf_buffer_offset {
            let data = super::printf::initial_buffer();
            let len = data.len() as u64;
            let dev = self.create_buffer(len, storage, false)?;
            put(off, &self.address(&dev).to_le_bytes());
            let up = self.create_buffer(len, vk::BufferUsageFlags::TRANSFER_SRC, true)?;
            up.write(&data);
            let down = self.create_buffer(len, vk::BufferUsageFlags::TRANSFER_DST, true)?;
            let n = o.buffers.len();
            o.buffers.extend([dev, up, down]);
            printf_copy = Some(n + 2);
            copies.push((n, n + 1, n + 2, len));
        }

        // Pipeline.
        let spirv = super::denorm_policy::apply_denorm_policy(
            spirv,
            self.denorm_request,
            &self.denorm,
            &self.name,
        )?;
        let spirv = super::spirv_filter::apply_spirv_filter(&spirv)?;
        let spirv = &spirv[..];
        super::capabilities::check_capabilities(spirv, &self.name, |f| self.features.contains(&f))?;
        let info = vk::ShaderModuleCreateInfo::default().code(spirv);
        o.module = unsafe { d.create_shader_module(&info, None) }
            .map_err(vk_err("vkCreateShaderModule"))?;
        let mut set = vk::DescriptorSet::null();
        let push_ranges = [vk::PushConstantRange::default()
            .stage_flags(vk::ShaderStageFlags::COMPUTE)
            .offset(0)
            .size(k.block_size)];
        let mut set_layouts = Vec::new();
        let uses_set = k.block_in_uniform_buffer || !images.is_empty();
        if uses_set {
            let mut bindings = images.layout_bindings();
            let mut sizes = images.pool_sizes();
            if k.block_in_uniform_buffer {
                bindings.push(
                    vk::DescriptorSetLayoutBinding::default()
                        .binding(0)
                        .descriptor_type(vk::DescriptorType::UNIFORM_BUFFER)
                        .descriptor_count(1)
                        .stage_flags(vk::ShaderStageFlags::COMPUTE),
                );
                sizes.push(
                    vk::DescriptorPoolSize::default()
                        .ty(vk::DescriptorType::UNIFORM_BUFFER)
                        .descriptor_count(1),
                );
            }
            let info = vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings);
            o.set_layout = unsafe { d.create_descriptor_set_layout(&info, None) }
                .map_err(vk_err("vkCreateDescriptorSetLayout"))?;
            let info = vk::DescriptorPoolCreateInfo::default()
                .max_sets(1)
                .pool_sizes(&sizes);
            o.desc_pool = unsafe { d.create_descriptor_pool(&info, None) }
                .map_err(vk_err("vkCreateDescriptorPool"))?;
            let layouts = [o.set_layout];
            let info = vk::DescriptorSetAllocateInfo::default()
                .descriptor_pool(o.desc_pool)
                .set_layouts(&layouts);
            set = unsafe { d.allocate_descriptor_sets(&info) }
                .map_err(vk_err("vkAllocateDescriptorSets"))?[0];
            images.write_descriptors(set);
            set_layouts.push(o.set_layout);
        }
        if k.block_in_uniform_buffer {
            let ub = self.create_buffer(
                k.block_size as u64,
                vk::BufferUsageFlags::UNIFORM_BUFFER,
                true,
            )?;
            ub.write(&block);
            let binfo = [vk::DescriptorBufferInfo::default()
                .buffer(ub.buffer)
                .offset(0)
                .range(k.block_size as u64)];
            let write = vk::WriteDescriptorSet::default()
                .dst_set(set)
                .dst_binding(0)
                .descriptor_type(vk::DescriptorType::UNIFORM_BUFFER)
                .buffer_info(&binfo);
            unsafe { d.update_descriptor_sets(&[write], &[]) };
            o.buffers.push(ub);
        }
        let mut info = vk::PipelineLayoutCreateInfo::default().set_layouts(&set_layouts);
        if !k.block_in_uniform_buffer {
            info = info.push_constant_ranges(&push_ranges);
        }
        o.layout = unsafe { d.create_pipeline_layout(&info, None) }
            .map_err(vk_err("vkCreatePipelineLayout"))?;
        let spec_data: Vec<u8> = spec.iter().flat_map(|(_, v)| v.to_le_bytes()).collect();
        let spec_entries: Vec<vk::SpecializationMapEntry> = spec
            .iter()
            .enumerate()
            .map(|(i, (id, _))| {
                vk::SpecializationMapEntry::default()
                    .constant_id(*id)
                    .offset(4 * i as u32)
                    .size(4)
            })
            .collect();
        let spec_info = vk::SpecializationInfo::default()
            .map_entries(&spec_entries)
            .data(&spec_data);
        let entry = match &k.groups_per_invocation {
            Some(g) if shape.groups_per_invocation > 1 => &g.entry_point,
            _ => &k.entry_point,
        };
        let name =
            CString::new(entry.clone()).map_err(|_| VulkanError("bad entry point name".into()))?;
        let stage = vk::PipelineShaderStageCreateInfo::default()
            .stage(vk::ShaderStageFlags::COMPUTE)
            .module(o.module)
            .name(&name)
            .specialization_info(&spec_info);
        let flags = if self.pipeline_stats {
            vk::PipelineCreateFlags::CAPTURE_STATISTICS_KHR
        } else {
            vk::PipelineCreateFlags::empty()
        };
        let info = [vk::ComputePipelineCreateInfo::default()
            .flags(flags)
            .stage(stage)
            .layout(o.layout)];
        o.pipeline = unsafe { d.create_compute_pipelines(vk::PipelineCache::null(), &info, None) }
            .map_err(|(_, e)| {
                VulkanError(format!(
                    "vkCreateComputePipelines failed for {}: {e} (the device may lack a feature the module needs)",
                    k.entry_point
                ))
            })?[0];
        if self.pipeline_stats {
            pipeline_stats::print(&self.instance, d, o.pipeline, &k.entry_point);
        }

        // Command buffer: upload, dispatch between timestamps, download.
        let info = vk::CommandPoolCreateInfo::default().queue_family_index(self.queue_family);
        o.cmd_pool =
            unsafe { d.create_command_pool(&info, None) }.map_err(vk_err("vkCreateCommandPool"))?;
        let info = vk::CommandBufferAllocateInfo::default()
            .command_pool(o.cmd_pool)
            .level(vk::CommandBufferLevel::PRIMARY)
            .command_buffer_count(1);
        let cb = unsafe { d.allocate_command_buffers(&info) }
            .map_err(vk_err("vkAllocateCommandBuffers"))?[0];
        if self.timestamp_period.is_some() {
            let info = vk::QueryPoolCreateInfo::default()
                .query_type(vk::QueryType::TIMESTAMP)
                .query_count(2);
            o.query_pool =
                unsafe { d.create_query_pool(&info, None) }.map_err(vk_err("vkCreateQueryPool"))?;
        }
        let barrier = |src: vk::AccessFlags, dst: vk::AccessFlags| {
            [vk::MemoryBarrier::default()
                .src_access_mask(src)
                .dst_access_mask(dst)]
        };
        unsafe {
            d.begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default())
                .map_err(vk_err("vkBeginCommandBuffer"))?;
            if self.timestamp_period.is_some() {
                d.cmd_reset_query_pool(cb, o.query_pool, 0, 2);
            }
            for &(dev, up, _, len) in &copies {
                let r = [vk::BufferCopy::default().size(len)];
                d.cmd_copy_buffer(cb, o.buffers[up].buffer, o.buffers[dev].buffer, &r);
            }
            images.record_upload(cb);
            d.cmd_pipeline_barrier(
                cb,
                vk::PipelineStageFlags::TRANSFER,
                vk::PipelineStageFlags::COMPUTE_SHADER,
                vk::DependencyFlags::empty(),
                &barrier(
                    vk::AccessFlags::TRANSFER_WRITE,
                    vk::AccessFlags::SHADER_READ | vk::AccessFlags::SHADER_WRITE,
                ),
                &[],
                &[],
            );
            d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::COMPUTE, o.pipeline);
            if uses_set {
                d.cmd_bind_descriptor_sets(
                    cb,
                    vk::PipelineBindPoint::COMPUTE,
                    o.layout,
                    0,
                    &[set],
                    &[],
                );
            }
            if !k.block_in_uniform_buffer {
                d.cmd_push_constants(cb, o.layout, vk::ShaderStageFlags::COMPUTE, 0, &block);
            }
            if self.timestamp_period.is_some() {
                d.cmd_write_timestamp(cb, vk::PipelineStageFlags::TOP_OF_PIPE, o.query_pool, 0);
            }
            d.cmd_dispatch(cb, groups[0], groups[1], groups[2]);
            if self.timestamp_period.is_some() {
                d.cmd_write_timestamp(cb, vk::PipelineStageFlags::BOTTOM_OF_PIPE, o.query_pool, 1);
            }
            d.cmd_pipeline_barrier(
                cb,
                vk::PipelineStageFlags::COMPUTE_SHADER,
                vk::PipelineStageFlags::TRANSFER,
                vk::DependencyFlags::empty(),
                &barrier(
                    vk::AccessFlags::SHADER_WRITE,
                    vk::AccessFlags::TRANSFER_READ,
                ),
                &[],
                &[],
            );
            for &(dev, _, down, len) in &copies {
                let r = [vk::BufferCopy::default().size(len)];
                d.cmd_copy_buffer(cb, o.buffers[dev].buffer, o.buffers[down].buffer, &r);
            }
            images.record_download(cb);
            d.end_command_buffer(cb)
                .map_err(vk_err("vkEndCommandBuffer"))?;
        }
        o.fence = unsafe { d.create_fence(&vk::FenceCreateInfo::default(), None) }
            .map_err(vk_err("vkCreateFence"))?;

        let mut times = Vec::with_capacity(repeat);
        let mut printf_words = Vec::new();
        for run in 0..=repeat {
            let cbs = [cb];
            let submit = [vk::SubmitInfo::default().command_buffers(&cbs)];
            let start = Instant::now();
            unsafe {
                d.queue_submit(self.queue, &submit, o.fence)
                    .map_err(vk_err("vkQueueSubmit"))?;
                d.wait_for_fences(&[o.fence], true, u64::MAX)
                    .map_err(vk_err("vkWaitForFences (the kernel may have faulted)"))?;
                d.reset_fences(&[o.fence])
                    .map_err(vk_err("vkResetFences"))?;
            }
            let host = start.elapsed();
            if run == 0 {
                let mut next = 0;
                for a in args.iter_mut() {
                    if let VulkanArg::Buffer(bytes) = a {
                        o.buffers[copies[next].2].read(bytes);
                        next += 1;
                    }
                }
                images.read_back(args);
                if let Some(down) = printf_copy {
                    let mut bytes = vec![0u8; super::printf::PRINTF_BUFFER_BYTES];
                    o.buffers[down].read(&mut bytes);
                    printf_words = bytes
                        .chunks_exact(4)
                        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                        .collect();
                }
                continue;
            }
            times.push(match self.timestamp_period {
                Some(period) => {
                    let mut ts = [0u64; 2];
                    unsafe {
                        d.get_query_pool_results(
                            o.query_pool,
                            0,
                            &mut ts,
                            vk::QueryResultFlags::TYPE_64 | vk::QueryResultFlags::WAIT,
                        )
                    }
                    .map_err(vk_err("vkGetQueryPoolResults"))?;
                    Duration::from_nanos((ts[1].wrapping_sub(ts[0]) as f64 * period) as u64)
                }
                None => host,
            });
        }
        Ok(VulkanRun {
            times,
            local,
            merged_groups: shape.merged,
            items_per_invocation: shape.items,
            rows_per_invocation: shape.rows,
            groups_per_invocation: shape.groups_per_invocation,
            printf_words,
        })
    }
}

/// Elements of a `__local` argument of `bytes` bytes (at least one).
fn local_arg_elems(bytes: usize, elem_size: u32) -> u32 {
    (bytes as u32).div_ceil(elem_size.max(1)).max(1)
}

/// Whether every row id of `range` (offset included) is below `i32::MAX`: the two-row
/// variants of `opt::coarsen_rows` compute row 1's id as row 0's plus one in an `int`.
fn rows_fit_int(range: &NDRange) -> bool {
    range.offset[1].saturating_add(range.global[1]) <= i32::MAX as u64
}

/// What kernel `k` lets the launcher do with its work-groups, given the launch's `args`
/// (whose `__local` buffers count towards a merged workgroup's shared memory) and whether
/// its row ids fit an `int` (`rows_fit_int`).
fn grouping(
    k: &VulkanKernel,
    args: &[VulkanArg<'_>],
    rows_fit_int: bool,
) -> super::dispatch::Grouping {
    use super::dispatch::Grouping;
    if k.groups_mergeable {
        return Grouping::Blind {
            multi_item: k.items_spec_id.is_some(),
            two_rows: k.rows_spec_id.is_some() && rows_fit_int,
        };
    }
    if k.merged_groups_spec_id.is_none() {
        return Grouping::Fixed;
    }
    let arg_bytes: u64 = args
        .iter()
        .zip(&k.args)
        .filter_map(|(a, l)| match a {
            VulkanArg::Local(n) => {
                Some(local_arg_elems(*n, l.elem_size) as u64 * l.elem_size.max(1) as u64)
            }
            _ => None,
        })
        .sum();
    Grouping::Synchronised {
        local_bytes: k.local_memory_bytes as u64 + arg_bytes,
        coarsen: k
            .groups_per_invocation
            .as_ref()
            .map(|g| (g.dim as usize, g.factor)),
    }
}
