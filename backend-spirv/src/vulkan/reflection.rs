//! The reflection description of a Vulkan kernel: everything a launcher needs to bind
//! arguments and launch parameters without parsing the SPIR-V.
//!
//! Kernel arguments and launch parameters live in one `Block` struct: a push-constant
//! block, or (when larger than [`MAX_PUSH_CONSTANT_BYTES`]) a uniform buffer at
//! descriptor set 0, binding 0. The block starts with the launch parameters OpenCL needs
//! and Vulkan lacks, at fixed offsets: global offset (`uvec3` at
//! [`GLOBAL_OFFSET_OFFSET`]), work dimension (`uint` at [`WORK_DIM_OFFSET`]) and global
//! size (`uvec3` at [`GLOBAL_SIZE_OFFSET`]); arguments follow from [`FIRST_ARG_OFFSET`].
//! Buffer arguments are 64-bit device addresses (`bufferDeviceAddress`) of the start of
//! the data the kernel indexes, as a `cl_mem` argument is: the kernel may assume indexes
//! off an argument are non-negative (an address inside a larger allocation is fine when
//! the kernel reads nothing before it). The work-group
//! size is the `WorkgroupSize` built-in made of specialization constants 0, 1, 2 (set them
//! to the launch's local size); `__local` pointer arguments are Workgroup arrays whose
//! element count is a specialization constant. When the module has program-scope
//! `__constant` data, the block's last 8 bytes hold the device address of a buffer with
//! that data (`constant_data_offset`; the bytes are `VulkanModule::constant_data`, also
//! carried in the module as the initializer of the Private array `oclc.constant_data`).
//!
//! Images and samplers are descriptors in set [`IMAGE_DESCRIPTOR_SET`], from binding
//! [`FIRST_IMAGE_BINDING`] on (binding 0 stays the uniform-buffer block's): see
//! [`crate::vulkan::image`] for the scheme. Each image argument also has 8 bytes in the
//! block, its `CL_*` channel data type and channel order (`uint`s, for the queries and the
//! border colour); each sampler argument has 4 bytes, its `CLK_*` bits. Constant samplers
//! of the kernel are listed with their bindings and bits in `constant_samplers`. An image
//! the kernel reads or writes with more than one texel type (`read_imagef` and
//! `read_imageui`) has one binding per type: its own for the first, and the others in
//! `more_texels` (the launcher binds the same image at each).

use std::fmt::Write;

/// Byte offset of the global offset (`uvec3`) in the argument block.
pub const GLOBAL_OFFSET_OFFSET: u32 = 0;
/// Byte offset of the work dimension (`uint`) in the argument block.
pub const WORK_DIM_OFFSET: u32 = 12;
/// Byte offset of the global size (`uvec3`) in the argument block.
pub const GLOBAL_SIZE_OFFSET: u32 = 16;
/// Byte offset of the first kernel argument in the argument block.
pub const FIRST_ARG_OFFSET: u32 = 32;
/// The largest argument block passed as push constants (Vulkan's guaranteed minimum).
pub const MAX_PUSH_CONSTANT_BYTES: u32 = 128;
/// Specialization constant ids of the work-group size (x, y, z).
pub const WORKGROUP_SIZE_SPEC_IDS: [u32; 3] = [0, 1, 2];

/// The descriptor set of image and sampler bindings.
pub const IMAGE_DESCRIPTOR_SET: u32 = 0;
/// The first binding of image and sampler descriptors.
pub const FIRST_IMAGE_BINDING: u32 = 1;

/// How a kernel argument is passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VulkanArgKind {
    /// A `__global` or `__constant` pointer: a 64-bit buffer device address in the block.
    Buffer,
    /// A scalar or vector by value, stored in the block.
    Value,
    /// A `__local` pointer: a Workgroup array sized by a specialization constant.
    Local,
    /// A `read_only` image (not a buffer image): a sampled image descriptor
    /// (`VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE`, layout `GENERAL`).
    SampledImage,
    /// A `write_only` or `read_write` image: a storage image descriptor.
    StorageImage,
    /// A `read_only image1d_buffer_t`: a uniform texel buffer descriptor.
    SampledTexelBuffer,
    /// A writable `image1d_buffer_t`: a storage texel buffer descriptor.
    StorageTexelBuffer,
    /// A `sampler_t`: a sampler descriptor. Whatever its `CLK_*` bits, the Vulkan sampler
    /// uses normalized coordinates (kernels normalize unnormalized coordinates themselves,
    /// and read nearest-filtered unnormalized samples with `OpImageFetch`), min and mag
    /// filters linear for `CLK_FILTER_LINEAR` and nearest otherwise, and address mode
    /// clamp-to-border with a transparent black border for `CLK_ADDRESS_CLAMP` (kernels
    /// force alpha to 1 for channel orders without alpha, as OpenCL does), repeat,
    /// mirrored repeat, or clamp-to-edge for `CLK_ADDRESS_NONE` and `_CLAMP_TO_EDGE`.
    Sampler,
}

