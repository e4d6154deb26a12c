//! `oclc run`: binds `--arg` specs to a kernel, runs it on a device, and reports buffers and
//! timings. The devices are oclc's CPU code (runtime-lite) and, as a reference, the system's
//! OpenCL driver compiling the same source.

pub mod argspec;
pub mod bind;
pub mod buffers;
pub mod check_report;
pub mod imagespec;

use std::time::Duration;

use oclc_ir::Module;
use oclc_runtime_lite::opencl::{OpenClArg, OpenClDevice};
use oclc_runtime_lite::{ArgValue, Buffer, Image, NDRange, Program};

pub use bind::{bind_args, BoundArg};

/// The shape of a launch and how often to time it.
#[derive(Clone, Debug)]
pub struct Launch {
    /// The kernel's name.
    pub kernel: String,
    /// Dimensions used (1 to 3).
    pub work_dim: u32,
    /// Global size (unused dimensions are 1).
    pub global: [u64; 3],
    /// Work-group size, or `None` to let the device choose.
    pub local: Option<[u64; 3]>,
    /// Global offset.
    pub offset: [u64; 3],
    /// Timed launches after the first one.
    pub repeat: usize,
    /// CPU worker threads (`None`: all cores).
    pub threads: Option<usize>,
    /// The optimisation level (`-O0` turns the CPU backend's vectorize stage off).
    pub opt_level: u8,
    /// CPU device, `-g`: the source files; the kernels run one work-item at a time with
    /// debug information registered with debuggers (GDB's JIT interface).
    pub debug_sources: Option<oclc_ir::DebugSources>,
    /// CPU device: specialise the kernel on its argument values with these settings
    /// (`--specialize-args`); other devices ignore it.
    pub specialize_args: Option<oclc_runtime_lite::ArgSpecialization>,
    /// The denormal mode asked of the Vulkan pipeline (`None`: the launcher's default,
    /// see `oclc_runtime_lite::VulkanDevice::request_denorm_mode`).
    pub vulkan_denorm: Option<oclc_runtime_lite::vulkan::denorm::DenormMode>,
    /// CPU device: compile checked code and report defects (`--check`); other devices
    /// refuse it.
    pub check: Option<oclc_runtime_lite::CheckOptions>,
}

/// What a run measured; the buffers in the arguments hold the first launch's results.
#[derive(Clone, Debug, Default)]
pub struct RunReport {
    /// Duration of each timed launch.
    pub times: Vec<Duration>,
    /// Work-group size actually used, when the device reports it.
    pub local: Option<[u64; 3]>,
    /// Work-groups run as one Vulkan workgroup (1 on other devices and when none merged).
    pub merged_groups: u32,
    /// Work-items each Vulkan invocation ran (1 on other devices).
    pub items_per_invocation: u32,
    /// Rows of work-items (along y) each Vulkan invocation ran (1 on other devices).
    pub rows_per_invocation: u32,
    /// Work-groups each Vulkan invocation computed (1 on other devices).
    pub groups_per_invocation: u32,
    /// What the specialisation on argument values did (CPU device, when it was on).
    pub specialization: Option<oclc_runtime_lite::SpecializationStats>,
    /// The defects the first launch found (checked runs).
    pub defects: Vec<oclc_runtime_lite::Defect>,
}

