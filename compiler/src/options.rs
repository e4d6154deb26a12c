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

/// The OpenCL C language version (`-cl-std`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum ClStd {
    /// OpenCL C 1.2 (the default).
    #[default]
    Cl12,
    /// OpenCL C 2.0.
    Cl20,
    /// OpenCL C 3.0.
    Cl30,
}

impl ClStd {
    /// Parses `CL1.2`, `CL2.0` or `CL3.0` (also `cl1.2`, `CL1.2`-style without the prefix).
    pub fn parse(text: &str) -> Option<ClStd> {
        let t = text.trim().to_ascii_uppercase();
        let t = t.strip_prefix("CL").unwrap_or(&t);
        match t {
            "1.2" | "1.0" | "1.1" => Some(ClStd::Cl12),
            "2.0" => Some(ClStd::Cl20),
            "3.0" => Some(ClStd::Cl30),
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

/// Everything that controls one compilation.
#[derive(Clone, Debug)]
pub struct CompileOptions {
    /// `-D` definitions: `NAME`, `NAME=VALUE` or `NAME(args)=BODY`, as written.
    pub defines: Vec<String>,
    /// `-I` directories, searched in order after the including file's directory.
    pub include_dirs: Vec<PathBuf>,
    /// `-cl-std`.
    pub cl_std: ClStd,
    /// `-O0` .. `-O3`.
    pub opt_level: u8,
    /// `-w` / `-Werror`.
    pub warnings: WarningMode,
    /// `--target`.
    pub target: Target,
    /// `-cl-fast-relaxed-math`.
    pub fast_relaxed_math: bool,
    /// `-cl-mad-enable`.
    pub mad_enable: bool,
    /// `-cl-denorms-are-zero`.
    pub denorms_are_zero: bool,
    /// `--vulkan-denorm`: the denormal mode stated in Vulkan modules (`None`: none, the
    /// launcher picks one per device).
    pub vulkan_denorm: Option<oclc_runtime_lite::vulkan::denorm::DenormMode>,
    /// `--spirv-version` as (major, minor).
    pub spirv_version: (u8, u8),
    /// `--cpu-symbol-prefix`: prepended to the C names of kernels in CPU object files.
    pub cpu_symbol_prefix: String,
    /// `-fbracket-depth=N`: the deepest nesting of brackets accepted (default 256).
    pub bracket_depth: u32,
}

impl CompileOptions {
    /// The denormal mode a Vulkan module states: `--vulkan-denorm`, else
    /// `DenormFlushToZero` under `-cl-denorms-are-zero`, else none.
    pub fn vulkan_denorm_mode(&self) -> Option<oclc_runtime_lite::vulkan::denorm::DenormMode> {
        use oclc_runtime_lite::vulkan::denorm::DenormMode;
        self.vulkan_denorm
            .or(self.denorms_are_zero.then_some(DenormMode::Flush))
    }
}

impl Default for CompileOptions {
    fn default() -> Self {
        CompileOptions {
            defines: Vec::new(),
            include_dirs: Vec::new(),
            cl_std: ClStd::default(),
            opt_level: 2,
            warnings: WarningMode::default(),
            target: Target::default(),
            fast_relaxed_math: false,
            mad_enable: false,
            denorms_are_zero: false,
            vulkan_denorm: None,
            spirv_version: (1, 0),
            cpu_symbol_prefix: oclc_backend_cpu::object::DEFAULT_SYMBOL_PREFIX.to_string(),
            bracket_depth: oclc_frontend::options::DEFAULT_BRACKET_DEPTH,
        }
    }
}
