//! Command-line definitions for `oclc FILE ...` (compile) and `oclc run FILE ...`.

use std::path::PathBuf;

use clap::{Args, Parser, ValueEnum};

use crate::options::{ClStd, CompileOptions, FpContract, Target, WarningFlags, WarningMode};

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

/// Options every compilation takes, clang-style. The OpenCL build options of the 1.2, 2.0
/// and 3.0 specifications are accepted as `clBuildProgram` takes them (`-cl-opt-disable`);
/// their long `--` forms work too.
#[derive(Args, Debug, Clone)]
pub struct CompileArgs {
    /// Define a macro: NAME, NAME=VALUE or 'NAME(args)=BODY'
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    pub defines: Vec<String>,
    /// Undefine a macro (after the -D definitions)
    #[arg(short = 'U', value_name = "NAME")]
    pub undefines: Vec<String>,
    /// Add a directory to the #include search path
    #[arg(short = 'I', value_name = "DIR")]
    pub include_dirs: Vec<PathBuf>,
    /// OpenCL C version: CL1.0 (or CL), CL1.1, CL1.2 (default), CL2.0, CL3.0, or the same
    /// in lower case [spelled -cl-std=, also -std=]
    #[arg(long = "cl-std", value_name = "VERSION", value_parser = parse_cl_std)]
    pub cl_std: Option<ClStd>,
    /// Optimization level 0-3 (default 2)
    #[arg(short = 'O', value_name = "LEVEL", value_parser = clap::value_parser!(u8).range(0..=3))]
    pub opt_level: Option<u8>,
    /// Disable optimizations, as -O0 [spelled -cl-opt-disable]
    #[arg(long = "cl-opt-disable")]
    pub opt_disable: bool,
    /// Suppress all warnings
    #[arg(short = 'w')]
    pub no_warnings: bool,
    /// Warning options, clang's: -Werror, -Wno-error, -WNAME, -Wno-NAME, -Werror=NAME,
    /// -Wno-error=NAME, -Wall, -Wextra, -Weverything, -Wpedantic (also -pedantic,
    /// -pedantic-errors)
    ///
    /// NAME is clang's name of a warning oclc has (shown after each warning, e.g.
    /// [-Wunused-value]) or of a group holding some (conversion, unused, all, ...); other
    /// names are accepted and change nothing.
    #[arg(short = 'W', value_name = "WARNING")]
    pub warning_options: Vec<String>,
    /// Treat warnings as errors (also -Werror)
    #[arg(long = "Werror", hide = true)]
    pub werror: bool,
    /// clang's extension warnings are errors [spelled -pedantic-errors]
    #[arg(long = "pedantic-errors", hide = true)]
    pub pedantic_errors: bool,
    /// Output target: opencl (SPIR-V for OpenCL; also spirv64, spir64 and their triples),
    /// vulkan or cpu [also -target T, --target=T]
    #[arg(long, value_enum, default_value = "opencl")]
    pub target: TargetArg,
    /// How to print diagnostics on stderr: text (default) or json
    ///
    /// json: JSON Lines, one object per diagnostic: {"severity", "code", "flag" (clang's
    /// warning option, e.g. "-Wunused-value", or null), "message", "file",
    /// "line_start", "column_start", "line_end", "column_end" (1-based), "byte_start",
    /// "byte_end" (0-based, end exclusive), "labels": [{location fields, "message",
    /// "primary"}], "notes": [strings]}. Errors without a source location have
    /// "file": null and "code": null.
    #[arg(long = "diagnostics-format", value_enum, default_value = "text")]
    pub diagnostics_format: DiagnosticsFormatArg,
    /// Allow optimizations that ignore IEEE rules: -cl-finite-math-only and
    /// -cl-unsafe-math-optimizations [spelled -cl-fast-relaxed-math]
    #[arg(long = "cl-fast-relaxed-math")]
    pub fast_relaxed_math: bool,
    /// Allow a*b+c to be computed with reduced accuracy (fused) [spelled -cl-mad-enable]
    #[arg(long = "cl-mad-enable")]
    pub mad_enable: bool,
    /// Single-precision denormals may be flushed to zero; SPIR-V for OpenCL and for Vulkan
    /// declares DenormFlushToZero [spelled -cl-denorms-are-zero]
    #[arg(long = "cl-denorms-are-zero")]
    pub denorms_are_zero: bool,
    /// Unsuffixed floating constants are float, not double
    /// [spelled -cl-single-precision-constant]
    #[arg(long = "cl-single-precision-constant")]
    pub single_precision_constant: bool,
    /// Float division and sqrt must be correctly rounded (CPU: always; OpenCL SPIR-V: pass it
    /// to clBuildProgram too; Vulkan: refused for now)
    /// [spelled -cl-fp32-correctly-rounded-divide-sqrt]
    #[arg(long = "cl-fp32-correctly-rounded-divide-sqrt")]
    pub fp32_correctly_rounded_divide_sqrt: bool,
    /// The sign of zero may be ignored (SPIR-V for OpenCL: FPFastMathMode NSZ)
    /// [spelled -cl-no-signed-zeros]
    #[arg(long = "cl-no-signed-zeros")]
    pub no_signed_zeros: bool,
    /// Arguments and results may be assumed valid and IEEE rules broken; implies
    /// -cl-no-signed-zeros and -cl-mad-enable [spelled -cl-unsafe-math-optimizations]
    #[arg(long = "cl-unsafe-math-optimizations")]
    pub unsafe_math_optimizations: bool,
    /// NaNs and infinities may be assumed absent (__FINITE_MATH_ONLY__ is 1)
    /// [spelled -cl-finite-math-only]
    #[arg(long = "cl-finite-math-only")]
    pub finite_math_only: bool,
    /// Keep kernel argument names and qualifiers: in SPIR-V (always) and in the Vulkan
    /// reflection (address, access and type qualifiers) [spelled -cl-kernel-arg-info]
    #[arg(long = "cl-kernel-arg-info")]
    pub kernel_arg_info: bool,
    /// Every launch's global size is a multiple of its local size (`oclc run` refuses
    /// others) [spelled -cl-uniform-work-group-size]
    #[arg(long = "cl-uniform-work-group-size")]
    pub uniform_work_group_size: bool,
    /// Sub-groups need not make independent forward progress (no effect: oclc never relies
    /// on it) [spelled -cl-no-subgroup-ifp]
    #[arg(long = "cl-no-subgroup-ifp")]
    pub no_subgroup_ifp: bool,
    /// OpenCL 1.0's aliasing option: accepted; ignored with clang's warning after OpenCL C
    /// 1.0 [spelled -cl-strict-aliasing]
    #[arg(long = "cl-strict-aliasing")]
    pub strict_aliasing: bool,
    /// Enable (+NAME) or disable (-NAME) extensions and OpenCL C 3.0 features, or all of
    /// them (+all, -all), in order: changes the predefined macros; -cl_khr_fp64 also forbids
    /// double, -cl_khr_fp16 the cl_khr_fp16 pragma [spelled -cl-ext=, clang's -Xclang
    /// -cl-ext=]
    #[arg(long = "cl-ext", value_name = "[+|-]NAME,...")]
    pub extensions: Vec<String>,
    /// Fuse a*b+c: on (OpenCL C's default, within an expression), off (never, as
    /// #pragma OPENCL FP_CONTRACT OFF) or fast (also under the pragma) [spelled
    /// -ffp-contract=]
    #[arg(long = "ffp-contract", value_name = "on|off|fast", value_parser = parse_fp_contract)]
    pub fp_contract: Option<FpContract>,
    /// The front end's limit on nested brackets, parentheses and braces [spelled
    /// -fbracket-depth=]
    #[arg(long = "fbracket-depth", value_name = "N")]
    pub bracket_depth: Option<u32>,
    /// Debug information: DWARF line tables, variables and work-item ids in CPU objects
    /// (gdb stops at kernel.cl:LINE), one work-item at a time; -O0 unless -O is given
    #[arg(short = 'g')]
    pub debug_info: bool,
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
    /// Switch off one pass of the target's pipeline by name (repeatable; see -save-temps
    /// for the names, e.g. unroll, licm, const_fold)
    #[arg(long = "disable-pass", value_name = "NAME")]
    pub disabled_passes: Vec<String>,
    /// Add an opt-in pass that no target runs by default to the end of the target's
    /// pipeline at -O2 and up (repeatable; slp: SLP vectorisation inside a work-item)
    #[arg(long = "enable-pass", value_name = "NAME")]
    pub enabled_passes: Vec<String>,
    /// Source language: cl (also clc, opencl) or brook (default: from the extension; .br
    /// is Brook+)
    #[arg(short = 'x', value_name = "LANG")]
    pub language: Option<String>,
    /// Print the version and what oclc does (the command with every option spelled out) on
    /// stderr, then compile
    #[arg(short = 'v')]
    pub verbose: bool,
    /// Print on stderr where the compilation's time went: the front end, the lowering,
    /// each pass of the target's pipeline (with its run count) and the backend
    /// [spelled -ftime-report]
    #[arg(long = "ftime-report")]
    pub time_report: bool,
    /// Print what oclc would do, as -v, and do nothing [spelled -###]
    #[arg(long = "dry-run")]
    pub dry_run: bool,
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
            checked_gathers: false,
        }
    }
}

