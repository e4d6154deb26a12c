//! Compiling one kernel file for the chosen targets, through the `oclc` library.

use std::path::{Path, PathBuf};

use oclc::driver::{self, Stages};
use oclc::CompileOptions;

use crate::Target;

/// One kernel file compiled for the chosen targets.
pub struct Compiled {
    /// The file as given to [`crate::Build::file`].
    pub source: PathBuf,
    /// Its IR as lowered (kernel signatures).
    pub module: oclc_ir::Module,
    /// The CPU object (`Target::Cpu`).
    pub cpu: Option<oclc_backend_cpu::CpuObject>,
    /// The Vulkan module (`Target::Vulkan`).
    pub vulkan: Option<oclc_backend_spirv::VulkanModule>,
    /// The OpenCL SPIR-V module (`Target::OpenCl`).
    pub opencl: Option<Vec<u32>>,
    /// Rendered warnings.
    pub warnings: String,
}

impl Compiled {
    /// The Vulkan module's words, if built.
    pub fn vulkan_words(&self) -> Option<&[u32]> {
        self.vulkan.as_ref().map(|v| v.words.as_slice())
    }
}

/// Compiles `path` for `targets`; `dependencies` receives every file read.
pub fn compile_file(
    path: &Path,
    opts: &CompileOptions,
    targets: &[Target],
    dependencies: &mut Vec<PathBuf>,
) -> Result<Compiled, String> {
    let mut stages = Stages::default();
    let lowered = driver::lower_file(path, opts, &mut stages);
    dependencies.extend(stages.dependencies.iter().cloned());
    if stages.dependencies.is_empty() {
        dependencies.push(path.to_path_buf());
    }
    let lowered = lowered.map_err(|e| e.to_string())?;
    let mut out = Compiled {
        source: path.to_path_buf(),
        module: lowered.module.clone(),
        cpu: None,
        vulkan: None,
        opencl: None,
        warnings: lowered.warnings.clone(),
    };
    for target in targets {
        let mut stages = Stages::default();
        match target {
            Target::Cpu => {
                let o = driver::emit_cpu_object(&lowered, opts, &mut stages);
                out.cpu = Some(o.map_err(|e| e.to_string())?);
            }
            Target::Vulkan => {
                let v = driver::emit_vulkan_spirv(&lowered, opts, &mut stages);
                out.vulkan = Some(v.map_err(|e| e.to_string())?);
            }
            Target::OpenCl => {
                let w = driver::emit_opencl_spirv(&lowered, opts, &mut stages);
                out.opencl = Some(w.map_err(|e| e.to_string())?);
            }
        }
    }
    Ok(out)
}
