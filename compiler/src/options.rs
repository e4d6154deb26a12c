//! Compile options shared by the `oclc` command line and the library API.

use std::path::PathBuf;

/// Which output a compilation produces.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Target {
    /// SPIR-V for OpenCL consumers (`clCreateProgramWithIL`).
    #[default]
    OpenCl,
    /// SPIR-V for Vulkan compute.
    Vulkan,
    /// Native code for this machine's CPU.
    Cpu,
}

pub use oclc_frontend::options::ClStd;
pub use oclc_frontend::warning_flags::WarningFlags;

/// How `a * b + c` may become one fused operation (`-ffp-contract`; OpenCL C's
/// `#pragma OPENCL FP_CONTRACT`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum FpContract {
    /// Within one expression, unless the source says `#pragma OPENCL FP_CONTRACT OFF`
    /// (OpenCL C's default).
    #[default]
    On,
    /// Never, as if the source began with `#pragma OPENCL FP_CONTRACT OFF`.
    Off,
    /// Always allowed, even under `#pragma OPENCL FP_CONTRACT OFF` (as `-cl-mad-enable`).
    Fast,
}

impl FpContract {
    /// Parses `on`, `off` or `fast` (also clang's `fast-honor-pragmas`, which oclc treats as
    /// `on`: it contracts only within an expression anyway).
    pub fn parse(text: &str) -> Option<FpContract> {
        match text {
            "on" | "fast-honor-pragmas" => Some(FpContract::On),
            "off" => Some(FpContract::Off),
            "fast" => Some(FpContract::Fast),
            _ => None,
        }
    }
}

/// What to do with warnings.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum WarningMode {
    /// Print them.
    #[default]
    Show,
    /// Suppress them (`-w`).
    Hide,
    /// Treat them as errors (`-Werror`).
    Error,
}

/// Everything that controls one compilation. The OpenCL build options
/// (`clBuildProgram`'s) keep their specification meaning; those that only permit a
/// transformation (relaxed math) are permissions that a target may or may not use.
#[derive(Clone, Debug)]
pub struct CompileOptions {
    /// `-D` definitions: `NAME`, `NAME=VALUE` or `NAME(args)=BODY`, as written.
    pub defines: Vec<String>,
    /// `-U` names, applied after the definitions.
    pub undefines: Vec<String>,
    /// `-I` directories, searched in order after the including file's directory.
    pub include_dirs: Vec<PathBuf>,
    /// `-cl-std`.
    pub cl_std: ClStd,
    /// `-O0` .. `-O3` (`-cl-opt-disable` is `-O0`).
    pub opt_level: u8,
    /// `--disable-pass`: passes of the target's pipeline switched off, by name.
    pub disabled_passes: Vec<String>,
    /// `--enable-pass`: opt-in passes (`oclc_ir::opt::OPT_IN_PASSES`) added to the target's
    /// pipeline, by name.
    pub enabled_passes: Vec<String>,
    /// `-w` / `-Werror`.
    pub warnings: WarningMode,
    /// `-WNAME`, `-Wno-NAME`, `-Werror=NAME`, `-Wno-error=NAME`, `-pedantic`, in order.
    pub warning_flags: WarningFlags,
    /// `--target`.
    pub target: Target,
    /// `-cl-fast-relaxed-math`: `-cl-finite-math-only` and `-cl-unsafe-math-optimizations`
    /// together, and `__FAST_RELAXED_MATH__`.
    pub fast_relaxed_math: bool,
    /// `-cl-mad-enable`: `a * b + c` may be computed with reduced accuracy (fused or not).
    pub mad_enable: bool,
    /// `-cl-denorms-are-zero`: single- (and double-) precision denormals may be flushed.
    pub denorms_are_zero: bool,
    /// `-cl-single-precision-constant`: unsuffixed floating constants are `float`
    /// (front end).
    pub single_precision_constant: bool,
    /// `-cl-fp32-correctly-rounded-divide-sqrt`: single-precision division and `sqrt` must
    /// be correctly rounded. The CPU target always is (IEEE instructions); SPIR-V for
    /// OpenCL leaves it to the consumer (pass the option to `clBuildProgram` too); Vulkan
    /// refuses it until its division is (its `OpFDiv` allows 2.5 ulp).
    pub fp32_correctly_rounded_divide_sqrt: bool,
    /// `-cl-no-signed-zeros`: the sign of a zero result may be ignored.
    pub no_signed_zeros: bool,
    /// `-cl-unsafe-math-optimizations`: arguments and results may be assumed valid, IEEE
    /// and OpenCL's precision rules may be violated (implies `-cl-no-signed-zeros` and
    /// `-cl-mad-enable`).
    pub unsafe_math_optimizations: bool,
    /// `-cl-finite-math-only`: arguments and results may be assumed not NaN nor infinite
    /// (`__FINITE_MATH_ONLY__` is 1).
    pub finite_math_only: bool,
    /// `-ffp-contract=on|off|fast`.
    pub fp_contract: FpContract,
    /// `-cl-kernel-arg-info`: keep each kernel argument's name, type name and qualifiers
    /// (SPIR-V for OpenCL always names the parameters; the Vulkan reflection adds the
    /// address, access and type qualifiers).
    pub kernel_arg_info: bool,
    /// `-cl-uniform-work-group-size`: every launch's global size is a multiple of its
    /// local size (`oclc run` refuses others, naming the option; oclc's launchers require
    /// it anyway, as OpenCL 1.2 does).
    pub uniform_work_group_size: bool,
    /// `-cl-no-subgroup-ifp`: sub-groups need not make independent forward progress
    /// (oclc's code never relies on it, so nothing changes).
    pub no_subgroup_ifp: bool,
    /// `-cl-ext=+name,-name,...` edits of the predefined extensions, in order.
    pub extensions: Vec<String>,
    /// `-fbracket-depth=N`: the front end's nesting limit (None: its default).
    pub bracket_depth: Option<u32>,
    /// `--vulkan-denorm`: the denormal mode stated in Vulkan modules (`None`: none, the
    /// launcher picks one per device).
    pub vulkan_denorm: Option<oclc_runtime_lite::vulkan::denorm::DenormMode>,
    /// `--spirv-version` as (major, minor).
    pub spirv_version: (u8, u8),
    /// `--cpu-symbol-prefix`: prepended to the C names of kernels in CPU object files.
    pub cpu_symbol_prefix: String,
    /// `-g`: debug information (DWARF in CPU objects, one work-item at a time; the
    /// command line makes `-O0` the default level under `-g`).
    pub debug_info: bool,
}