fn parse_denorm_mode(text: &str) -> Result<oclc_runtime_lite::vulkan::denorm::DenormMode, String> {
    text.parse()
}

fn parse_cl_std(text: &str) -> Result<ClStd, String> {
    if text.to_ascii_lowercase().starts_with("clc++") {
        return Err(format!(
            "'{text}': C++ for OpenCL is not supported (oclc compiles OpenCL C)"
        ));
    }
    ClStd::parse(text).ok_or_else(|| {
        format!("invalid value '{text}' (expected CL, CL1.0, CL1.1, CL1.2, CL2.0 or CL3.0)")
    })
}

fn parse_fp_contract(text: &str) -> Result<FpContract, String> {
    FpContract::parse(text).ok_or_else(|| format!("'{text}' (expected on, off or fast)"))
}

impl CompileArgs {
    /// The library options these arguments stand for.
    pub fn to_options(&self) -> CompileOptions {
        let mut werror = self.werror;
        let mut warning_flags = WarningFlags::default();
        warning_flags.extensions_are_errors = self.pedantic_errors;
        for w in &self.warning_options {
            match w.as_str() {
                "error" => werror = true,
                "no-error" => werror = false,
                _ => warning_flags.push(w),
            }
        }
        CompileOptions {
            defines: self.defines.clone(),
            undefines: self.undefines.clone(),
            include_dirs: self.include_dirs.clone(),
            cl_std: self.cl_std.unwrap_or_default(),
            opt_level: if self.opt_disable {
                0
            } else {
                // -g debugs the code as written unless a level is asked for.
                self.opt_level
                    .unwrap_or(if self.debug_info { 0 } else { 2 })
            },
            disabled_passes: self.disabled_passes.clone(),
            enabled_passes: self.enabled_passes.clone(),
            warnings: if self.no_warnings {
                WarningMode::Hide
            } else if werror {
                WarningMode::Error
            } else {
                WarningMode::Show
            },
            warning_flags,
            target: match self.target {
                TargetArg::Opencl => Target::OpenCl,
                TargetArg::Vulkan => Target::Vulkan,
                TargetArg::Cpu => Target::Cpu,
            },
            fast_relaxed_math: self.fast_relaxed_math,
            mad_enable: self.mad_enable,
            denorms_are_zero: self.denorms_are_zero,
            single_precision_constant: self.single_precision_constant,
            fp32_correctly_rounded_divide_sqrt: self.fp32_correctly_rounded_divide_sqrt,
            no_signed_zeros: self.no_signed_zeros,
            unsafe_math_optimizations: self.unsafe_math_optimizations,
            finite_math_only: self.finite_math_only,
            fp_contract: self.fp_contract.unwrap_or_default(),
            kernel_arg_info: self.kernel_arg_info,
            uniform_work_group_size: self.uniform_work_group_size,
            no_subgroup_ifp: self.no_subgroup_ifp,
            extensions: self.extensions.clone(),
            bracket_depth: self.bracket_depth,
            vulkan_denorm: self.vulkan_denorm,
            spirv_version: (1, 0),
            cpu_symbol_prefix: oclc_backend_cpu::object::DEFAULT_SYMBOL_PREFIX.to_string(),
            debug_info: self.debug_info,
        }
    }