/// The texel type a kernel reads or writes an image with (`read_imagef`/`h`: float;
/// `read_imagei`: int; `read_imageui`: uint); the image's format must match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TexelKind {
    /// Float, normalized and half formats.
    Float,
    /// Signed integer formats.
    Int,
    /// Unsigned integer formats.
    Uint,
}

impl TexelKind {
    /// The name used in the JSON form.
    pub fn name(self) -> &'static str {
        match self {
            TexelKind::Float => "float",
            TexelKind::Int => "int",
            TexelKind::Uint => "uint",
        }
    }
}

/// A constant sampler (`const sampler_t s = CLK_...`) used by a kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConstantSampler {
    /// Its binding in set [`IMAGE_DESCRIPTOR_SET`].
    pub binding: u32,
    /// The `CLK_*` bits.
    pub bits: u32,
}

/// A further descriptor of an image argument read or written with more than one texel
/// type: the launcher binds the same image (the same view) at `binding` too, and the
/// kernel's accesses with `texel` go through it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TexelBinding {
    /// The texel type of the accesses through this descriptor.
    pub texel: TexelKind,
    /// Its binding in set [`IMAGE_DESCRIPTOR_SET`].
    pub binding: u32,
}

/// What a kernel does with an image argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VulkanImageArg {
    /// Dimensionality (`1d`, `buffer`, `2d`, `3d`).
    pub dim: oclc_ir::ImageDim,
    /// An array image.
    pub arrayed: bool,
    /// The access qualifier.
    pub access: oclc_ir::ImageAccess,
    /// The texel type of its reads and writes through the argument's own binding (the
    /// first one the kernel uses; `float` when it only queries the image).
    pub texel: TexelKind,
    /// The descriptors of the further texel types it is read or written with (the same
    /// image at further bindings; OpenCL defines at most one of the reads for a given
    /// image format, the others being left undefined), usually none.
    pub more_texels: Vec<TexelBinding>,
}

impl VulkanArgKind {
    /// The name used in the JSON form.
    pub fn name(self) -> &'static str {
        match self {
            VulkanArgKind::Buffer => "buffer",
            VulkanArgKind::Value => "value",
            VulkanArgKind::Local => "local",
            VulkanArgKind::SampledImage => "sampled_image",
            VulkanArgKind::StorageImage => "storage_image",
            VulkanArgKind::SampledTexelBuffer => "sampled_texel_buffer",
            VulkanArgKind::StorageTexelBuffer => "storage_texel_buffer",
            VulkanArgKind::Sampler => "sampler",
        }
    }
}

/// One kernel argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VulkanArg {
    /// Source name.
    pub name: String,
    /// How it is passed.
    pub kind: VulkanArgKind,
    /// The type as the source spelled it.
    pub type_name: String,
    /// Byte offset in the argument block (`Buffer` and `Value`).
    pub offset: Option<u32>,
    /// Bytes it occupies in the block (8 for a buffer address; 0 for `Local`).
    pub size: u32,
    /// For `Local`: the specialization constant holding the array's element count.
    pub local_spec_id: Option<u32>,
    /// For `Local` and `Buffer`: the size in bytes of one pointee element.
    pub elem_size: u32,
    /// For images and samplers: the binding in set [`IMAGE_DESCRIPTOR_SET`].
    pub binding: Option<u32>,
    /// For images: how the kernel uses it.
    pub image: Option<VulkanImageArg>,
    /// What `clGetKernelArgInfo` reports (in the JSON with `-cl-kernel-arg-info`).
    pub info: ArgInfo,
}

