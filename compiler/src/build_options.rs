//! Compile options written back as option text: the OpenCL build options an OpenCL
//! driver's `clBuildProgram` understands (for `oclc run --device opencl`), and the full
//! oclc command line that reproduces a compilation (`-v`, `-###`).

use crate::options::{CompileOptions, FpContract, Target, WarningMode};

impl CompileOptions {
    /// The options of the OpenCL specification these options hold, in `clBuildProgram`'s
    /// spelling (`-D`, `-I` as given, `-cl-std=` (always), the `-cl-*` math and optimization
    /// options, `-w`/`-Werror`). oclc-only settings are left out.
    pub fn opencl_build_options(&self) -> Vec<String> {
        let mut o: Vec<String> = self.defines.iter().map(|d| format!("-D{d}")).collect();
        o.extend(
            self.include_dirs
                .iter()
                .map(|i| format!("-I{}", i.display())),
        );
        o.push(format!("-cl-std={}", self.cl_std.name()));
        let flags = [
            (self.opt_level == 0, "-cl-opt-disable"),
            (
                self.single_precision_constant,
                "-cl-single-precision-constant",
            ),
            (self.denorms_are_zero, "-cl-denorms-are-zero"),
            (
                self.fp32_correctly_rounded_divide_sqrt,
                "-cl-fp32-correctly-rounded-divide-sqrt",
            ),
            (self.mad_enable, "-cl-mad-enable"),
            (self.no_signed_zeros, "-cl-no-signed-zeros"),
            (
                self.unsafe_math_optimizations,
                "-cl-unsafe-math-optimizations",
            ),
            (self.finite_math_only, "-cl-finite-math-only"),
            (self.fast_relaxed_math, "-cl-fast-relaxed-math"),
            (self.kernel_arg_info, "-cl-kernel-arg-info"),
            (self.uniform_work_group_size, "-cl-uniform-work-group-size"),
            (self.no_subgroup_ifp, "-cl-no-subgroup-ifp"),
        ];
        o.extend(
            flags
                .iter()
                .filter(|(on, _)| *on)
                .map(|(_, f)| f.to_string()),
        );
        match self.warnings {
            WarningMode::Hide => o.push("-w".into()),
            WarningMode::Error => o.push("-Werror".into()),
            WarningMode::Show => {}
        }
        o
    }

    /// Every option as an oclc command line (without the input and `-o`): the OpenCL build
    /// options plus oclc's own (`-U`, `-O`, `-W` names, `-cl-ext=`, `-ffp-contract=`,
    /// `--target=`, ...), each spelled out even where it is the default.
    pub fn command_line(&self) -> Vec<String> {
        let mut o = self.opencl_build_options();
        o.extend(self.undefines.iter().map(|u| format!("-U{u}")));
        if self.opt_level != 0 {
            o.push(format!("-O{}", self.opt_level));
        }
        o.extend(self.warning_flags.options());
        o.extend(self.extensions.iter().map(|e| format!("-cl-ext={e}")));
        o.push(
            match self.fp_contract {
                FpContract::On => "-ffp-contract=on",
                FpContract::Off => "-ffp-contract=off",
                FpContract::Fast => "-ffp-contract=fast",
            }
            .into(),
        );
        if let Some(n) = self.bracket_depth {
            o.push(format!("-fbracket-depth={n}"));
        }
        o.push(format!(
            "--target={}",
            match self.target {
                Target::OpenCl => "opencl",
                Target::Vulkan => "vulkan",
                Target::Cpu => "cpu",
            }
        ));
        match self.target {
            Target::OpenCl => {
                let (a, b) = self.spirv_version;
                o.push(format!("--spirv-version={a}.{b}"));
            }
            Target::Vulkan => {
                use oclc_runtime_lite::vulkan::denorm::DenormMode;
                if let Some(m) = self.vulkan_denorm {
                    let name = match m {
                        DenormMode::Preserve => "preserve",
                        DenormMode::Flush => "flush",
                        DenormMode::Any => "any",
                    };
                    o.push(format!("--vulkan-denorm={name}"));
                }
            }
            Target::Cpu => o.push(format!("--cpu-symbol-prefix={}", self.cpu_symbol_prefix)),
        }
        o
    }
}