    /// The warnings about options themselves (clang's, on stderr before compiling; `-w`
    /// hides them).
    pub fn option_warnings(&self, opts: &CompileOptions) -> Vec<String> {
        let mut w = Vec::new();
        if self.no_warnings {
            return w;
        }
        if self.strict_aliasing && opts.cl_std != ClStd::Cl10 {
            let v = opts.cl_std.version();
            w.push(format!(
                "warning: OpenCL C version {}.{} does not support the option \
                 '-cl-strict-aliasing'",
                v / 100,
                v / 10 % 10
            ));
        }
        w
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
    /// Output file ('-' for stdout); default: the input's stem with .spv (.o with -c, or
    /// for --target cpu)
    #[arg(short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Only check the source for errors; write nothing [spelled -fsyntax-only]
    #[arg(long = "fsyntax-only")]
    pub syntax_only: bool,
    /// Preprocess only and print the result
    #[arg(short = 'E')]
    pub preprocess_only: bool,
    /// Compile only (clang's -c: oclc has nothing to link); without -o the output is
    /// STEM.o, as clang names it
    #[arg(short = 'c')]
    pub compile_only: bool,
    #[command(flatten)]
    pub deps: DepArgs,
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

/// clang's dependency-file options (`-MD`, `-MF FILE`, ...), read by make, ninja and CMake.
#[derive(Args, Debug, Clone, Default)]
pub struct DepArgs {
    /// Print the dependencies (make rule) on stdout instead of compiling [spelled -M]
    #[arg(long = "M")]
    pub print_rule: bool,
    /// As -M, without system headers (oclc has none: the same list) [spelled -MM]
    #[arg(long = "MM")]
    pub print_rule_user: bool,
    /// Also write a dependency file (default: the output with .d) [spelled -MD]
    #[arg(long = "MD")]
    pub write_rule: bool,
    /// As -MD, without system headers (oclc has none: the same list) [spelled -MMD]
    #[arg(long = "MMD")]
    pub write_rule_user: bool,
    /// The dependency file to write [spelled -MF FILE]
    #[arg(long = "MF", value_name = "FILE")]
    pub depfile: Option<PathBuf>,
    /// The rule's target, as written (default: the output file) [spelled -MT TARGET]
    #[arg(long = "MT", value_name = "TARGET")]
    pub rule_targets: Vec<String>,
    /// The rule's target, quoted for make [spelled -MQ TARGET]
    #[arg(long = "MQ", value_name = "TARGET")]
    pub rule_quoted_targets: Vec<String>,
    /// Add an empty rule for each header, so make does not fail when one is deleted
    /// [spelled -MP]
    #[arg(long = "MP")]
    pub phony_headers: bool,
}

impl DepArgs {
    /// True when any dependency output was asked for.
    pub fn wanted(&self) -> bool {
        self.print_rule
            || self.print_rule_user
            || self.write_rule
            || self.write_rule_user
            || self.depfile.is_some()
    }
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

/// `oclc run --check` modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CheckArg {
    /// Run the launch to its end and report every defect (`--check`).
    All,
    /// Stop scheduling work-groups after the first defect.
    Stop,
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
    /// CPU device: compile the kernel again with the values of its by-value scalar and vector
    /// arguments as constants, cached by value (off by default; other devices ignore it)
    #[arg(long = "specialize-args", overrides_with = "specialize_args")]
    pub specialize_args: bool,
    /// CPU device: run checked code that reports out-of-bounds accesses, integer divisions
    /// by zero and misaligned accesses with their source line; exit status 1 when it found
    /// any. `--check=stop` stops at the first defect
    #[arg(long, value_enum, value_name = "MODE", num_args = 0..=1, require_equals = true,
          default_missing_value = "all")]
    pub check: Option<CheckArg>,
    #[command(flatten)]
    pub compile: CompileArgs,
}

impl RunCli {
    /// Whether the CPU device specialises kernels on argument values at optimisation level
    /// `opt_level`: when `--specialize-args` asks, except at `-O0`, whose pipeline would not
    /// fold the values.
    pub fn specializes_args(&self, opt_level: u8) -> bool {
        self.specialize_args && opt_level > 0
    }
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