impl VulkanArg {
    /// The further bindings of an image argument read or written with more than one
    /// texel type (see [`TexelBinding`]); none for other arguments.
    pub fn more_bindings(&self) -> impl Iterator<Item = u32> + '_ {
        self.image
            .iter()
            .flat_map(|i| i.more_texels.iter().map(|t| t.binding))
    }
}

/// A kernel argument's qualifiers as `clGetKernelArgInfo` names them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgInfo {
    /// `global`, `local`, `constant` or `private` (`CL_KERNEL_ARG_ADDRESS_*`).
    pub address_qualifier: &'static str,
    /// `read_only`, `write_only`, `read_write` (images) or `none`.
    pub access_qualifier: &'static str,
    /// `const`, `restrict` (space-separated when both) or empty: `const` for pointers to
    /// const data and `__constant` pointers, `restrict` for restrict pointers.
    pub type_qualifier: String,
    /// The type without qualifiers, as `CL_KERNEL_ARG_TYPE_NAME` spells it (`float*`).
    pub type_name: String,
}

/// `spelled` (a parameter's type as the source spelled it) without address space, access
/// and type qualifiers, and with no space before `*`: `__global const float *` gives
/// `float*`.
fn unqualified_type_name(spelled: &str) -> String {
    const QUALIFIERS: &[&str] = &[
        "__global",
        "global",
        "__local",
        "local",
        "__constant",
        "constant",
        "__private",
        "private",
        "__generic",
        "generic",
        "const",
        "volatile",
        "restrict",
        "__read_only",
        "read_only",
        "__write_only",
        "write_only",
        "__read_write",
        "read_write",
    ];
    let words: Vec<&str> = spelled
        .split_whitespace()
        .filter(|w| !QUALIFIERS.contains(w))
        .collect();
    words.join(" ").replace(" *", "*")
}

impl ArgInfo {
    /// The qualifiers of the IR parameter `p`.
    pub fn of(types: &oclc_ir::TypeTable, p: &oclc_ir::Param) -> ArgInfo {
        use oclc_ir::{AddressSpace, ImageAccess, Type};
        let (space, access) = match types.get(p.ty) {
            Type::Pointer { space, .. } => (Some(*space), None),
            // Images are global memory objects (clang's kernel_arg_addr_space says 1 too).
            Type::Image { access, .. } => (Some(AddressSpace::Global), Some(*access)),
            _ => (None, None),
        };
        let address_qualifier = match space {
            Some(AddressSpace::Global) => "global",
            Some(AddressSpace::Local) => "local",
            Some(AddressSpace::Constant) => "constant",
            _ => "private",
        };
        let access_qualifier = match access {
            Some(ImageAccess::Read) => "read_only",
            Some(ImageAccess::Write) => "write_only",
            Some(ImageAccess::ReadWrite) => "read_write",
            None => "none",
        };
        let mut quals = Vec::new();
        if p.is_const || space == Some(AddressSpace::Constant) {
            quals.push("const");
        }
        if p.is_restrict {
            quals.push("restrict");
        }
        ArgInfo {
            address_qualifier,
            access_qualifier,
            type_qualifier: quals.join(" "),
            type_name: unqualified_type_name(&p.type_name),
        }
    }
}

