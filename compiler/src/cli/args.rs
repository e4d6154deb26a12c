//! Command-line definitions for `oclc FILE ...` (compile) and `oclc run FILE ...`.

use std::path::PathBuf;

use clap::{Args, Parser, ValueEnum};

use crate::options::{ClStd, CompileOptions, Target, WarningMode};

/// Output target spellings for `--target`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum TargetArg {
    /// SPIR-V for OpenCL (Kernel capability, OpenCL.std).
    Opencl,
    /// SPIR-V for Vulkan compute (Shader capability).
    Vulkan,
    /// Native CPU code (Cranelift).
    Cpu,
}

/// Spellings for `--diagnostics-format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DiagnosticsFormatArg {
    /// Human-readable text with source excerpts.
    Text,
    /// JSON Lines on stderr, one object per diagnostic.
    Json,
}

/// Options every compilation takes, clang-style.
#[derive(Args, Debug, Clone)]
pub struct CompileArgs {
    /// Define a macro: NAME, NAME=VALUE or 'NAME(args)=BODY'
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    pub defines: Vec<String>,
    /// Add a directory to the #include search path
    #[arg(short = 'I', value_name = "DIR")]
    pub include_dirs: Vec<PathBuf>,
    /// OpenCL C version: CL1.2 (default), CL2.0 or CL3.0 [spelled -cl-std=]
    #[arg(long = "cl-std", value_name = "VERSION", value_parser = parse_cl_std)]
    pub cl_std: Option<ClStd>,
    /// Optimization level 0-3 (default 2)
    #[arg(short = 'O', value_name = "LEVEL", value_parser = clap::value_parser!(u8).range(0..=3))]
    pub opt_level: Option<u8>,
    /// Suppress all warnings
    #[arg(short = 'w')]
    pub no_warnings: bool,
    /// Treat warnings as errors [spelled -Werror]
    #[arg(long = "Werror")]
    pub werror: bool,
    /// Output target
    #[arg(long, value_enum, default_value = "opencl")]
    pub target: TargetArg,
    /// How to print diagnostics on stderr: text (default) or json
    ///
    /// json: JSON Lines, one object per diagnostic: {"severity", "code", "message", "file",
    /// "line_start", "column_start", "line_end", "column_end" (1-based), "byte_start",
    /// "byte_end" (0-based, end exclusive), "labels": [{location fields, "message",
    /// "primary"}], "notes": [strings]}. Errors without a source location have
    /// "file": null and "code": null.
    #[arg(long = "diagnostics-format", value_enum, default_value = "text")]
    pub diagnostics_format: DiagnosticsFormatArg,
    /// Allow optimizations that ignore IEEE rules [spelled -cl-fast-relaxed-math]
    #[arg(long = "cl-fast-relaxed-math")]
    pub fast_relaxed_math: bool,
    /// Allow a*b+c to be fused [spelled -cl-mad-enable]
    #[arg(long = "cl-mad-enable")]
    pub mad_enable: bool,
    /// Single-precision denormals may be flushed to zero; SPIR-V for OpenCL and for Vulkan
    /// declares DenormFlushToZero [spelled -cl-denorms-are-zero]
    #[arg(long = "cl-denorms-are-zero")]
    pub denorms_are_zero: bool,
    /// Vulkan: the denormal mode the module states for every float width it uses
    ///
    /// preserve: DenormPreserve (OpenCL's full profile; the device must support it);
    /// flush: DenormFlushToZero; any: none. Default: none in a compiled module (any,
    /// or flush with -cl-denorms-are-zero); `oclc run --device vulkan` then asks for
    /// DenormPreserve on the widths whose preservation the device supports.
    #[arg(long = "vulkan-denorm", value_name = "MODE", value_parser = parse_denorm_mode)]
    pub vulkan_denorm: Option<oclc_runtime_lite::vulkan::denorm::DenormMode>,
    /// Write every stage: PREFIX.i, PREFIX.ir, PREFIX.opt.ir, PREFIX.spvasm, PREFIX.clif
    /// (PREFIX defaults to the input's stem) [spelled -save-temps[=PREFIX]]
    #[arg(long = "save-temps", value_name = "PREFIX", num_args = 0..=1, require_equals = true, default_missing_value = "")]
    pub save_temps: Option<String>,
    /// Source language: 'opencl' or 'brook' (default: from the extension; .br is Brook+)
    #[arg(short = 'x', value_name = "LANG")]
    pub language: Option<String>,
    /// Brook+: turn strong typing off, C99 promotions with warnings (brcc -a)
    #[arg(long = "brook-no-strong-typing")]
    pub brook_no_strong_typing: bool,
    /// Brook+: legacy gather arrays, constant buffers off (brcc -c)
    #[arg(long = "brook-legacy-gather")]
    pub brook_legacy_gather: bool,
    /// Brook+: warning level 0-3 (brcc -wN; default 1)
    #[arg(long = "brook-warn-level", value_name = "N", value_parser = clap::value_parser!(u8).range(0..=3))]
    pub brook_warn_level: Option<u8>,
    /// Brook+: treat warnings as errors (brcc -x; only with --brook-no-strong-typing)
    #[arg(long = "brook-warnings-as-errors")]
    pub brook_warnings_as_errors: bool,
    /// Deepest nesting of (), [] and {} accepted (default 256, as clang) [spelled -fbracket-depth=N]
    #[arg(long = "fbracket-depth", value_name = "N", require_equals = true)]
    pub bracket_depth: Option<u32>,
}