/// Runs on oclc's CPU backend.
pub fn run_cpu(
    module: &Module,
    launch: &Launch,
    args: &mut [BoundArg],
) -> Result<RunReport, String> {
    let mut options = oclc_backend_cpu::CpuOptions::for_opt_level(launch.opt_level)
        .with_debug(launch.debug_sources.is_some());
    if launch.check.is_some() {
        options = options.checked();
    }
    let sources = launch.debug_sources.clone().unwrap_or_default();
    let mut program =
        Program::with_debug_sources(module.clone(), options, sources).map_err(|e| e.to_string())?;
    if let Some(check) = launch.check {
        program.set_check_options(check);
    }
    if let (Some(spec), None) = (&launch.specialize_args, launch.check) {
        program
            .specialize_args(spec.clone())
            .map_err(|e| e.to_string())?;
    }
    let mut buffers = Vec::new();
    let mut images = Vec::new();
    let mut values = Vec::with_capacity(args.len());
    for a in args.iter() {
        values.push(match a {
            BoundArg::Buffer { bytes, .. } => {
                buffers.push(Buffer::from_bytes(bytes).map_err(|e| e.to_string())?);
                ArgValue::Buffer(buffers.len() - 1)
            }
            BoundArg::Value(bytes) => ArgValue::Bytes(bytes.clone()),
            BoundArg::Local(n) => ArgValue::Local(*n as u64),
            BoundArg::Image { desc, bytes, .. } => {
                let shape = imagespec::cpu_image_shape(desc);
                images.push(Image::from_bytes(&shape, bytes).map_err(|e| e.to_string())?);
                ArgValue::Image(images.len() - 1)
            }
            BoundArg::Sampler(bits) => ArgValue::Sampler(*bits),
        });
    }
    let originals: Vec<Vec<u8>> = buffers.iter().map(|b| b.as_bytes().to_vec()).collect();
    let image_originals: Vec<Vec<u8>> = images.iter().map(|m| m.as_bytes().to_vec()).collect();
    let range = NDRange {
        work_dim: launch.work_dim,
        global: launch.global,
        local: launch.local,
        offset: launch.offset,
    };
    let info = program
        .launch_with_images(
            &launch.kernel,
            &values,
            &mut buffers,
            &mut images,
            &range,
            launch.threads,
        )
        .map_err(|e| e.to_string())?;
    let defects = program.take_defects();
    // Copy the results of the first launch back into the arguments.
    let (mut next, mut next_image) = (0, 0);
    for a in args.iter_mut() {
        match a {
            BoundArg::Buffer { bytes, .. } => {
                bytes.copy_from_slice(buffers[next].as_bytes());
                next += 1;
            }
            BoundArg::Image { bytes, .. } => {
                bytes.copy_from_slice(images[next_image].as_bytes());
                next_image += 1;
            }
            _ => {}
        }
    }
    let mut times = Vec::with_capacity(launch.repeat);
    for _ in 0..launch.repeat {
        for (b, o) in buffers.iter_mut().zip(&originals) {
            b.as_bytes_mut().copy_from_slice(o);
        }
        for (m, o) in images.iter_mut().zip(&image_originals) {
            m.as_bytes_mut().copy_from_slice(o);
        }
        let timed = program
            .launch_with_images(
                &launch.kernel,
                &values,
                &mut buffers,
                &mut images,
                &range,
                launch.threads,
            )
            .map_err(|e| e.to_string())?;
        // Timed as the OpenCL reference device's event profiling is (see
        // `LaunchInfo::elapsed`), so both sides count the same work.
        times.push(timed.elapsed);
    }
    Ok(RunReport {
        times,
        local: Some(info.local),
        merged_groups: 1,
        items_per_invocation: 1,
        rows_per_invocation: 1,
        groups_per_invocation: 1,
        specialization: launch
            .specialize_args
            .as_ref()
            .filter(|_| launch.check.is_none())
            .map(|_| program.specialization_stats()),
        defects,
    })
}

/// Where the OpenCL reference device gets its program.
pub enum OpenClSource<'a> {
    /// OpenCL C source built with these options.
    Source {
        /// The source text.
        text: &'a str,
        /// Build options (`-D`, `-I`, `-cl-std`).
        options: String,
    },
    /// SPIR 1.2 bitcode, built with `-x spir -spir-std=1.2`.
    Spir(&'a [u8]),
}

/// Runs on the system's OpenCL driver.
pub fn run_opencl(
    source: OpenClSource<'_>,
    device_filter: Option<&str>,
    launch: &Launch,
    args: &mut [BoundArg],
) -> Result<RunReport, String> {
    let device = OpenClDevice::open(device_filter).map_err(|e| e.to_string())?;
    let program = match source {
        OpenClSource::Source { text, options } => device.build_source(text, &options),
        OpenClSource::Spir(bc) => device.build_binary(bc, "-x spir -spir-std=1.2"),
    }
    .map_err(|e| format!("{} ({}): {e}", "OpenCL build failed", device.name))?;
    let mut cl_args: Vec<OpenClArg<'_>> = args
        .iter_mut()
        .map(|a| match a {
            BoundArg::Buffer { bytes, .. } => OpenClArg::Buffer(bytes.as_mut_slice()),
            BoundArg::Value(bytes) => OpenClArg::Value(bytes.as_slice()),
            BoundArg::Local(n) => OpenClArg::Local(*n),
            BoundArg::Image { desc, bytes, .. } => OpenClArg::Image {
                desc,
                bytes: bytes.as_mut_slice(),
            },
            BoundArg::Sampler(bits) => OpenClArg::Sampler(*bits),
        })
        .collect();
    let range = NDRange {
        work_dim: launch.work_dim,
        global: launch.global,
        local: launch.local,
        offset: launch.offset,
    };
    let run = program
        .run(&launch.kernel, &mut cl_args, &range, launch.repeat)
        .map_err(|e| format!("{} on {}", e, device.name))?;
    Ok(RunReport {
        times: run.times,
        local: launch.local,
        merged_groups: 1,
        items_per_invocation: 1,
        rows_per_invocation: 1,
        groups_per_invocation: 1,
        specialization: None,
        defects: Vec::new(),
    })
}

