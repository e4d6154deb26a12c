//! Brook+ in the driver: `.br` files (or `-x brook`) go through the Brook+ front end, whose
//! OpenCL C is lowered like any OpenCL program; `oclc run` binds `--arg` specs to the
//! kernel's streams and calls it through runtime-lite's Brook+ runtime.

use std::path::Path;
use std::process::ExitCode;

use oclc_frontend::brook::{self as fe, BrookOptions, KernelDesc, KernelShape, StreamRole};
use oclc_frontend::source::SourceMap;
use oclc_runtime_lite::brook::{
    call_kernel, BrookArg, BrookDevice, BrookKernel, BrookParam, BrookRole, BrookShape,
    CpuBrookDevice, Stream, VulkanBrookDevice,
};

use crate::driver::{self, CompileError, Lowered, Stages};
use crate::options::{CompileOptions, Target};
use crate::run::argspec::{parse_arg_spec, ArgSpec, ElemType};
use crate::run::buffers::{format_buffer, make_buffer};

/// True when `path` is Brook+ source: a `.br` extension, or `-x brook`.
pub fn is_brook(path: &Path, language: Option<&str>) -> bool {
    match language {
        Some(l) => l == "brook" || l == "brook+",
        None => path.extension().is_some_and(|e| e == "br"),
    }
}

/// A Brook+ file through the front end: its OpenCL C, kernel descriptions and header.
pub struct BrookFrontend {
    /// The generated OpenCL C.
    pub opencl_c: String,
    /// The kernels, for launchers.
    pub kernels: Vec<KernelDesc>,
    /// The brcc-style header.
    pub header: String,
    /// Rendered warnings.
    pub warnings: String,
}

/// Runs the Brook+ front end on `path`.
pub fn brook_frontend(path: &Path, opts: &BrookOptions) -> Result<BrookFrontend, CompileError> {
    let mut map = SourceMap::new();
    let file = map
        .load(path)
        .map_err(|e| CompileError::Io(format!("cannot read '{}': {e}", path.display())))?;
    let out = fe::compile_brook(&mut map, file, opts);
    let rendered = out.diagnostics.render(&map);
    match (out.opencl_c, out.header) {
        (Some(opencl_c), Some(header)) if !out.diagnostics.has_errors() => Ok(BrookFrontend {
            opencl_c,
            kernels: out.kernels,
            header,
            warnings: rendered,
        }),
        _ => Err(CompileError::Diagnostics(rendered)),
    }
}

/// Compiles a Brook+ file to an optimized IR module (plus its front-end output).
pub fn lower_brook(
    path: &Path,
    opts: &CompileOptions,
    brook: &BrookOptions,
    stages: &mut Stages,
) -> Result<(BrookFrontend, Lowered), CompileError> {
    let front = brook_frontend(path, brook)?;
    let name = format!("{} (generated OpenCL C)", path.display());
    let mut lowered = driver::lower_source(&name, &front.opencl_c, opts, stages)?;
    lowered.warnings = format!("{}{}", front.warnings, lowered.warnings);
    Ok((front, lowered))
}

/// The runtime's view of a kernel description.
pub fn runtime_kernel(desc: &KernelDesc) -> Result<BrookKernel, String> {
    let mut params = Vec::new();
    for p in &desc.params {
        if p.elem_size == 0 {
            return Err(format!(
                "kernel '{}': parameter '{}' has no buffer layout",
                desc.name, p.name
            ));
        }
        let size = p.elem_size;
        params.push(BrookParam {
            name: p.name.clone(),
            role: match p.role {
                StreamRole::Input => BrookRole::Input,
                StreamRole::Output => BrookRole::Output,
                StreamRole::Gather => BrookRole::Gather,
                StreamRole::Scatter => BrookRole::Scatter,
                StreamRole::Constant => BrookRole::Constant,
                StreamRole::ReduceOutput => BrookRole::ReduceOutput,
            },
            elem_size: size,
            dims: p.dims.clone(),
        });
    }
    Ok(BrookKernel {
        name: desc.name.clone(),
        params,
        shape: match &desc.shape {
            KernelShape::Map => BrookShape::Map(desc.opencl_name.clone()),
            KernelShape::Reduce {
                first_pass,
                combine_pass,
                group_size,
            } => BrookShape::Reduce {
                first_pass: first_pass.clone(),
                combine_pass: combine_pass.clone(),
                group_size: *group_size,
            },
        },
        group_size: desc.group_size,
    })
}

/// A bound `--arg`: a stream or a value, with its element type for printing.
enum Bound {
    Stream(Stream, ElemType),
    Value(Vec<u8>),
    Scalar(Vec<u8>, ElemType),
}