impl CompileArgs {
    /// The Brook+ front-end options these arguments stand for.
    pub fn brook_options(&self) -> oclc_frontend::brook::BrookOptions {
        let d = oclc_frontend::brook::BrookOptions::default();
        oclc_frontend::brook::BrookOptions {
            strong_typing: !self.brook_no_strong_typing,
            legacy_gather: self.brook_legacy_gather,
            warn_level: self.brook_warn_level.unwrap_or(d.warn_level),
            warnings_as_errors: self.brook_warnings_as_errors,
            defines: self.defines.clone(),
        }
    }
}

fn parse_denorm_mode(text: &str) -> Result<oclc_runtime_lite::vulkan::denorm::DenormMode, String> {
    text.parse()
}

fn parse_cl_std(text: &str) -> Result<ClStd, String> {
    ClStd::parse(text).ok_or_else(|| {
        format!("unknown OpenCL C version '{text}' (expected CL1.2, CL2.0 or CL3.0)")
    })
}

impl CompileArgs {
    /// The library options these arguments stand for.
    pub fn to_options(&self) -> CompileOptions {
        CompileOptions {
            defines: self.defines.clone(),
            include_dirs: self.include_dirs.clone(),
            cl_std: self.cl_std.unwrap_or_default(),
            opt_level: self.opt_level.unwrap_or(2),
            warnings: if self.werror {
                WarningMode::Error
            } else if self.no_warnings {
                WarningMode::Hide
            } else {
                WarningMode::Show
            },
            target: match self.target {
                TargetArg::Opencl => Target::OpenCl,
                TargetArg::Vulkan => Target::Vulkan,
                TargetArg::Cpu => Target::Cpu,
            },
            fast_relaxed_math: self.fast_relaxed_math,
            mad_enable: self.mad_enable,
            denorms_are_zero: self.denorms_are_zero,
            vulkan_denorm: self.vulkan_denorm,
            spirv_version: (1, 0),
            cpu_symbol_prefix: oclc_backend_cpu::object::DEFAULT_SYMBOL_PREFIX.to_string(),
            bracket_depth: self
                .bracket_depth
                .unwrap_or(oclc_frontend::options::DEFAULT_BRACKET_DEPTH),
        }
    }
}