/// Runs oclc's Vulkan SPIR-V on the system's Vulkan device (`--device vulkan`): `module`
/// went through the Vulkan pipeline (`driver::prepare`), `float` gives the float rules.
pub fn run_vulkan(
    module: &Module,
    float: crate::driver::VulkanFloat,
    launch: &Launch,
    args: &mut [BoundArg],
) -> Result<RunReport, String> {
    let vk_opts = oclc_backend_spirv::VulkanOptions {
        relaxed_math: float.relaxed,
        kernel_arg_info: float.kernel_arg_info,
    };
    let vk = oclc_backend_spirv::emit_vulkan_with(module, &vk_opts).map_err(|e| e.to_string())?;
    let Some(r) = vk.kernels.iter().find(|k| k.entry_point == launch.kernel) else {
        return Err(format!("no kernel named '{}'", launch.kernel));
    };
    let kernel = vulkan_kernel(r);
    let mut device = oclc_runtime_lite::VulkanDevice::open().map_err(|e| e.to_string())?;
    device.request_denorm_mode(launch.vulkan_denorm);
    let mut vk_args: Vec<oclc_runtime_lite::VulkanArg<'_>> = args
        .iter_mut()
        .map(|a| match a {
            BoundArg::Buffer { bytes, .. } => {
                oclc_runtime_lite::VulkanArg::Buffer(bytes.as_mut_slice())
            }
            BoundArg::Value(bytes) => oclc_runtime_lite::VulkanArg::Value(bytes.as_slice()),
            BoundArg::Local(n) => oclc_runtime_lite::VulkanArg::Local(*n),
            BoundArg::Image { desc, bytes, .. } => oclc_runtime_lite::VulkanArg::Image {
                desc: desc.clone(),
                bytes: bytes.as_mut_slice(),
            },
            BoundArg::Sampler(bits) => oclc_runtime_lite::VulkanArg::Sampler(*bits),
        })
        .collect();
    let range = NDRange {
        work_dim: launch.work_dim,
        global: launch.global,
        local: launch.local,
        offset: launch.offset,
    };
    let run = device
        .run(&vk.words, &kernel, &mut vk_args, &range, launch.repeat)
        .map_err(|e| format!("{e} (on {})", device.name))?;
    if r.printf_buffer_offset.is_some() {
        print_vulkan_printf(&run.printf_words, &vk.printf_formats)?;
    }
    Ok(RunReport {
        times: run.times,
        local: Some(run.local),
        merged_groups: run.merged_groups,
        items_per_invocation: run.items_per_invocation,
        rows_per_invocation: run.rows_per_invocation,
        groups_per_invocation: run.groups_per_invocation,
        specialization: None,
        defects: Vec::new(),
    })
}

/// Writes what a Vulkan launch printed to stdout (a note on stderr when records were lost).
fn print_vulkan_printf(
    words: &[u32],
    formats: &[oclc_ir::legalize::printf_buffer::PrintfFormat],
) -> Result<(), String> {
    use std::io::Write;
    let out = oclc_runtime_lite::vulkan::printf::format_printf_buffer(words, formats)?;
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(out.text.as_bytes())
        .and_then(|_| stdout.flush())
        .map_err(|e| format!("cannot write printf output: {e}"))?;
    if out.truncated {
        eprintln!(
            "warning: the printf buffer ({} bytes) filled up; later printf output was dropped",
            oclc_runtime_lite::vulkan::printf::PRINTF_BUFFER_BYTES
        );
    }
    Ok(())
}