fn bind(desc: &KernelDesc, kernel: &BrookKernel, specs: &[String]) -> Result<Vec<Bound>, String> {
    if specs.len() != desc.params.len() {
        return Err(format!(
            "Brook+ kernel '{}' has {} parameters ({}) but {} --arg given",
            desc.name,
            desc.params.len(),
            desc.params
                .iter()
                .map(|p| p.name.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            specs.len()
        ));
    }
    let mut out = Vec::new();
    for ((p, rp), text) in desc.params.iter().zip(&kernel.params).zip(specs) {
        let spec = parse_arg_spec(text).map_err(|e| format!("--arg for '{}': {e}", p.name))?;
        let check_size = |ty: &ElemType| -> Result<(), String> {
            if ty.size() != rp.elem_size {
                Err(format!(
                    "--arg for '{}': element type {ty} ({} bytes) does not match the parameter's {} ({} bytes{})",
                    p.name,
                    ty.size(),
                    p.elem,
                    rp.elem_size,
                    if p.elem.prim().is_none() {
                        "; bind a struct stream as any element type of its size, laid out like the OpenCL C struct"
                    } else {
                        ""
                    }
                ))
            } else {
                Ok(())
            }
        };
        out.push(match (p.role, spec) {
            (StreamRole::Constant, ArgSpec::Scalar { ty, bytes }) => {
                check_size(&ty)?;
                Bound::Value(bytes)
            }
            // A scalar target reduces the whole input (`reduce float r` or `reduce float r<>`).
            (StreamRole::ReduceOutput, ArgSpec::Scalar { ty, bytes })
                if p.rank() == 0 || p.dims == [None] =>
            {
                check_size(&ty)?;
                Bound::Scalar(bytes, ty)
            }
            (StreamRole::Constant, _) => {
                return Err(format!("--arg for constant '{}' must be a value like f32:1.5", p.name))
            }
            (_, ArgSpec::Buffer { ty, shape, init }) => {
                check_size(&ty)?;
                let count: usize = shape.iter().product();
                let bytes = make_buffer(ty, count, &init).map_err(|e| format!("--arg for '{}': {e}", p.name))?;
                let mut s = Stream::new(ty.size(), &shape);
                s.read(&bytes);
                Bound::Stream(s, ty)
            }
            _ => {
                return Err(format!(
                    "--arg for stream '{}' must be a buffer like f32[10,20]=iota (its shape is the stream's)",
                    p.name
                ))
            }
        });
    }
    Ok(out)
}

/// Calls `kernel` with `bound` on `device`.
fn call(
    device: &mut dyn BrookDevice,
    kernel: &BrookKernel,
    bound: &mut [Bound],
) -> Result<(), String> {
    let roles: Vec<BrookRole> = kernel.params.iter().map(|p| p.role).collect();
    let mut args: Vec<BrookArg<'_>> = Vec::new();
    for (b, role) in bound.iter_mut().zip(roles) {
        args.push(match b {
            Bound::Stream(s, _) => match role {
                BrookRole::Input | BrookRole::Gather => BrookArg::Stream(s),
                _ => BrookArg::Out(s),
            },
            Bound::Value(v) => BrookArg::Value(v.clone()),
            Bound::Scalar(v, _) => BrookArg::Scalar(v),
        });
    }
    call_kernel(device, kernel, &mut args).map_err(|e| e.to_string())
}

/// Calls `kernel` on the system's Vulkan device, from the module's Vulkan SPIR-V.
fn run_on_vulkan(
    lowered: &Lowered,
    opts: &CompileOptions,
    kernel: &BrookKernel,
    bound: &mut [Bound],
) -> Result<(), String> {
    // The built-ins Vulkan lacks come from oclc's library, as for OpenCL C sources.
    let vk =
        driver::emit_vulkan_spirv(lowered, opts, &mut Stages::default()).map_err(|e| match e {
            CompileError::Diagnostics(m) => m.trim_start_matches("error: ").to_string(),
            e => e.to_string(),
        })?;
    let kernels: Vec<_> = vk.kernels.iter().map(crate::run::vulkan_kernel).collect();
    let device = oclc_runtime_lite::VulkanDevice::open().map_err(|e| e.to_string())?;
    let mut dev = VulkanBrookDevice {
        device: &device,
        spirv: &vk.words,
        kernels: &kernels,
    };
    call(&mut dev, kernel, bound)
}

/// `oclc run FILE.br --kernel NAME --arg SPEC...` (see `oclc run --help`).
pub fn run_brook(cli: &crate::cli::args::RunCli) -> ExitCode {
    let fail = |code: u8, msg: String| {
        eprintln!("oclc run: error: {msg}");
        ExitCode::from(code)
    };
    let opts = cli.compile.to_options();
    let mut brook = cli.compile.brook_options();
    brook.checked_gathers = cli.check.is_some();
    if cli.check.is_some() && cli.device != crate::cli::args::DeviceArg::Cpu {
        return fail(2, "--check needs --device cpu".into());
    }
    let mut stages = Stages {
        record: cli.compile.save_temps.is_some(),
        ..Stages::default()
    };
    let lowered = lower_brook(&cli.input, &opts, &brook, &mut stages);
    if let Err(e) = crate::cli::compile::save_temps(&cli.compile.save_temps, &cli.input, &stages) {
        return crate::cli::report(&e);
    }
    let (front, lowered) = match lowered {
        Ok(x) => x,
        Err(e) => return crate::cli::report(&e),
    };
    if !lowered.warnings.is_empty() {
        eprint!("{}", lowered.warnings);
    }
    let Some(desc) = front.kernels.iter().find(|k| k.name == cli.kernel) else {
        let names: Vec<&str> = front.kernels.iter().map(|k| k.name.as_str()).collect();
        return fail(
            2,
            format!(
                "no Brook+ kernel named '{}' in {} (kernels: {})",
                cli.kernel,
                cli.input.display(),
                names.join(", ")
            ),
        );
    };
    let kernel = match runtime_kernel(desc) {
        Ok(k) => k,
        Err(e) => return fail(1, e),
    };
    let mut bound = match bind(desc, &kernel, &cli.args) {
        Ok(b) => b,
        Err(e) => return fail(2, e),
    };
    use crate::cli::args::DeviceArg as Dev;
    let mut defects = Vec::new();
    let result = match cli.device {
        Dev::Cpu => match driver::prepare(&lowered, Target::Cpu, &opts, &mut Stages::default())
            .map_err(|e| e.to_string())
            .and_then(|module| {
                let mut options = oclc_backend_cpu::CpuOptions::for_opt_level(opts.opt_level);
                if cli.check.is_some() {
                    options = options.checked();
                }
                oclc_runtime_lite::Program::with_options(module, options).map_err(|e| e.to_string())
            }) {
            Ok(mut program) => {
                program.set_check_options(oclc_runtime_lite::CheckOptions {
                    stop_at_first: cli.check == Some(crate::cli::args::CheckArg::Stop),
                });
                let mut dev = CpuBrookDevice {
                    program: &program,
                    threads: cli.threads.map(|t| t as usize),
                };
                let r = call(&mut dev, &kernel, &mut bound);
                defects = gather_defects(program.take_defects());
                r
            }
            Err(e) => Err(e.to_string()),
        },
        Dev::Opencl => {
            match oclc_runtime_lite::opencl::OpenClDevice::open(cli.opencl_device.as_deref()) {
                Ok(device) => match device.build_source(&front.opencl_c, "-cl-std=CL1.2") {
                    Ok(mut program) => call(&mut program, &kernel, &mut bound),
                    Err(e) => Err(format!("OpenCL build failed ({}): {e}", device.name)),
                },
                Err(e) => Err(e.to_string()),
            }
        }
        Dev::Vulkan => run_on_vulkan(&lowered, &opts, &kernel, &mut bound),
    };
    for b in &bound {
        if let Bound::Stream(s, _) = b {
            if !s.error_log().is_empty() && result.is_ok() {
                eprintln!("oclc run: warning: {}", s.error_log());
            }
        }
    }
    if let Err(e) = result {
        return fail(1, e);
    }
    if !defects.is_empty() {
        eprint!(
            "{}",
            crate::run::check_report::render_defects(&lowered.sources, &defects)
        );
    }
    if let Some(dir) = &cli.dump {
        if let Err(e) = std::fs::create_dir_all(dir) {
            return fail(1, format!("cannot create '{}': {e}", dir.display()));
        }
        for (k, b) in bound.iter().enumerate() {
            let bytes = match b {
                Bound::Stream(s, _) => s.write(),
                Bound::Scalar(v, _) => v.as_slice(),
                Bound::Value(_) => continue,
            };
            let path = dir.join(format!("arg{k}.bin"));
            if let Err(e) = std::fs::write(&path, bytes) {
                return fail(1, format!("cannot write '{}': {e}", path.display()));
            }
        }
    }
    if cli.print {
        for (k, (b, p)) in bound.iter().zip(&desc.params).enumerate() {
            match b {
                Bound::Stream(s, ty) => {
                    let shape: Vec<String> = s.shape().iter().map(|d| d.to_string()).collect();
                    println!(
                        "arg{k} {} ({ty}[{}]): {}",
                        p.name,
                        shape.join(","),
                        format_buffer(s.write(), *ty, 1024)
                    );
                }
                Bound::Scalar(v, ty) => {
                    println!("arg{k} {} ({ty}): {}", p.name, format_buffer(v, *ty, 1))
                }
                Bound::Value(_) => {}
            }
        }
    }
    if defects.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn write_output(path: &Path, bytes: &[u8]) -> Result<(), CompileError> {
    use std::io::Write;
    if path.as_os_str() == "-" {
        std::io::stdout()
            .lock()
            .write_all(bytes)
            .map_err(|e| CompileError::Io(format!("cannot write to stdout: {e}")))
    } else {
        std::fs::write(path, bytes)
            .map_err(|e| CompileError::Io(format!("cannot write '{}': {e}", path.display())))
    }
}

/// `oclc FILE.br [options]`: check, emit OpenCL C or a header, or compile to SPIR-V / CPU
/// code. Returns the rendered warnings.
pub fn compile_brook_cli(
    cli: &crate::cli::args::CompileCli,
    opts: &CompileOptions,
    stages: &mut Stages,
) -> Result<String, CompileError> {
    let brook = cli.compile.brook_options();
    let default_out = |ext: &str| {
        let mut p = std::path::PathBuf::from(crate::cli::compile::default_prefix(&cli.input));
        p.set_extension(ext);
        p
    };
    if cli.syntax_only {
        return brook_frontend(&cli.input, &brook).map(|f| f.warnings);
    }
    use crate::cli::args::EmitArg;
    if matches!(cli.emit, EmitArg::Reflection | EmitArg::Both)
        && opts.target != crate::options::Target::Vulkan
    {
        return Err(CompileError::Diagnostics(
            "error: --emit reflection/both needs --target vulkan".into(),
        ));
    }
    if matches!(cli.emit, EmitArg::OpenclC | EmitArg::Header) {
        let front = brook_frontend(&cli.input, &brook)?;
        let (text, ext) = if cli.emit == EmitArg::Header {
            (&front.header, "h")
        } else {
            (&front.opencl_c, "cl")
        };
        let out = cli.output.clone().unwrap_or_else(|| default_out(ext));
        write_output(&out, text.as_bytes())?;
        return Ok(front.warnings);
    }
    let (_, lowered) = lower_brook(&cli.input, opts, &brook, stages)?;
    match opts.target {
        crate::options::Target::OpenCl => {
            let words = driver::emit_opencl_spirv(&lowered, opts, stages)?;
            let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
            let out = cli.output.clone().unwrap_or_else(|| default_out("spv"));
            write_output(&out, &bytes)?;
        }
        // A CPU object of the generated OpenCL kernels (their C header: `--emit header`
        // is brcc's for Brook+ sources, so only the object is written here).
        crate::options::Target::Cpu => crate::cli::cpu_object::emit(cli, opts, &lowered, stages)?,
        crate::options::Target::Vulkan => {
            // The reflection describes the generated OpenCL kernels (see `--emit opencl-c`
            // for how they take the streams).
            let vk = driver::emit_vulkan_spirv(&lowered, opts, stages)?;
            let bytes: Vec<u8> = vk.words.iter().flat_map(|w| w.to_le_bytes()).collect();
            let json = oclc_backend_spirv::reflection_json(&vk.kernels);
            let spv_out = cli.output.clone().unwrap_or_else(|| default_out("spv"));
            match cli.emit {
                EmitArg::Reflection => {
                    let out = cli.output.clone().unwrap_or_else(|| default_out("json"));
                    write_output(&out, json.as_bytes())?;
                }
                EmitArg::Both => {
                    write_output(&spv_out, &bytes)?;
                    if spv_out.as_os_str() != "-" {
                        write_output(&spv_out.with_extension("json"), json.as_bytes())?;
                    }
                }
                _ => write_output(&spv_out, &bytes)?,
            }
        }
    }
    Ok(lowered.warnings)
}

/// Checked Brook+ runs: a read before a stream argument (`__brook_NAME`) is a gather
/// outside its stream (the checked gather helper gives index -1 for those).
fn gather_defects(mut defects: Vec<oclc_runtime_lite::Defect>) -> Vec<oclc_runtime_lite::Defect> {
    use oclc_backend_cpu::check::site::{CheckObject, DefectKind};
    for d in &mut defects {
        if let CheckObject::Param { name, .. } = &d.site.object {
            if d.site.kind == DefectKind::OutOfBoundsRead
                && name.starts_with("__brook_")
                && d.first.detail < 0
            {
                d.site.kind = DefectKind::GatherOutOfStream;
            }
        }
    }
    defects
}