/// `oclc FILE [options]`: compile OpenCL C to SPIR-V (or check it, or preprocess it).
#[derive(Parser, Debug)]
#[command(
    name = "oclc",
    version,
    about = "oclc: compile OpenCL C kernels to SPIR-V (OpenCL or Vulkan) and native CPU code",
    after_help = "Run kernels with `oclc run FILE --kernel NAME --global N --arg SPEC ...` (see `oclc run --help`).\n\
                  Clang spellings work: -cl-std=CL2.0, -save-temps[=PREFIX], -fsyntax-only, -Werror, -cl-fast-relaxed-math."
)]
pub struct CompileCli {
    /// The OpenCL C source file (.cl)
    pub input: PathBuf,
    /// Output file ('-' for stdout); default: the input's stem with .spv
    #[arg(short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Only check the source for errors; write nothing [spelled -fsyntax-only]
    #[arg(long = "fsyntax-only")]
    pub syntax_only: bool,
    /// Preprocess only and print the result
    #[arg(short = 'E')]
    pub preprocess_only: bool,
    /// SPIR-V version of the module: 1.0 (default) .. 1.4
    #[arg(long = "spirv-version", value_name = "X.Y", value_parser = parse_spirv_version)]
    pub spirv_version: Option<(u8, u8)>,
    /// What to write: spirv (default), reflection, both, opencl-c or header
    ///
    /// With --target vulkan: the SPIR-V module, the kernels' reflection JSON (argument
    /// offsets, spec constant ids; default output FILE.json), or both (the JSON goes next
    /// to the module, with the extension .json). With --target cpu: the default writes a
    /// relocatable object (default output FILE.o), header its C declarations (default
    /// FILE.h), both the object and the header next to it (extension .h). For Brook+
    /// sources also opencl-c (the generated OpenCL C) or header (brcc-style declarations).
    #[arg(long = "emit", value_enum, default_value = "spirv")]
    pub emit: EmitArg,
    /// With --target cpu: prefix of the C names of each kernel K in the object and header
    /// (PREFIX K, PREFIX K_group, PREFIX K_args)
    #[arg(
        long = "cpu-symbol-prefix",
        value_name = "PREFIX",
        default_value = "oclc_"
    )]
    pub cpu_symbol_prefix: String,
    #[command(flatten)]
    pub compile: CompileArgs,
}

fn parse_spirv_version(text: &str) -> Result<(u8, u8), String> {
    match text {
        "1.0" => Ok((1, 0)),
        "1.1" => Ok((1, 1)),
        "1.2" => Ok((1, 2)),
        "1.3" => Ok((1, 3)),
        "1.4" => Ok((1, 4)),
        _ => Err(format!(
            "unsupported SPIR-V version '{text}' (expected 1.0 to 1.4)"
        )),
    }
}

/// Output spellings for `--emit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EmitArg {
    /// The SPIR-V module (the object file with --target cpu).
    Spirv,
    /// The reflection JSON of the kernels (--target vulkan only).
    Reflection,
    /// The module plus the reflection JSON (--target vulkan), or the object plus the C
    /// header (--target cpu), next to it.
    Both,
    /// Brook+ only: the generated OpenCL C.
    OpenclC,
    /// The C declarations of a CPU object (--target cpu), or for Brook+ brcc-style C++
    /// declarations of the kernels.
    Header,
}

/// Device spellings for `oclc run --device`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DeviceArg {
    /// oclc's native CPU code (the default).
    Cpu,
    /// oclc's Vulkan SPIR-V on a Vulkan device through the system loader (bufferDeviceAddress).
    Vulkan,
    /// The system's OpenCL driver compiling the *source* (a reference: PoCL, NVIDIA, ...).
    Opencl,
}