/// The reflection description of one kernel entry point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelReflection {
    /// The entry point name (the kernel's name).
    pub entry_point: String,
    /// Arguments in order.
    pub args: Vec<VulkanArg>,
    /// Size in bytes of the argument block (a multiple of 16).
    pub block_size: u32,
    /// The block is a uniform buffer at set 0 binding 0 rather than push constants.
    pub block_in_uniform_buffer: bool,
    /// `reqd_work_group_size`, if declared (the launch must use it).
    pub reqd_work_group_size: Option<[u32; 3]>,
    /// Specialization constant ids of the work-group size.
    pub workgroup_size_spec_ids: [u32; 3],
    /// No work-item can tell which work-group it is in (no barrier, no `__local` memory,
    /// no local id, group id, local size or group count): a launcher may run several
    /// consecutive work-groups along x as one Vulkan workgroup (see `group_merge`).
    pub groups_mergeable: bool,
    /// The specialization constant id of the number of work-items each invocation runs
    /// (default 1), when the kernel can run several (see `items`); `None` otherwise.
    pub items_spec_id: Option<u32>,
    /// The specialization constant id of the number of work-groups run as one workgroup,
    /// when the kernel synchronises its work-groups (so `groups_mergeable` is false) but
    /// reaches its barriers alike in every group (see `merged_groups`); `None` otherwise.
    pub merged_groups_spec_id: Option<u32>,
    /// The specialization constant id of the rows of work-items each invocation computes
    /// (default 1), when the kernel or a function it calls reads `rows_per_invocation`
    /// (see `rows`): with 2 the launcher dispatches half the invocation rows along y.
    /// `None` otherwise.
    pub rows_spec_id: Option<u32>,
    /// The kernel's variant that computes several work-groups per invocation (see
    /// `groups`); `None` when it has none.
    pub groups_per_invocation: Option<GroupCoarsening>,
    /// Set on such a variant: the kernel it was made from.
    pub variant_of: Option<String>,
    /// Bytes of `__local` variables one work-group of the kernel uses (its `__local`
    /// arguments not included).
    pub local_memory_bytes: u32,
    /// Where the device address of the module's program-scope `__constant` data goes in
    /// the block (always its last 8 bytes); `None` when the module has none.
    pub constant_data_offset: Option<u32>,
    /// The constant samplers the kernel uses, each with its own binding.
    pub constant_samplers: Vec<ConstantSampler>,
    /// Where the device address of the printf buffer goes in the block, when the kernel
    /// prints: the offset of its last argument, `__oclc_printf_buffer`, which the launcher
    /// binds itself (see `super::printf`); `None` when it does not print.
    pub printf_buffer_offset: Option<u32>,
    /// `-cl-kernel-arg-info`: the JSON form lists each argument's qualifiers.
    pub kernel_arg_info: bool,
}

/// A kernel's variant that computes several work-groups per invocation (see `groups`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupCoarsening {
    /// The variant's entry point.
    pub entry_point: String,
    /// The dimension whose work-groups an invocation computes several of.
    pub dim: u32,
    /// The work-groups each invocation computes.
    pub factor: u32,
    /// The variant's extra `__local` arguments, in order: the index of the kernel's
    /// argument each copies (and is sized as), and its specialization constant id.
    pub local_copies: Vec<(u32, u32)>,
}