impl CompileOptions {
    /// The denormal mode a Vulkan module states: `--vulkan-denorm`, else
    /// `DenormFlushToZero` under `-cl-denorms-are-zero`, else none.
    pub fn vulkan_denorm_mode(&self) -> Option<oclc_runtime_lite::vulkan::denorm::DenormMode> {
        use oclc_runtime_lite::vulkan::denorm::DenormMode;
        self.vulkan_denorm
            .or(self.denorms_are_zero.then_some(DenormMode::Flush))
    }

    /// Checks the combination before compiling: the `-cl-ext` edits, and options a target
    /// cannot honour yet (a usage error, exit status 2).
    pub fn validate(&self) -> Result<(), String> {
        oclc_frontend::extensions::ExtensionSet::new(self.cl_std, &self.extensions)?;
        if self.fp32_correctly_rounded_divide_sqrt && self.target == Target::Vulkan {
            return Err(
                "-cl-fp32-correctly-rounded-divide-sqrt is not supported with \
                 --target vulkan yet: Vulkan's float division (OpFDiv) allows 2.5 ulp and \
                 oclc's library has no correctly rounded one (sqrt is correctly rounded)"
                    .into(),
            );
        }
        Ok(())
    }

    /// Reassociation and the other unsafe rewrites are allowed (`-cl-fast-relaxed-math`
    /// or `-cl-unsafe-math-optimizations`).
    pub fn allows_unsafe_math(&self) -> bool {
        self.fast_relaxed_math || self.unsafe_math_optimizations
    }

    /// NaNs and infinities may be assumed absent.
    pub fn allows_finite_math_only(&self) -> bool {
        self.fast_relaxed_math || self.finite_math_only
    }

    /// The sign of zero may be ignored.
    pub fn allows_no_signed_zeros(&self) -> bool {
        self.allows_unsafe_math() || self.no_signed_zeros
    }

    /// `a * b + c` may be fused even where the source turned contraction off
    /// (`-cl-mad-enable`, implied by the unsafe-math options, or `-ffp-contract=fast`).
    pub fn allows_mad(&self) -> bool {
        self.mad_enable || self.allows_unsafe_math() || self.fp_contract == FpContract::Fast
    }
}

impl Default for CompileOptions {
    fn default() -> Self {
        CompileOptions {
            defines: Vec::new(),
            undefines: Vec::new(),
            include_dirs: Vec::new(),
            cl_std: ClStd::default(),
            opt_level: 2,
            disabled_passes: Vec::new(),
            enabled_passes: Vec::new(),
            warnings: WarningMode::default(),
            warning_flags: WarningFlags::default(),
            target: Target::default(),
            fast_relaxed_math: false,
            mad_enable: false,
            denorms_are_zero: false,
            single_precision_constant: false,
            fp32_correctly_rounded_divide_sqrt: false,
            no_signed_zeros: false,
            unsafe_math_optimizations: false,
            finite_math_only: false,
            fp_contract: FpContract::default(),
            kernel_arg_info: false,
            uniform_work_group_size: false,
            no_subgroup_ifp: false,
            extensions: Vec::new(),
            bracket_depth: None,
            vulkan_denorm: None,
            spirv_version: (1, 0),
            cpu_symbol_prefix: oclc_backend_cpu::object::DEFAULT_SYMBOL_PREFIX.to_string(),
            debug_info: false,
        }
    }
}