/// `oclc run FILE --kernel NAME --global X[,Y[,Z]] --arg SPEC ...`: compile and run a kernel.
#[derive(Parser, Debug)]
#[command(
    name = "oclc run",
    about = "Compile a kernel and run it on the CPU (or a reference OpenCL driver), then report",
    after_help = "Argument specs, one --arg per kernel parameter, in order:\n  \
        scalar   TYPE:VALUE            i32:5  u32:0x10  f32:1.5  f32x4:1,2,3,4\n  \
        buffer   TYPE[N]=INIT          f32[1024]=iota   u8[64,64]=randu:7:0:255   f32x4[256]=zeros\n  \
        local    local:BYTES           for a __local pointer parameter\n\
        TYPE: i8 u8 i16 u16 i32 u32 i64 u64 f16 f32 f64, optionally xN (N = 2, 3, 4, 8, 16).\n\
        INIT: zeros | fill:V | iota | rand:SEED (floats in [0,1), integers over the whole type) |\n      \
        randu:SEED:LO:HI (floats in [LO,HI), integers in [LO,HI]) | file:PATH (raw little-endian)."
)]
pub struct RunCli {
    /// The OpenCL C source file (.cl)
    pub input: PathBuf,
    /// The kernel to run
    #[arg(long, value_name = "NAME")]
    pub kernel: String,
    /// Global work size, 1 to 3 dimensions (not for Brook+: the output streams give the domain)
    #[arg(long, value_name = "X[,Y[,Z]]", value_parser = parse_dims)]
    pub global: Option<Dims>,
    /// Local work size (default: the kernel's reqd_work_group_size, else chosen by the device)
    #[arg(long, value_name = "X[,Y[,Z]]", value_parser = parse_dims)]
    pub local: Option<Dims>,
    /// Global offset
    #[arg(long, value_name = "X[,Y[,Z]]", value_parser = parse_dims)]
    pub offset: Option<Dims>,
    /// One argument spec per kernel parameter, in order
    #[arg(long = "arg", value_name = "SPEC")]
    pub args: Vec<String>,
    /// Where to run
    #[arg(long, value_enum, default_value = "cpu")]
    pub device: DeviceArg,
    /// With --device opencl: pick the first device whose "platform: device" name contains this
    #[arg(long = "opencl-device", value_name = "TEXT")]
    pub opencl_device: Option<String>,
    /// With --device opencl: run this SPIR 1.2 bitcode (e.g. from `llvm-spirv -r` of oclc's
    /// SPIR-V) instead of the source, built with `-x spir -spir-std=1.2`
    #[arg(long = "opencl-spir", value_name = "FILE.bc")]
    pub opencl_spir: Option<PathBuf>,
    /// Write every buffer argument K to DIR/argK.bin after the run (raw little-endian)
    #[arg(long, value_name = "DIR")]
    pub dump: Option<PathBuf>,
    /// Print every buffer argument after the run
    #[arg(long)]
    pub print: bool,
    /// Number of timed launches (default 10 with --time, else 0)
    #[arg(long, value_name = "N")]
    pub repeat: Option<usize>,
    /// Print `kernel time: MEDIAN ms (min MIN, max MAX, N runs)` over the timed launches
    #[arg(long)]
    pub time: bool,
    /// Worker threads for the CPU device (default: all cores)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=4096))]
    pub threads: Option<u32>,
    #[command(flatten)]
    pub compile: CompileArgs,
}

/// A 1- to 3-dimensional size such as `1024` or `64,64`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dims(pub Vec<u64>);

fn parse_dims(text: &str) -> Result<Dims, String> {
    let dims: Vec<u64> = text
        .split(',')
        .map(|d| {
            d.trim()
                .parse::<u64>()
                .map_err(|_| format!("bad size '{d}' in '{text}'"))
        })
        .collect::<Result<_, _>>()?;
    if dims.is_empty() || dims.len() > 3 {
        return Err(format!("'{text}' must have 1 to 3 dimensions"));
    }
    Ok(Dims(dims))
}