/// Formats timings as `kernel time: MEDIAN ms (min MIN, max MAX, N runs)`.
pub fn format_times(times: &[Duration]) -> String {
    let mut ms: Vec<f64> = times.iter().map(|t| t.as_secs_f64() * 1e3).collect();
    ms.sort_by(|a, b| a.total_cmp(b));
    let n = ms.len();
    let median = if n % 2 == 1 {
        ms[n / 2]
    } else {
        (ms[n / 2 - 1] + ms[n / 2]) / 2.0
    };
    format!(
        "kernel time: {median:.4} ms (min {:.4}, max {:.4}, {n} runs)",
        ms[0],
        ms[n - 1]
    )
}

/// Describes what the specialisation on argument values did, e.g. `specialised on
/// argument values: 1 variant(s) compiled in 21.3 ms (not in the kernel time), 10
/// launch(es) reused one, 0 ran the generic kernel`.
pub fn format_specialization(s: &oclc_runtime_lite::SpecializationStats) -> String {
    let mut line = format!(
        "specialised on argument values: {} variant(s) compiled in {:.1} ms (not in the kernel time), {} launch(es) reused one, {} ran the generic kernel",
        s.compiled,
        s.compile_time.as_secs_f64() * 1e3,
        s.hits,
        s.generic
    );
    if s.failed > 0 {
        line.push_str(&format!(
            "; {} variant(s) failed to compile (a compiler bug, please report it)",
            s.failed
        ));
    }
    line
}

/// The further bindings of image argument `a` as the launcher takes them (an image has at
/// most three texel types, so at most two further bindings).
fn more_bindings(a: &oclc_backend_spirv::VulkanArg) -> [Option<u32>; 2] {
    let mut more = [None; 2];
    for (slot, b) in more.iter_mut().zip(a.more_bindings()) {
        *slot = Some(b);
    }
    more
}

/// The launcher's view of one kernel's Vulkan reflection.
pub(crate) fn vulkan_kernel(
    r: &oclc_backend_spirv::KernelReflection,
) -> oclc_runtime_lite::VulkanKernel {
    use oclc_backend_spirv::VulkanArgKind as K;
    use oclc_runtime_lite::vulkan::{VulkanArgKindRt, VulkanArgLayout};
    oclc_runtime_lite::VulkanKernel {
        entry_point: r.entry_point.clone(),
        // The printf buffer (the last argument of a printing kernel) is the launcher's own.
        args: r
            .args
            .iter()
            .take(r.args.len() - usize::from(r.printf_buffer_offset.is_some()))
            .map(|a| VulkanArgLayout {
                kind: match a.kind {
                    K::Buffer => VulkanArgKindRt::Buffer,
                    K::Value => VulkanArgKindRt::Value,
                    K::Local => VulkanArgKindRt::Local,
                    K::SampledImage => VulkanArgKindRt::SampledImage,
                    K::StorageImage => VulkanArgKindRt::StorageImage,
                    K::SampledTexelBuffer => VulkanArgKindRt::SampledTexelBuffer,
                    K::StorageTexelBuffer => VulkanArgKindRt::StorageTexelBuffer,
                    K::Sampler => VulkanArgKindRt::Sampler,
                },
                binding: a.binding,
                more_bindings: more_bindings(a),
                offset: a.offset,
                local_spec_id: a.local_spec_id,
                elem_size: a.elem_size,
            })
            .collect(),
        block_size: r.block_size,
        block_in_uniform_buffer: r.block_in_uniform_buffer,
        launch_offsets: [
            oclc_backend_spirv::GLOBAL_OFFSET_OFFSET,
            oclc_backend_spirv::WORK_DIM_OFFSET,
            oclc_backend_spirv::GLOBAL_SIZE_OFFSET,
        ],
        reqd_work_group_size: r.reqd_work_group_size,
        workgroup_size_spec_ids: r.workgroup_size_spec_ids,
        groups_mergeable: r.groups_mergeable,
        items_spec_id: r.items_spec_id,
        merged_groups_spec_id: r.merged_groups_spec_id,
        rows_spec_id: r.rows_spec_id,
        groups_per_invocation: r.groups_per_invocation.as_ref().map(|g| {
            oclc_runtime_lite::vulkan::GroupCoarsening {
                entry_point: g.entry_point.clone(),
                dim: g.dim,
                factor: g.factor,
                local_copies: g.local_copies.clone(),
            }
        }),
        local_memory_bytes: r.local_memory_bytes,
        constant_samplers: r
            .constant_samplers
            .iter()
            .map(|c| (c.binding, c.bits))
            .collect(),
        printf_buffer_offset: r.printf_buffer_offset,
    }
}