impl KernelReflection {
    /// The JSON form (one object).
    pub fn to_json(&self) -> String {
        let mut s = String::new();
        let _ = write!(s, "{{\"entry_point\":{}", json_str(&self.entry_point));
        let _ = write!(s, ",\"block_size\":{}", self.block_size);
        let _ = write!(
            s,
            ",\"block\":\"{}\"",
            if self.block_in_uniform_buffer {
                "uniform_buffer(set=0,binding=0)"
            } else {
                "push_constant"
            }
        );
        let _ = write!(
            s,
            ",\"launch\":{{\"global_offset\":{GLOBAL_OFFSET_OFFSET},\"work_dim\":{WORK_DIM_OFFSET},\"global_size\":{GLOBAL_SIZE_OFFSET}}}"
        );
        match self.reqd_work_group_size {
            Some([x, y, z]) => {
                let _ = write!(s, ",\"reqd_work_group_size\":[{x},{y},{z}]");
            }
            None => s.push_str(",\"reqd_work_group_size\":null"),
        }
        let _ = write!(
            s,
            ",\"constant_data_offset\":{}",
            opt(self.constant_data_offset)
        );
        let _ = write!(
            s,
            ",\"printf_buffer_offset\":{}",
            opt(self.printf_buffer_offset)
        );
        let [a, b, c] = self.workgroup_size_spec_ids;
        let _ = write!(s, ",\"workgroup_size_spec_ids\":[{a},{b},{c}]");
        let _ = write!(
            s,
            ",\"groups_mergeable\":{},\"items_per_invocation_spec_id\":{}",
            self.groups_mergeable,
            opt(self.items_spec_id)
        );
        let _ = write!(
            s,
            ",\"merged_groups_spec_id\":{},\"rows_per_invocation_spec_id\":{}",
            opt(self.merged_groups_spec_id),
            opt(self.rows_spec_id)
        );
        match &self.groups_per_invocation {
            Some(g) => {
                let copies: Vec<String> = g
                    .local_copies
                    .iter()
                    .map(|(i, id)| format!("[{i},{id}]"))
                    .collect();
                let _ = write!(
                    s,
                    ",\"groups_per_invocation\":{{\"kernel\":{},\"dim\":{},\"factor\":{},\"local_copies\":[{}]}}",
                    json_str(&g.entry_point),
                    g.dim,
                    g.factor,
                    copies.join(",")
                );
            }
            None => s.push_str(",\"groups_per_invocation\":null"),
        }
        match &self.variant_of {
            Some(k) => {
                let _ = write!(s, ",\"variant_of\":{}", json_str(k));
            }
            None => s.push_str(",\"variant_of\":null"),
        }
        let _ = write!(
            s,
            ",\"local_memory_bytes\":{},\"args\":[",
            self.local_memory_bytes
        );
        for (i, arg) in self.args.iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            let _ = write!(
                s,
                "{{\"name\":{},\"kind\":\"{}\",\"type\":{},\"offset\":{},\"size\":{},\"local_spec_id\":{},\"elem_size\":{}}}",
                json_str(&arg.name),
                arg.kind.name(),
                json_str(&arg.type_name),
                opt(arg.offset),
                arg.size,
                opt(arg.local_spec_id),
                arg.elem_size
            );
            if self.kernel_arg_info {
                s.pop();
                let _ = write!(
                    s,
                    ",\"address_qualifier\":\"{}\",\"access_qualifier\":\"{}\",\"type_qualifier\":{},\"type_name\":{}}}",
                    arg.info.address_qualifier,
                    arg.info.access_qualifier,
                    json_str(&arg.info.type_qualifier),
                    json_str(&arg.info.type_name)
                );
            }
            if let Some(b) = arg.binding {
                s.pop();
                let _ = write!(s, ",\"set\":{IMAGE_DESCRIPTOR_SET},\"binding\":{b}");
                if let Some(i) = &arg.image {
                    let _ = write!(
                        s,
                        ",\"image\":{{\"dim\":\"{}\",\"arrayed\":{},\"access\":\"{}\",\"texel\":\"{}\"}}",
                        i.dim.name(),
                        i.arrayed,
                        i.access.name(),
                        i.texel.name()
                    );
                    if !i.more_texels.is_empty() {
                        s.pop();
                        let more: Vec<String> = i
                            .more_texels
                            .iter()
                            .map(|t| {
                                format!(
                                    "{{\"texel\":\"{}\",\"binding\":{}}}",
                                    t.texel.name(),
                                    t.binding
                                )
                            })
                            .collect();
                        let _ = write!(s, ",\"more_texels\":[{}]}}", more.join(","));
                    }
                }
                s.push('}');
            }
        }
        s.push(']');
        if !self.constant_samplers.is_empty() {
            s.push_str(",\"constant_samplers\":[");
            for (i, c) in self.constant_samplers.iter().enumerate() {
                if i > 0 {
                    s.push(',');
                }
                let _ = write!(
                    s,
                    "{{\"set\":{IMAGE_DESCRIPTOR_SET},\"binding\":{},\"bits\":{}}}",
                    c.binding, c.bits
                );
            }
            s.push(']');
        }
        s.push('}');
        s
    }
}

/// The JSON form of the reflection of every kernel of a module: `{"kernels":[...]}`.
pub fn reflection_json(kernels: &[KernelReflection]) -> String {
    let parts: Vec<String> = kernels.iter().map(|k| k.to_json()).collect();
    format!("{{\"kernels\":[{}]}}\n", parts.join(","))
}

/// The JSON form of a module's reflection: its kernels and, when it prints, the printf
/// format table (`{"kernels":[...],"printf_formats":[...]}`).
pub fn module_reflection_json(module: &super::VulkanModule) -> String {
    let mut s = reflection_json(&module.kernels);
    if !module.printf_formats.is_empty() {
        s.truncate(s.trim_end().len() - 1);
        s.push_str(",\"printf_formats\":");
        s.push_str(&super::printf::printf_formats_json(&module.printf_formats));
        s.push_str("}\n");
    }
    s
}

fn opt(v: Option<u32>) -> String {
    v.map_or_else(|| "null".to_string(), |v| v.to_string())
}

fn json_str(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
